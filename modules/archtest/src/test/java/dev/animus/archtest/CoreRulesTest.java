package dev.animus.archtest;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Core, the pure domain (docs/architecture.md, "Modules"): java.base only; no I/O, threads or clock
 * reads. Time comes in as a value, so every timing rule is testable on a fake clock.
 */
class CoreRulesTest {
    private static final JavaClasses CORE =
            BuiltClasses.main().that(JavaClass.Predicates.resideInAPackage("dev.animus.core.."));

    private static final Set<String> JAVA_BASE =
            ModuleLayer.boot().findModule("java.base").orElseThrow().getPackages();

    @Test
    void coreUsesOnlyJavaBase() {
        noClasses()
                .should()
                .dependOnClassesThat(DescribedPredicate.describe(
                        "are neither in core nor in java.base",
                        (JavaClass c) -> !c.getPackageName().startsWith("dev.animus.core")
                                && !JAVA_BASE.contains(c.getPackageName())))
                .check(CORE);
    }

    @Test
    void coreDoesNoIo() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("java.nio.file..", "java.nio.channels..", "java.net..")
                .orShould()
                .dependOnClassesThat()
                .haveNameMatching("java\\.io\\.(File|Random|Console|Print).*|java\\.lang\\.(Process|System)")
                .check(CORE);
    }

    @Test
    void coreStartsNoThreadAndReadsNoClock() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("java.util.concurrent..")
                .orShould()
                .dependOnClassesThat()
                .haveNameMatching("java\\.lang\\.Thread.*|java\\.time\\.Clock|java\\.time\\.InstantSource")
                .orShould()
                .callMethodWhere(DescribedPredicate.describe(
                        "reads the clock (now())",
                        call -> call.getTarget().getName().equals("now")
                                && call.getTargetOwner().getPackageName().equals("java.time")))
                .check(CORE);
    }
}
