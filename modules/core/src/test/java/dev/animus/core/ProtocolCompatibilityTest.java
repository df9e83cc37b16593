package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ProtocolCompatibilityTest {

    @ParameterizedTest
    @ValueSource(strings = {"1.1.0", "1.0.0", "1.9.3", "1.1.0-rc.1", "1.2.0+build"})
    void acceptsMinorAndPatchDriftWithinTheMajor(String plugin) {
        assertInstanceOf(ProtocolCompatibility.Compatible.class, ProtocolCompatibility.check("1.1.0", plugin));
    }

    @ParameterizedTest
    @ValueSource(strings = {"2.0.0", "0.9.0", "3.1.0"})
    void refusesAnotherMajorNamingBothVersions(String plugin) {
        var v = assertInstanceOf(
                ProtocolCompatibility.Incompatible.class, ProtocolCompatibility.check("1.1.0", plugin));
        assertTrue(v.message().contains("1.1.0") && v.message().contains(plugin), v.message());
    }

    @ParameterizedTest
    @ValueSource(strings = {"1", "1.1", "one", "", "1.1.0.0"})
    void refusesAVersionThatIsNotSemver(String plugin) {
        var v = assertInstanceOf(
                ProtocolCompatibility.Incompatible.class, ProtocolCompatibility.check("1.1.0", plugin));
        assertEquals(plugin, v.plugin());
        assertTrue(v.message().contains("'" + plugin + "'") && v.message().contains("1.1.0"), v.message());
    }
}
