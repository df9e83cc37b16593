package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;
import org.junit.jupiter.api.function.Executable;

/** Installs, manifests and states for the installation lifecycle tests. */
final class InstallFixtures {
    static final String PLUGIN = "echo";
    static final String AGENT = "alice";
    static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    static final String CODE_1 = digest(1);
    static final String CODE_2 = digest(2);
    static final String CODE_3 = digest(3);
    private static final SemVer V1 = new SemVer(1, 0, 0, "", "");

    private InstallFixtures() {}

    /** A well-formed, made-up code digest. */
    static String digest(int n) {
        return String.format("%064x", n);
    }

    /** A manifest that declares something in every disclosed field. */
    static Manifest manifest() {
        return new Manifest(
                PLUGIN,
                new SemVer(1, 2, 3, "", ""),
                new PluginKind("provider"),
                List.of(new PluginKind("subject_backend")),
                "Echoes what it is told",
                V1,
                List.of("agent/run", "$/ping", "subject_kind:task", "$ui/web"),
                List.of(new EnvDeclaration("ECHO_MODE", "how loud", false, false)),
                OptionalInt.empty(),
                TimeoutTable.defaults(),
                List.of("route.skills"),
                List.of("classify.command-risk"),
                List.of("session-start"),
                List.of("api.example.com"),
                List.of("prompt text"),
                List.of(new SecretDeclaration("echo.token", "ECHO_TOKEN", true, "")),
                Optional.empty());
    }

    /** The rendered {@link #manifest()}, changed by {@code edit} (which may replace any value). */
    static RecordedManifest edited(Consumer<Map<String, Object>> edit) {
        Map<String, Object> document = new LinkedHashMap<>(ManifestRendering.toMap(manifest()));
        edit.accept(document);
        return new RecordedManifest(document);
    }

    static RecordedManifest recorded() {
        return RecordedManifest.of(manifest());
    }

    /** A file install of {@code code} with {@link #manifest()} read. */
    static InstallRecord record(String code) {
        return record(code, Optional.of(recorded()));
    }

    static InstallRecord record(String code, Optional<RecordedManifest> manifest) {
        return new InstallRecord(
                code,
                ArtifactShape.FILE,
                "echo",
                InstallSource.path("/src/echo"),
                manifest,
                SignatureCheck.unsigned(),
                T0);
    }

    /** {@link #PLUGIN} installed as {@code code}, nothing else. */
    static InstallState installed(String code) {
        return Installation.install(InstallState.empty(), PLUGIN, record(code));
    }

    static InstallState trusted(String code) {
        return Installation.trust(installed(code), PLUGIN, code);
    }

    static InstallState consented(String code) {
        InstallState s = trusted(code);
        return Installation.consent(
                s, PLUGIN, Installation.consentDigest(s, PLUGIN).orElseThrow(), T0);
    }

    /** {@link #PLUGIN} at {@code code}, trusted, consented and enabled for {@link #AGENT}. */
    static InstallState enabled(String code) {
        return Installation.enable(consented(code), PLUGIN, new AgentScope.One(AGENT));
    }

    static PluginState plugin(InstallState s) {
        return s.plugin(PLUGIN).orElseThrow();
    }

    static String consentDigest(InstallState s) {
        return Installation.consentDigest(s, PLUGIN).orElseThrow();
    }

    /**
     * Runs {@code step}, which must be refused for {@code reason}, with a one-line message that
     * names the plugin, and {@code fix} as the first thing to do.
     */
    static InstallationRefused assertRefused(InstallationRefused.Reason reason, Fix fix, Executable step) {
        InstallationRefused e = assertThrows(InstallationRefused.class, step);
        assertEquals(reason, e.reason(), e.getMessage());
        assertEquals(PLUGIN, e.plugin());
        assertTrue(e.getMessage().contains("plugin " + PLUGIN), e.getMessage());
        assertEquals(fix, e.fixes().getFirst(), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        return e;
    }

    /** A mutable copy of {@code list} with {@code more} appended. */
    static List<Object> plus(Object list, Object... more) {
        List<Object> out = new ArrayList<>((List<?>) list);
        out.addAll(List.of(more));
        return out;
    }
}
