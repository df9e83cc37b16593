package dev.animus.store;

import dev.animus.core.ArtifactShape;
import dev.animus.core.ConsentGrant;
import dev.animus.core.InstallRecord;
import dev.animus.core.InstallSource;
import dev.animus.core.InstallState;
import dev.animus.core.Interpreter;
import dev.animus.core.PluginState;
import dev.animus.core.RecordedManifest;
import dev.animus.core.SignatureCheck;
import dev.animus.core.SignatureStatus;
import dev.animus.core.SourceKind;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/** States, records and manifests for the state document's tests. */
final class StateFixtures {
    static final Instant T0 = Instant.parse("2026-11-30T12:00:00Z");

    private StateFixtures() {}

    /** A distinct, well-formed digest for {@code seed}. */
    static String digest(String seed) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(seed.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A valid manifest with nested tables, arrays of tables, ints and a long beyond int range. */
    static Map<String, Object> manifestDocument(String name) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", name);
        m.put("version", "1.4.0");
        m.put("plugin_kind", "provider");
        m.put("description", "Answers with what it is given. ünïcode ✓");
        m.put("protocol_version", "1.1.0");
        m.put("capabilities", List.of("agent/run", "$/ping"));
        m.put(
                "env_required",
                List.of(
                        Map.of("name", "API_KEY", "description", "the key", "sensitive", true, "required", true),
                        Map.of("name", "REGION")));
        m.put("notification_buffer_size", 512);
        m.put("timeouts", Map.of("launch", "2s", "agent/run", "30m"));
        m.put("network", Map.of("destinations", List.of("api.example.com:443")));
        m.put(
                "x_build",
                Map.of(
                        "epoch_ms",
                        1_793_534_400_123L,
                        "layers",
                        List.of(1, 2, List.of(3, -4)),
                        "ratio",
                        0.25,
                        "tags",
                        List.of()));
        m.put("entry", "bin/" + name);
        return m;
    }

    static InstallRecord record(String seed, ArtifactShape shape, Optional<RecordedManifest> manifest) {
        String entry = shape == ArtifactShape.TREE ? "bin/" + seed : "animus-plugin-" + seed;
        return new InstallRecord(
                digest(seed),
                shape,
                entry,
                InstallSource.path("/src/" + seed),
                manifest,
                SignatureCheck.unsigned(),
                T0);
    }

    /** Two plugins, a rollback slot, grants, agents, a GitHub source and rich manifests. */
    static InstallState richState() {
        InstallRecord echoNow =
                record("echo-2", ArtifactShape.TREE, Optional.of(new RecordedManifest(manifestDocument("echo"))));
        InstallRecord echoBefore = new InstallRecord(
                digest("echo-1"),
                ArtifactShape.FILE,
                "animus-plugin-echo",
                new InstallSource(
                        SourceKind.GITHUB,
                        "acme/echo",
                        Optional.of("v1.0.0"),
                        Optional.of("animus-plugin-echo-linux-x86_64.tar.gz"),
                        false),
                Optional.empty(),
                new SignatureCheck(
                        SignatureStatus.VERIFIED,
                        Optional.of(digest("bundle")),
                        Optional.of("https://github.com/acme/echo/.github/workflows/release.yml@refs/tags/v1.0.0")),
                T0.minusSeconds(86_400));
        PluginState echo = new PluginState(
                Optional.of(echoNow),
                Optional.of(echoBefore),
                Set.of(digest("echo-1"), digest("echo-2")),
                List.of(
                        new ConsentGrant(digest("consent-b"), T0.plusSeconds(5)),
                        new ConsentGrant(digest("consent-a"), T0.plusNanos(123_456_789))),
                Set.of("default", "reviewer"),
                false);
        InstallRecord toolNow = new InstallRecord(
                digest("tool"),
                ArtifactShape.FILE,
                "animus-plugin-tool",
                new InstallSource(SourceKind.URL, "https://example.com/tool", Optional.empty(), Optional.empty(), true),
                Optional.of(new RecordedManifest(manifestDocument("tool"))),
                SignatureCheck.unsigned(),
                T0);
        PluginState tool = new PluginState(
                Optional.of(toolNow),
                Optional.empty(),
                Set.of(digest("tool")),
                List.of(),
                Set.of(),
                true,
                Map.of(digest("tool"), new Interpreter("/usr/bin/python3", List.of("-u", "-B"))));
        TreeMap<String, PluginState> plugins = new TreeMap<>();
        plugins.put("echo", echo);
        plugins.put("tool", tool);
        return new InstallState(InstallState.SCHEMA_VERSION, 0, plugins);
    }

    /** {@code state} with {@code revision}. */
    static InstallState atRevision(InstallState state, long revision) {
        return new InstallState(state.schemaVersion(), revision, state.plugins());
    }
}
