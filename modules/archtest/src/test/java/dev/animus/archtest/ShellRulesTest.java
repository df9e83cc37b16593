package dev.animus.archtest;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shell is a front end: it reaches services only through runtime's application API, with
 * core's values (docs/architecture.md, "Modules"). It names no adapter type and no type of the
 * capability modules, so another front end (a daemon, an MCP bridge) can offer the same use cases.
 */
class ShellRulesTest {
    @Test
    void theShellImportsNoAdapterAndNoCapabilityPackage() {
        List<String> below = new ArrayList<>(BuiltClasses.ADAPTERS);
        below.addAll(BuiltClasses.CAPABILITIES);
        noClasses()
                .that()
                .resideInAPackage("dev.animus.shell..")
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(BuiltClasses.withSubpackages(below))
                .because("the shell reaches services only through runtime's API")
                .check(BuiltClasses.main());
    }
}
