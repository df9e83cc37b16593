package dev.animus.archtest;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shell is a front end: it reaches services only through runtime's application API
 * (docs/architecture.md, "The application API"), so another front end (the daemon, an MCP bridge)
 * can offer the same use cases. It names no adapter type at all; of the capability modules it
 * names only the API's vocabulary, which runtime re-exports: values (records, enums, sealed
 * families of them) and failures. The daemon, a front end too, keeps the same two rules.
 */
class ShellRulesTest {
    /** The front ends' packages. */
    private static final List<String> FRONT_ENDS = List.of("dev.animus.shell..", "dev.animus.daemon..");

    @Test
    void theFrontEndsDependOnNoAdapter() {
        for (String frontEnd : FRONT_ENDS) {
            // the daemon answers the control protocol: rpc's server role (a handler table, the requests
            // it answers) is its transport's vocabulary, as picocli's is the shell's (decision 035)
            List<String> forbidden = BuiltClasses.ADAPTERS.stream()
                    .filter(a -> !(frontEnd.equals("dev.animus.daemon..") && a.equals("dev.animus.rpc")))
                    .toList();
            noClasses()
                    .that()
                    .resideInAPackage(frontEnd)
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(BuiltClasses.withSubpackages(forbidden))
                    .because("a front end reaches services only through runtime's API")
                    .check(BuiltClasses.main());
        }
    }

    @Test
    void theShellNamesOnlyTheControlProtocolsValues() {
        noClasses()
                .that()
                .resideInAPackage("dev.animus.shell..")
                .should()
                .dependOnClassesThat(DescribedPredicate.describe(
                        "are services of the control module (its client and server belong to the daemon)",
                        c -> c.getPackageName().startsWith("dev.animus.control") && !value(c)))
                .because("the shell reaches the daemon through the daemon module's client, DaemonLink")
                .check(BuiltClasses.main());
    }

    @Test
    void theFrontEndsNameOnlyValuesAndFailuresOfTheCapabilities() {
        for (String frontEnd : FRONT_ENDS) {
            noClasses()
                    .that()
                    .resideInAPackage(frontEnd)
                    .should()
                    .dependOnClassesThat(service())
                    .because("a capability's services are reached through runtime's API; only its values and"
                            + " failures are the API's vocabulary")
                    .check(BuiltClasses.main());
        }
    }

    /** A class of a capability package that is not a value or a failure. */
    private static DescribedPredicate<JavaClass> service() {
        return DescribedPredicate.describe(
                "are services of a capability package (not a record, enum, failure or sealed family of them)",
                c -> inCapability(c) && !value(c));
    }

    private static boolean inCapability(JavaClass c) {
        String pkg = c.getPackageName();
        return BuiltClasses.CAPABILITIES.stream().anyMatch(p -> pkg.equals(p) || pkg.startsWith(p + "."));
    }

    private static boolean value(JavaClass c) {
        JavaClass type = c.isArray() ? c.getBaseComponentType() : c;
        if (type.isRecord() || type.isEnum()) {
            return true;
        }
        // the JDK's classes are not imported, so a failure's supertypes are read by reflection
        Class<?> reflected;
        try {
            reflected = Class.forName(type.getName(), false, ShellRulesTest.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            return false;
        }
        return valueOrFailure(reflected);
    }

    /** A record, an enum, a failure, or a sealed type every permitted subclass of which is one of them. */
    private static boolean valueOrFailure(Class<?> c) {
        if (c.isRecord() || c.isEnum() || Throwable.class.isAssignableFrom(c)) {
            return true;
        }
        if (!c.isSealed()) {
            return false;
        }
        for (Class<?> sub : c.getPermittedSubclasses()) {
            if (!valueOrFailure(sub)) {
                return false;
            }
        }
        return true;
    }
}
