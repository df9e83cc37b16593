package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.module.ModuleDescriptor;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Freezes core's module descriptor: changing it is a design decision, not an accident. */
class CoreModuleTest {
    private final ModuleDescriptor descriptor = SemVer.class.getModule().getDescriptor();

    @Test
    void coreIsANamedModuleCalledDevAnimusCore() {
        assertEquals("dev.animus.core", descriptor.name());
        assertTrue(!descriptor.isAutomatic() && !descriptor.isOpen());
    }

    @Test
    void coreRequiresNothingButJavaBase() {
        Set<String> requires = descriptor.requires().stream()
                .map(ModuleDescriptor.Requires::name)
                .collect(Collectors.toSet());
        assertEquals(Set.of("java.base"), requires);
    }

    @Test
    void coreExportsExactlyItsApiPackagesUnqualified() {
        Set<String> exports = descriptor.exports().stream()
                .peek(e -> assertTrue(!e.isQualified(), "qualified export: " + e))
                .map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet());
        assertEquals(Set.of("dev.animus.core"), exports);
    }

    @Test
    void coreOpensNothingProvidesNothingUsesNothing() {
        assertEquals(Set.of(), descriptor.opens());
        assertEquals(Set.of(), descriptor.provides());
        assertEquals(Set.of(), descriptor.uses());
    }
}
