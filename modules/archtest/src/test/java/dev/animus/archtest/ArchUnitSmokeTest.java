package dev.animus.archtest;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** ArchUnit reads the built modules: core, the pure domain, uses nothing outside java.base. */
class ArchUnitSmokeTest {
    @Test
    void coreUsesOnlyJavaBase() {
        JavaClasses core = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.animus.core");
        noClasses().should().dependOnClassesThat().resideOutsideOfPackages("dev.animus.core..", "java..")
                .check(core);
    }
}
