package dev.animus.sdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

class PluginDefinitionTest {

    private final PluginDefinition echo = PluginDefinition.of("echo", "0.1.0", "custom", "");

    @Test
    void aNameOutsideTheManifestGrammarIsRejectedNamingTheField() {
        var e = assertThrows(IllegalArgumentException.class, () -> PluginDefinition.of("Echo!", "0.1.0", "custom", ""));
        assertTrue(e.getMessage().startsWith("name:"), e.getMessage());
    }

    @Test
    void versionsMustBeStrictSemver() {
        assertThrows(IllegalArgumentException.class, () -> PluginDefinition.of("echo", "1.0", "custom", ""));
        assertThrows(IllegalArgumentException.class, () -> echo.withProtocolVersion("01.1.0"));
    }

    @Test
    void aManifestExtraCannotReplaceAFieldOfTheDefinition() {
        assertThrows(
                IllegalArgumentException.class,
                () -> echo.withManifestExtra("name", JsonNodeFactory.instance.stringNode("other")));
    }

    @Test
    void theManifestCarriesEnvRequirementsFlagsAndExtras() {
        var definition = echo.withEnvRequired(new EnvRequirement("API_TOKEN", "the token", true, true))
                .withCapabilityFlags("$ui/web")
                .withManifestExtra("hooks", JsonNodeFactory.instance.arrayNode().add("route.skills"));
        JsonNode manifest =
                Plugin.builder(definition).method("go", r -> null).build().manifest();
        assertEquals(
                "[{\"name\":\"API_TOKEN\",\"description\":\"the token\",\"sensitive\":true,\"required\":true}]",
                manifest.get("env_required").toString());
        assertEquals(
                "[\"$/ping\",\"health/check\",\"go\",\"$ui/web\"]",
                manifest.get("capabilities").toString());
        assertEquals("[\"route.skills\"]", manifest.get("hooks").toString());
        assertEquals("", manifest.get("description").asString());
    }

    @Test
    void lifecycleMethodsAndDuplicatesCannotBeRegistered() {
        assertThrows(IllegalArgumentException.class, () -> Plugin.builder(echo).method("initialize", r -> null));
        assertThrows(IllegalArgumentException.class, () -> Plugin.builder(echo).method("$/ping", r -> null));
        assertThrows(
                IllegalArgumentException.class,
                () -> Plugin.builder(echo).method("a", r -> null).rawMethod("a", (r, o) -> {}));
    }
}
