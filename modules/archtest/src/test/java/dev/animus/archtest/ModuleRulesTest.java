package dev.animus.archtest;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The dependency rule of docs/architecture.md, "Modules", on the classes themselves (the module
 * descriptors are checked by {@link ModuleGraphTest}): a descriptor allows a whole module, these
 * rules also catch a class that reaches a package through another module's {@code requires
 * transitive}.
 */
class ModuleRulesTest {
    private static String[] ourPackagesBut(String... allowed) {
        List<String> all = new ArrayList<>(BuiltClasses.ADAPTERS);
        all.addAll(BuiltClasses.CAPABILITIES);
        all.addAll(BuiltClasses.TEST_SUPPORT);
        all.addAll(BuiltClasses.PLUGINS);
        all.addAll(List.of(
                "dev.animus.core",
                "dev.animus.json",
                "dev.animus.runtime",
                "dev.animus.daemon",
                "dev.animus.shell",
                "dev.animus.sdk",
                "dev.animus.examples"));
        all.removeAll(List.of(allowed));
        return BuiltClasses.withSubpackages(all);
    }

    private static ArchRule usesOnly(String module, String... allowed) {
        List<String> with = new ArrayList<>(List.of(allowed));
        with.add(module);
        return noClasses()
                .that()
                .resideInAPackage(module + "..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(ourPackagesBut(with.toArray(String[]::new)));
    }

    @Test
    void adaptersDependOnCoreOnlyAndNeverOnEachOther() {
        List<ArchRule> rules = new ArrayList<>();
        for (String adapter : BuiltClasses.ADAPTERS) {
            rules.add(
                    switch (adapter) {
                        case "dev.animus.rpc" -> usesOnly(adapter, "dev.animus.core", "dev.animus.json");
                        case "dev.animus.sigstore" -> usesOnly(adapter); // nothing of ours
                        default -> usesOnly(adapter, "dev.animus.core");
                    });
        }
        CompositeArchRule.of(rules).check(BuiltClasses.main());
    }

    @Test
    void jsonUsesNothingOfOurs() {
        usesOnly("dev.animus.json").check(BuiltClasses.main());
    }

    @Test
    void providersUseCoreHostAndRpcOnly() {
        usesOnly("dev.animus.providers", "dev.animus.core", "dev.animus.host", "dev.animus.rpc", "dev.animus.json")
                .check(BuiltClasses.main());
    }

    @Test
    void theRouterUsesCoreOnly() {
        usesOnly("dev.animus.router", "dev.animus.core").check(BuiltClasses.main());
    }

    @Test
    void theSdkUsesCoreAndJsonOnly() {
        usesOnly("dev.animus.sdk", "dev.animus.core", "dev.animus.json").check(BuiltClasses.main());
    }

    @Test
    void firstPartyPluginsUseTheSdkAndWhatItBringsOnly() {
        CompositeArchRule.of(BuiltClasses.PLUGINS.stream()
                        .map(plugin -> usesOnly(plugin, "dev.animus.sdk", "dev.animus.core"))
                        .toList())
                .check(BuiltClasses.main());
    }

    @Test
    void nothingUsesAFirstPartyPlugin() {
        noClasses()
                .that()
                .resideOutsideOfPackages(BuiltClasses.withSubpackages(BuiltClasses.PLUGINS))
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(BuiltClasses.withSubpackages(BuiltClasses.PLUGINS))
                .check(BuiltClasses.main());
    }

    @Test
    void nothingButTheShellUsesTheShell() {
        noClasses()
                .that()
                .resideOutsideOfPackage("dev.animus.shell..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("dev.animus.shell..")
                .check(BuiltClasses.main());
    }

    @Test
    void onlyFrontEndsUseRuntime() {
        noClasses()
                .that()
                .resideOutsideOfPackages("dev.animus.runtime..", "dev.animus.shell..", "dev.animus.daemon..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("dev.animus.runtime..")
                .check(BuiltClasses.main());
    }

    @Test
    void mainCodeNeverUsesTheTestSupportModules() {
        List<String> testSupport = BuiltClasses.TEST_SUPPORT;
        noClasses()
                .that()
                .resideOutsideOfPackages(BuiltClasses.withSubpackages(testSupport))
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(BuiltClasses.withSubpackages(testSupport))
                .check(BuiltClasses.main());
    }
}
