package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ManifestValidatorTest {
    static final String SOURCE = "/p/x/Plugin.toml";

    static Map<String, Object> minimal() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "my-plugin");
        m.put("version", "1.2.3");
        m.put("plugin_kind", "provider");
        m.put("description", "");
        m.put("protocol_version", "1.1.0");
        return m;
    }

    static Map<String, Object> full() {
        Map<String, Object> m = minimal();
        m.put("plugin_kinds", List.of("subject_backend", "future_kind"));
        m.put("description", "Runs agents.");
        m.put("capabilities", List.of("agent/run", "$/ping", "subject_kind:task", "$ui/web", "$acme/x"));
        m.put(
                "env_required",
                List.of(
                        Map.of("name", "API_KEY", "description", "the key", "sensitive", true, "required", true),
                        Map.of("name", "REGION")));
        m.put("notification_buffer_size", 512L);
        m.put("timeouts", Map.of("launch", "2s", "agent/run", "30m", "idle", "1m30s"));
        m.put("hooks", List.of("route.skills", "classify.page"));
        m.put("policy_hooks", List.of("classify.command-risk"));
        m.put("events", List.of("session-start", "tool-end"));
        m.put("network", Map.of("destinations", List.of("API.example.com:443", "93.184.216.34:8080")));
        m.put("data_sent", List.of("prompt text"));
        m.put(
                "secrets",
                List.of(
                        Map.of("name", "github.token", "required", true),
                        Map.of("name", "other", "env", "OTHER_VAR", "description", "d")));
        m.put("entry", "./bin/x");
        return m;
    }

    static Manifest valid(Map<String, Object> raw) {
        return ManifestValidator.validate(raw, SOURCE, UnknownKeys.REJECT, false)
                .manifest();
    }

    static ManifestInvalid invalid(Map<String, Object> raw) {
        return assertThrows(
                ManifestInvalid.class, () -> ManifestValidator.validate(raw, SOURCE, UnknownKeys.REJECT, false));
    }

    @Nested
    class AcceptsValidManifests {

        @Test
        void aMinimalManifestHasEmptyListsAndNoOptionals() {
            Manifest m = valid(minimal());
            assertEquals("my-plugin", m.name());
            assertEquals(SemVer.parse("1.2.3").orElseThrow(), m.version());
            assertEquals(new PluginKind("provider"), m.kind());
            assertEquals("", m.description());
            assertEquals(List.of(), m.capabilities());
            assertEquals(List.of(), m.envRequired());
            assertEquals(OptionalInt.empty(), m.notificationBufferSize());
            assertEquals(TimeoutTable.defaults(), m.timeouts());
            assertEquals(List.of(), m.networkDestinations());
            assertEquals(List.of(), m.secrets());
            assertEquals(Optional.empty(), m.entry());
        }

        @Test
        void aFullManifestKeepsEveryFieldNormalised() {
            Manifest m = valid(full());
            assertEquals(List.of(new PluginKind("subject_backend"), new PluginKind("future_kind")), m.extraKinds());
            assertEquals(
                    List.of(
                            new EnvDeclaration("API_KEY", "the key", true, true),
                            new EnvDeclaration("REGION", "", false, false)),
                    m.envRequired());
            assertEquals(OptionalInt.of(512), m.notificationBufferSize());
            assertEquals(Duration.ofSeconds(2), m.timeouts().launch());
            assertEquals(Duration.ofSeconds(90), m.timeouts().idle());
            assertEquals(Optional.of(Duration.ofMinutes(30)), m.timeouts().forMethod("agent/run"));
            assertEquals(List.of("route.skills", "classify.page"), m.hooks());
            assertEquals(List.of("93.184.216.34:8080", "api.example.com"), m.networkDestinations());
            assertEquals(
                    List.of(
                            new SecretDeclaration("github.token", "GITHUB_TOKEN", true, ""),
                            new SecretDeclaration("other", "OTHER_VAR", false, "d")),
                    m.secrets());
            assertEquals(Optional.of("bin/x"), m.entry());
        }

        @Test
        void numbersOfEveryTypeAreReadAsTheSameWholeNumber() {
            for (Object n : List.of(7, 7L, 7.0, new BigDecimal("7.00"), (short) 7)) {
                Map<String, Object> raw = minimal();
                raw.put("notification_buffer_size", n);
                assertEquals(
                        OptionalInt.of(7),
                        valid(raw).notificationBufferSize(),
                        n.getClass().getName());
            }
        }

        @Test
        void theBufferSizeBoundsAreInclusive() {
            for (int n : new int[] {1, 65_536}) {
                Map<String, Object> raw = minimal();
                raw.put("notification_buffer_size", n);
                assertEquals(OptionalInt.of(n), valid(raw).notificationBufferSize());
            }
        }

        @Test
        void anEntryIsValidatedAndKeptEvenWhenNotRequired() {
            Map<String, Object> raw = minimal();
            raw.put("entry", "./bin/./run.sh");
            assertEquals(Optional.of("bin/run.sh"), valid(raw).entry());
        }
    }

    @Nested
    class RejectsInvalidManifests {

        @ParameterizedTest(name = "{0}")
        @MethodSource("dev.animus.core.ManifestValidatorTest#brokenRules")
        void everyBrokenRuleNamesTheSourceAndTheFieldPath(
                String what, Map<String, Object> raw, String field, String fragment) {
            ManifestInvalid e = invalid(raw);
            assertEquals(SOURCE, e.source(), e.getMessage());
            assertEquals(field, e.field(), e.getMessage());
            assertTrue(e.getMessage().startsWith(SOURCE + ": " + field + ": "), e.getMessage());
            assertTrue(e.reason().contains(fragment), () -> "expected '" + fragment + "' in: " + e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }

    static Stream<Arguments> brokenRules() {
        return Stream.of(
                        ManifestRuleCases.identity(),
                        ManifestRuleCases.contract(),
                        ManifestRuleCases.advice(),
                        ManifestRuleCases.disclosure(),
                        ManifestRuleCases.entry())
                .flatMap(s -> s);
    }

    /** {@code base} changed by {@code change}, as one named case expecting {@code field} and {@code fragment}. */
    static Arguments rule(
            String what,
            Map<String, Object> base,
            Consumer<Map<String, Object>> change,
            String field,
            String fragment) {
        Map<String, Object> raw = new LinkedHashMap<>(base);
        change.accept(raw);
        return Arguments.of(what, raw, field, fragment);
    }

    @Nested
    class UnknownTopLevelKeys {

        @Test
        void rejectModeNamesTheKeyAndTheKnownKeyItMisspells() {
            Map<String, Object> raw = minimal();
            raw.put("polcy_hooks", List.of());
            ManifestInvalid e = invalid(raw);
            assertEquals("polcy_hooks", e.field());
            assertTrue(e.reason().contains("did you mean 'policy_hooks'?"), e.getMessage());
        }

        @Test
        void anEmptyKeyIsNamedQuotedNotAsAnEmptyField() {
            Map<String, Object> raw = minimal();
            raw.put("", 1);
            ManifestInvalid e = invalid(raw);
            assertEquals("\"\"", e.field());
            assertTrue(e.getMessage().startsWith(SOURCE + ": \"\": is not a known key"), e.getMessage());
        }

        @Test
        void aCamelCasedKeyIsSuggestedItsSnakeCase() {
            Map<String, Object> raw = minimal();
            raw.put("protocolVersion", "1.1.0");
            assertTrue(invalid(raw).reason().contains("'protocol_version'"));
        }

        @Test
        void aKeyFarFromEveryKnownKeyListsTheKnownKeys() {
            Map<String, Object> raw = minimal();
            raw.put("homepage", "https://example.com");
            ManifestInvalid e = invalid(raw);
            assertEquals("homepage", e.field());
            assertTrue(e.reason().contains("the keys are name, version"), e.getMessage());
        }

        @Test
        void warnModeIgnoresTheKeyWithOneWarningNamingSourceAndKey() {
            Map<String, Object> raw = minimal();
            raw.put("homepage", "https://example.com");
            raw.put("x_future", Map.of("a", 1));
            ManifestCheck check = ManifestValidator.validate(raw, "/p/x --manifest", UnknownKeys.WARN, false);
            assertEquals(valid(minimal()), check.manifest());
            assertEquals(
                    List.of(
                            "/p/x --manifest: unknown key 'homepage' ignored",
                            "/p/x --manifest: unknown key 'x_future' ignored"),
                    check.warnings());
        }

        @Test
        void unknownKeysInsideNestedTablesAreRejectedEvenInWarnMode() {
            Map<String, Object> raw = minimal();
            raw.put("secrets", List.of(Map.of("name", "t", "requird", true)));
            ManifestInvalid e = assertThrows(
                    ManifestInvalid.class, () -> ManifestValidator.validate(raw, SOURCE, UnknownKeys.WARN, false));
            assertEquals("secrets[0].requird", e.field());
            assertTrue(e.reason().contains("did you mean 'required'?"), e.getMessage());
        }
    }

    @Nested
    class DirectoryPlugins {

        @Test
        void aDirectoryPluginWithoutEntryIsRejectedSayingWhatToWrite() {
            ManifestInvalid e = assertThrows(
                    ManifestInvalid.class,
                    () -> ManifestValidator.validate(minimal(), SOURCE, UnknownKeys.REJECT, true));
            assertEquals("entry", e.field());
            assertTrue(e.reason().contains("entry = \"bin/my-plugin\""), e.getMessage());
        }

        @Test
        void aDirectoryPluginWithEntryIsAccepted() {
            Map<String, Object> raw = minimal();
            raw.put("entry", "run");
            assertEquals(
                    Optional.of("run"),
                    ManifestValidator.validate(raw, SOURCE, UnknownKeys.REJECT, true)
                            .manifest()
                            .entry());
        }
    }

    @Nested
    class ErrorMessages {

        @Test
        void pluginTextWithLineBreaksAndEscapesStaysOnOneLine() {
            Map<String, Object> raw = minimal();
            raw.put("hooks", List.of("evil\n\u001b[31mFAKE: all good"));
            ManifestInvalid e = invalid(raw);
            assertFalse(e.getMessage().contains("\n") || e.getMessage().contains("\u001b"), e.getMessage());
            assertTrue(e.getMessage().contains("evil\\n\\u001b[31m"), e.getMessage());
        }

        @Test
        void aLoneSurrogateInAnyTextIsRefusedAtItsField() {
            Map<String, Object> description = minimal();
            description.put("description", "key = val\ud800ue");
            ManifestInvalid e = invalid(description);
            assertEquals("description", e.field());
            assertTrue(e.reason().contains("unpaired UTF-16 surrogate (\\uD800 at index 9)"), e.getMessage());
            Map<String, Object> secret = minimal();
            secret.put("secrets", List.of(Map.of("name", "tok", "description", "\udc00")));
            assertEquals("secrets[0].description", invalid(secret).field());
            Map<String, Object> timeoutKey = minimal();
            timeoutKey.put("timeouts", Map.of("agent/\ud83d", "1s"));
            assertEquals("timeouts.agent/\ud83d", invalid(timeoutKey).field());
        }

        @Test
        void aCompleteSurrogatePairIsACharacterLikeAnyOther() {
            Map<String, Object> raw = minimal();
            raw.put("description", "\ud83d\ude00 launched");
            assertEquals("\ud83d\ude00 launched", valid(raw).description());
        }

        @Test
        void aHugeValueIsCutInTheMessage() {
            Map<String, Object> raw = minimal();
            raw.put("name", "x".repeat(100_000));
            assertTrue(invalid(raw).getMessage().length() < 400);
        }

        @Test
        void theRawMapIsNotModified() {
            Map<String, Object> raw = full();
            Map<String, Object> before = new LinkedHashMap<>(raw);
            valid(raw);
            assertEquals(before, raw);
        }

        @Test
        void theFirstBrokenRuleInFieldOrderIsReported() {
            Map<String, Object> raw = minimal();
            raw.put("version", "one");
            raw.put("events", new ArrayList<>(List.of("nope")));
            assertEquals("version", invalid(raw).field());
        }
    }
}
