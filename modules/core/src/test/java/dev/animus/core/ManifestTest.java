package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ManifestTest {
    private static final SemVer V = new SemVer(1, 0, 0, "", "");

    static Manifest with(String kind, List<String> extraKinds, List<String> capabilities) {
        return new Manifest(
                "p",
                V,
                new PluginKind(kind),
                extraKinds.stream().map(PluginKind::new).toList(),
                "",
                V,
                capabilities,
                List.of(),
                OptionalInt.empty(),
                TimeoutTable.defaults(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                List.of(),
                Optional.empty());
    }

    static Manifest withDestinations(List<String> destinations) {
        return new Manifest(
                "p",
                V,
                new PluginKind("custom"),
                List.of(),
                "",
                V,
                List.of(),
                List.of(),
                OptionalInt.empty(),
                TimeoutTable.defaults(),
                List.of(),
                List.of(),
                List.of(),
                destinations,
                List.of(),
                List.of(),
                Optional.empty());
    }

    @Nested
    class Capabilities {

        @Test
        void methodsAreTheCapabilitiesThatAreNeitherMarkersNorFlags() {
            Manifest m = with(
                    "custom",
                    List.of(),
                    List.of("$/ping", "subject_kind:task", "agent/run", "$ui/web", "$acme/x", "health/check"));
            assertEquals(List.of("$/ping", "agent/run", "health/check"), m.methods());
        }

        @Test
        void subjectKindsComeFromTheMarkersInOrder() {
            Manifest m = with("subject_backend", List.of(), List.of("subject_kind:task", "x/list", "subject_kind:bug"));
            assertEquals(List.of("task", "bug"), m.subjectKinds());
        }

        @Test
        void aWebUiIsServedByTheFlagOrByTheLegacyKind() {
            assertTrue(with("transport_backend", List.of(), List.of("$ui/web")).servesWebUi());
            assertTrue(with("custom", List.of("web_ui"), List.of()).servesWebUi());
            assertFalse(
                    with("transport_backend", List.of(), List.of("$acme/web")).servesWebUi());
        }
    }

    @Nested
    class Kinds {

        @ParameterizedTest(name = "{0} -> {1}")
        @CsvSource({
            "provider, PROVIDER", "subject_backend, SUBJECT_BACKEND", "task_backend, SUBJECT_BACKEND",
            "trigger_backend, TRIGGER_BACKEND", "transport_backend, TRANSPORT_BACKEND", "web_ui, WEB_UI",
            "log_storage_backend, LOG_STORAGE_BACKEND", "workflow_runner, WORKFLOW_RUNNER", "queue, QUEUE",
            "custom, CUSTOM", "my_future_kind, CUSTOM",
        })
        void eachKindRoutesAsProtocolSectionSixSays(String declared, PluginKind.Routed routed) {
            assertEquals(routed, new PluginKind(declared).routed());
        }

        @Test
        void anUnknownKindIsKeptAsDeclared() {
            assertEquals(
                    "my_future_kind",
                    with("my_future_kind", List.of(), List.of()).kind().declared());
        }

        @Test
        void aPluginServesWhatItsKindOrAnyExtraKindRoutesTo() {
            Manifest m = with("custom", List.of("task_backend", "queue"), List.of());
            assertTrue(m.serves(PluginKind.Routed.SUBJECT_BACKEND));
            assertTrue(m.serves(PluginKind.Routed.QUEUE));
            assertTrue(m.serves(PluginKind.Routed.CUSTOM));
            assertFalse(m.serves(PluginKind.Routed.PROVIDER));
        }

        @Test
        void aLegacyWebUiKindServesAsATransport() {
            assertTrue(with("web_ui", List.of(), List.of()).serves(PluginKind.Routed.TRANSPORT_BACKEND));
        }

        @Test
        void aKindOutsideThePatternIsRefused() {
            assertEquals(
                    "plugin_kind",
                    assertThrows(ManifestInvalid.class, () -> new PluginKind("Bad-Kind"))
                            .field());
            assertThrows(ManifestInvalid.class, () -> new PluginKind("k".repeat(65)));
        }

        @Test
        void ofGivesTheCanonicalNameOfARouting() {
            assertEquals(
                    "log_storage_backend",
                    PluginKind.of(PluginKind.Routed.LOG_STORAGE_BACKEND).declared());
        }
    }

    @Nested
    class Construction {

        @Test
        void destinationsAreKeptSorted() {
            assertEquals(
                    List.of("a.com", "b.com:8080", "c.com"),
                    withDestinations(List.of("c.com", "a.com", "b.com:8080")).networkDestinations());
        }

        @Test
        void aDestinationThatIsNotNormalisedIsRefusedSayingTheNormalForm() {
            var e = assertThrows(
                    ManifestInvalid.class, () -> withDestinations(List.of("a.com", "API.example.com:443")));
            assertEquals(
                    "manifest: network.destinations[0]: 'API.example.com:443' is not normalised: write"
                            + " 'api.example.com'",
                    e.getMessage());
        }

        @Test
        void listsAreCopiedSoTheCallerCannotChangeTheManifest() {
            List<String> capabilities = new ArrayList<>(List.of("a/b"));
            Manifest m = with("custom", List.of(), capabilities);
            capabilities.add("c/d");
            assertEquals(List.of("a/b"), m.capabilities());
        }

        @Test
        void aSubMillisecondTimeoutIsRefused() {
            var table = new TimeoutTable(Map.of("launch", Duration.ofNanos(1_500_000)));
            var e = assertThrows(
                    ManifestInvalid.class,
                    () -> new Manifest(
                            "p",
                            V,
                            new PluginKind("custom"),
                            List.of(),
                            "",
                            V,
                            List.of(),
                            List.of(),
                            OptionalInt.empty(),
                            table,
                            List.of(),
                            List.of(),
                            List.of(),
                            List.of(),
                            List.of(),
                            List.of(),
                            Optional.empty()));
            assertEquals("timeouts.launch", e.field());
        }

        @Test
        void anEntryThatIsNotNormalisedIsRefused() {
            var e = assertThrows(
                    ManifestInvalid.class,
                    () -> new Manifest(
                            "p",
                            V,
                            new PluginKind("custom"),
                            List.of(),
                            "",
                            V,
                            List.of(),
                            List.of(),
                            OptionalInt.empty(),
                            TimeoutTable.defaults(),
                            List.of(),
                            List.of(),
                            List.of(),
                            List.of(),
                            List.of(),
                            List.of(),
                            Optional.of("./bin/x")));
            assertTrue(e.getMessage().endsWith("write 'bin/x'"), e.getMessage());
        }

        @Test
        void aSecretIsPassedAsItsUpperCasedNameByDefault() {
            assertEquals("GITHUB_TOKEN_RW", SecretDeclaration.defaultEnv("github.token-rw"));
        }
    }

    @Nested
    class Rendering {

        @Test
        void aMinimalManifestRendersOnlyTheRequiredKeys() {
            assertEquals(
                    List.of("name", "version", "plugin_kind", "description", "protocol_version"),
                    List.copyOf(ManifestRendering.toMap(with("custom", List.of(), List.of()))
                            .keySet()));
        }

        @Test
        void durationsRenderCompactlyWhenExactAndInPartsOtherwise() {
            assertEquals("2s", ManifestRendering.duration(Duration.ofSeconds(2)));
            assertEquals("1.5s", ManifestRendering.duration(Duration.ofMillis(1500)));
            assertEquals("1s234ms", ManifestRendering.duration(Duration.ofMillis(1234)));
            assertEquals("1m1s500ms", ManifestRendering.duration(Duration.ofMillis(61_500)));
            assertEquals("48h", ManifestRendering.duration(Duration.ofDays(2)));
        }

        @Test
        void destinationsRenderAsANetworkTable() {
            assertEquals(
                    Map.of("destinations", List.of("a.com")),
                    ManifestRendering.toMap(withDestinations(List.of("a.com"))).get("network"));
        }
    }
}
