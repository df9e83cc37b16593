package dev.animus.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.DiscoverySource;
import dev.animus.core.DiscoveryWarning;
import dev.animus.core.PluginKind;
import dev.animus.process.ProbeLimits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class DiscovererTest {
    @TempDir
    Path root;

    Path home;
    Path project;
    Map<String, String> env;

    @BeforeEach
    void layout() throws IOException {
        home = Files.createDirectories(root.resolve("home"));
        project = Files.createDirectories(root.resolve("project"));
        env = new HashMap<>();
        env.put("ANIMUS_HOME", home.toString());
        env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        env.put("HOME", root.toString());
    }

    static String manifestJson(String name, String kind) {
        return "{\"name\":\"" + name + "\",\"version\":\"1.2.3\",\"plugin_kind\":\"" + kind + "\","
                + "\"description\":\"a test plugin\",\"protocol_version\":\"1.1.0\",\"capabilities\":[\"echo\"]}";
    }

    /** A shell plugin that prints its manifest on --manifest (and counts how often it was asked). */
    static Path shPlugin(Path dir, String file, String manifestJson) throws IOException {
        Files.createDirectories(dir);
        Path p = dir.resolve(file);
        Files.writeString(
                p,
                "#!/bin/sh\n"
                        // counted beside the found file: what runs is a private copy elsewhere ($0 is the copy)
                        + "if [ \"$1\" = --manifest ]; then echo probed >> '" + p + ".probes'; printf '%s' '"
                        + manifestJson
                        + "'; exit 0; fi\n"
                        + "exit 0\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    static Path script(Path dir, String file, String body) throws IOException {
        Files.createDirectories(dir);
        Path p = dir.resolve(file);
        Files.writeString(p, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
        return p;
    }

    static long probes(Path plugin) throws IOException {
        Path count = Path.of(plugin + ".probes");
        return Files.exists(count) ? Files.readAllLines(count).size() : 0;
    }

    Discovery discover(boolean systemPath) {
        return new Discoverer(AnimusPaths.from(env, project), env).discover(systemPath);
    }

    static List<String> names(Discovery d) {
        return d.plugins().stream().map(DiscoveredPlugin::name).toList();
    }

    static DiscoveredPlugin plugin(Discovery d, String name) {
        return assertInstanceOf(Discovery.Lookup.Found.class, d.find(name), d.toString())
                .plugin();
    }

    @Nested
    class Sources {
        @Test
        void eachOfTheFiveSourcesIsFoundAndNamed() throws IOException {
            Path anywhere = shPlugin(root.resolve("opt"), "whatever-binary", manifestJson("reg", "custom"));
            Files.writeString(home.resolve("plugins.toml"), "[plugins.reg]\npath = \"" + anywhere + "\"\n");
            shPlugin(project.resolve(".animus/plugins"), "animus-plugin-proj", manifestJson("proj", "custom"));
            shPlugin(home.resolve("plugins"), "animus-provider-glob", manifestJson("glob", "provider"));
            Path extra = root.resolve("extra");
            shPlugin(extra, "animus-plugin-extra", manifestJson("extra", "custom"));
            env.put("ANIMUS_PLUGIN_PATH", "/nonexistent:" + extra);
            Path sys = root.resolve("sysbin");
            shPlugin(sys, "animus-plugin-sys", manifestJson("sys", "custom"));
            env.put("PATH", sys + ":" + env.get("PATH"));

            Discovery d = discover(true);
            assertEquals(
                    List.of("reg", "proj", "glob", "extra", "sys"),
                    names(d),
                    d.warnings().toString());
            assertEquals(DiscoverySource.REGISTRY, plugin(d, "reg").source());
            assertEquals(anywhere, plugin(d, "reg").executable());
            assertEquals(DiscoverySource.PROJECT, plugin(d, "proj").source());
            assertEquals(DiscoverySource.GLOBAL, plugin(d, "glob").source());
            assertEquals(DiscoverySource.PLUGIN_PATH, plugin(d, "extra").source());
            assertEquals(DiscoverySource.SYSTEM_PATH, plugin(d, "sys").source());
            assertEquals(
                    List.of("glob"),
                    d.byKind(PluginKind.Routed.PROVIDER).stream()
                            .map(DiscoveredPlugin::name)
                            .toList());
            assertTrue(d.warnings().isEmpty(), d.warnings().toString());
        }

        @Test
        void pathIsSearchedOnlyWhenAsked() throws IOException {
            Path sys = root.resolve("sysbin");
            shPlugin(sys, "animus-plugin-sys", manifestJson("sys", "custom"));
            env.put("PATH", sys + ":" + env.get("PATH"));
            assertEquals(List.of(), names(discover(false)));
            assertEquals(List.of("sys"), names(discover(true)));
        }

        @Test
        void animusPluginDirReplacesTheGlobalInstallDir() throws IOException {
            shPlugin(home.resolve("plugins"), "animus-plugin-old", manifestJson("old", "custom"));
            Path other = root.resolve("other-plugins");
            shPlugin(other, "animus-plugin-new", manifestJson("new", "custom"));
            env.put("ANIMUS_PLUGIN_DIR", other.toString());
            Discovery d = discover(false);
            assertEquals(List.of("new"), names(d));
            assertEquals(DiscoverySource.GLOBAL, plugin(d, "new").source());
        }

        @Test
        void animusConfigDirIsTheHomeWhenAnimusHomeIsUnset() throws IOException {
            env.remove("ANIMUS_HOME");
            Path config = root.resolve("config");
            shPlugin(config.resolve("plugins"), "animus-plugin-cfg", manifestJson("cfg", "custom"));
            env.put("ANIMUS_CONFIG_DIR", config.toString());
            assertEquals(List.of("cfg"), names(discover(false)));
            assertEquals(config, AnimusPaths.from(env, project).home());
            env.remove("ANIMUS_CONFIG_DIR");
            assertEquals(root.resolve(".animus"), AnimusPaths.from(env, project).home());
        }

        @Test
        void filesNotNamedLikePluginsAreIgnoredInScannedDirectories() throws IOException {
            shPlugin(home.resolve("plugins"), "echo-tool", manifestJson("x", "custom"));
            shPlugin(home.resolve("plugins"), "animus-plugin-Bad", manifestJson("x", "custom"));
            assertEquals(List.of(), names(discover(false)));
            assertTrue(discover(false).warnings().isEmpty());
        }

        @Test
        void aDirectoryPluginIsReadFromItsPluginTomlWithoutRunningAnything() throws IOException {
            Path dir = Files.createDirectories(home.resolve("plugins/animus-plugin-tree"));
            Path exe = script(dir.resolve("bin"), "run", "echo ran >> \"$0.ran\"\n");
            Files.writeString(dir.resolve("Plugin.toml"), """
                    name = "tree"
                    version = "0.3.0"
                    plugin_kind = "task_backend"
                    description = ""
                    protocol_version = "1.1.0"
                    entry = "bin/run"
                    """);
            Discovery d = discover(false);
            DiscoveredPlugin p = plugin(d, "tree");
            assertTrue(p.directoryPlugin());
            assertEquals(exe, p.executable());
            assertEquals(PluginKind.Routed.SUBJECT_BACKEND, p.manifest().kind().routed());
            assertFalse(Files.exists(Path.of(exe + ".ran")), "reading a Plugin.toml ran the plugin");
        }
    }

    @Nested
    class Precedence {
        @Test
        void theFirstSourceToClaimANameKeepsItAndTheOthersAreShadowWarnings() throws IOException {
            shPlugin(project.resolve(".animus/plugins"), "animus-plugin-dup", manifestJson("dup", "custom"));
            Path global = shPlugin(home.resolve("plugins"), "animus-plugin-dup", manifestJson("dup", "provider"));
            Discovery d = discover(false);
            assertEquals(DiscoverySource.PROJECT, plugin(d, "dup").source());
            assertEquals(1, d.notes().size(), d.notes().toString());
            DiscoveryWarning w = d.notes().getFirst();
            assertEquals(global.toString(), w.path());
            assertTrue(w.reason().toString().contains("shadowed by"), w.reason().toString());
            assertEquals(0, probes(global), "a shadowed binary is never run");
        }

        @Test
        void aBrokenHigherEntryReservesItsNameInsteadOfFallingThrough() throws IOException {
            script(project.resolve(".animus/plugins"), "animus-plugin-dup", "echo 'no config here' >&2; exit 3\n");
            shPlugin(home.resolve("plugins"), "animus-plugin-dup", manifestJson("dup", "custom"));
            Discovery d = discover(false);
            assertEquals(List.of(), names(d));
            var broken = assertInstanceOf(Discovery.Lookup.Broken.class, d.find("dup"));
            assertEquals(DiscoverySource.PROJECT, broken.warning().source());
            String reason = broken.warning().reason().toString();
            assertTrue(reason.contains("no config here"), reason);
        }

        @Test
        void theRegistryWinsOverEveryScannedDirectoryAndMayUseAnyFileName() throws IOException {
            Path odd = shPlugin(root.resolve("tools"), "my tool (v2)", manifestJson("dup", "custom"));
            Files.writeString(home.resolve("plugins.toml"), "[plugins.dup]\npath = \"" + odd + "\"\n");
            shPlugin(home.resolve("plugins"), "animus-plugin-dup", manifestJson("dup", "custom"));
            Discovery d = discover(false);
            assertEquals(odd, plugin(d, "dup").executable());
        }

        @Test
        void aRegistryEntryPointingNowhereIsAWarningThatReservesTheName() throws IOException {
            Files.writeString(home.resolve("plugins.toml"), "[plugins.gone]\npath = \"/nonexistent/x\"\n");
            shPlugin(home.resolve("plugins"), "animus-plugin-gone", manifestJson("gone", "custom"));
            Discovery d = discover(false);
            var broken = assertInstanceOf(Discovery.Lookup.Broken.class, d.find("gone"));
            String reason = broken.warning().reason().toString();
            assertTrue(reason.contains("plugins.toml"), reason);
        }

        @Test
        void theSeedsPluginsYamlIsReadLikePluginsToml() throws IOException {
            Path odd = shPlugin(root.resolve("tools"), "my tool (v2)", manifestJson("yam", "custom"));
            Files.writeString(
                    home.resolve("plugins.yaml"),
                    "# the seed's registry\nplugins:\n  yam:\n    path: \"" + odd
                            + "\"\n  rel:\n    path: ../tools/missing\n");
            Discovery d = discover(false);
            assertEquals(odd, plugin(d, "yam").executable());
            assertEquals(DiscoverySource.REGISTRY, plugin(d, "yam").source());
            var broken = assertInstanceOf(Discovery.Lookup.Broken.class, d.find("rel"), "relative to the file");
            assertEquals(
                    root.resolve("tools/missing").toString(), broken.warning().path());

            Files.writeString(home.resolve("plugins.yaml"), "plugins:\n  yam:\n    paht: /x\n");
            Discovery bad = discover(false);
            assertEquals(1, bad.warnings().size(), bad.warnings().toString());
            assertTrue(
                    bad.warnings().getFirst().reason().toString().contains("plugins.yaml"),
                    bad.warnings().toString());
            assertTrue(
                    bad.warnings().getFirst().reason().toString().contains("paht"),
                    bad.warnings().toString());
        }

        @Test
        void withBothRegistriesPluginsTomlWinsAndPluginsYamlIsOneWarning() throws IOException {
            Path a = shPlugin(root.resolve("a"), "a-bin", manifestJson("fromtoml", "custom"));
            Path b = shPlugin(root.resolve("b"), "b-bin", manifestJson("fromyaml", "custom"));
            Files.writeString(home.resolve("plugins.toml"), "[plugins.fromtoml]\npath = \"" + a + "\"\n");
            Files.writeString(home.resolve("plugins.yaml"), "plugins:\n  fromyaml:\n    path: " + b + "\n");
            Discovery d = discover(false);
            assertEquals(List.of("fromtoml"), names(d));
            assertEquals(1, d.warnings().size(), d.warnings().toString());
            DiscoveryWarning w = d.warnings().getFirst();
            assertEquals(home.resolve("plugins.yaml").toString(), w.path());
            assertTrue(w.reason().toString().contains("ignored: " + home.resolve("plugins.toml")), w.toString());
        }

        @Test
        void theLegacyConfigPluginsYamlIsReadBesideTheDefaultHomeOnly() throws IOException {
            Path bin = shPlugin(root.resolve("bin"), "legacy-bin", manifestJson("legacy", "custom"));
            Path legacy =
                    Files.createDirectories(root.resolve(".config/animus")).resolve("plugins.yaml");
            Files.writeString(legacy, "plugins:\n  legacy:\n    path: " + bin + "\n");
            assertEquals(List.of(), names(discover(false)), "ANIMUS_HOME is set: ~/.config is not read");

            env.remove("ANIMUS_HOME"); // the default home, $HOME/.animus
            assertEquals(List.of("legacy"), names(discover(false)));
            Path defaultHome = Files.createDirectories(root.resolve(".animus"));
            Files.writeString(defaultHome.resolve("plugins.yaml"), "plugins: {}\n");
            Discovery d = discover(false);
            assertEquals(List.of(), names(d), "the home's plugins.yaml comes first");
            assertEquals(
                    legacy.toString(),
                    d.warnings().getFirst().path(),
                    d.warnings().toString());
        }

        @Test
        void anUnreadableRegistryIsOneWarningAndTheOtherSourcesStillWork() throws IOException {
            Files.writeString(home.resolve("plugins.toml"), "[plugins.x]\npaht = \"/x\"\n");
            shPlugin(home.resolve("plugins"), "animus-plugin-ok", manifestJson("ok", "custom"));
            Discovery d = discover(false);
            assertEquals(List.of("ok"), names(d));
            assertEquals(1, d.warnings().size());
            assertTrue(
                    d.warnings().getFirst().reason().toString().contains("paht"),
                    d.warnings().toString());
        }
    }

    @Nested
    class HardenedProbe {
        private Discovery discoverQuickly() {
            return new Discoverer(
                            AnimusPaths.from(env, project),
                            env,
                            TrustView::permissive,
                            new ProbeLimits(Duration.ofSeconds(1), 1 << 20, 1 << 20))
                    .discover(false);
        }

        private String reason(Discovery d, String name) {
            return assertInstanceOf(Discovery.Lookup.Broken.class, d.find(name), d.toString())
                    .warning()
                    .reason()
                    .toString();
        }

        @Test
        @Timeout(value = 60, unit = TimeUnit.SECONDS)
        void aHangingProbeIsKilledAndBecomesAWarning() throws IOException {
            // the probe sleeps ten minutes: only its 5 s limit ends it, and the warning says so
            script(home.resolve("plugins"), "animus-plugin-hang", "sleep 600\n");
            Discovery d = new Discoverer(AnimusPaths.from(env, project), env).discover(false);
            assertTrue(reason(d, "hang").contains("5s"), reason(d, "hang"));
        }

        @Test
        void fourMebibytesOfManifestAreRefused() throws IOException {
            script(home.resolve("plugins"), "animus-plugin-big", "yes xxxxxxxxxxxxxxxx | head -c 4194304\n");
            Discovery d = discoverQuickly();
            assertTrue(reason(d, "big").contains("1 MiB") || reason(d, "big").contains("1048576"), reason(d, "big"));
        }

        @Test
        void aProbeThatExitsThreeShowsItsStderr() throws IOException {
            script(home.resolve("plugins"), "animus-plugin-three", "echo 'missing API_URL' >&2; exit 3\n");
            String r = reason(discoverQuickly(), "three");
            assertTrue(r.contains("3") && r.contains("missing API_URL"), r);
        }

        @Test
        void invalidJsonIsAWarningNamingTheProbe() throws IOException {
            script(home.resolve("plugins"), "animus-plugin-garbage", "echo '{\"name\": oops'\n");
            String r = reason(discoverQuickly(), "garbage");
            assertTrue(r.contains("--manifest"), r);
        }

        @Test
        void theProbeSeesOnlyTheBaseAllowlistNotTheCallersSecrets() throws IOException {
            env.put("SECRET_TOKEN", "hunter2");
            script(
                    home.resolve("plugins"),
                    "animus-plugin-nosy",
                    "if [ -n \"$SECRET_TOKEN\" ]; then echo \"saw $SECRET_TOKEN\" >&2; exit 9; fi\n" + "printf '%s' '"
                            + manifestJson("nosy", "custom") + "'\n");
            Discovery d = discoverQuickly();
            assertEquals(List.of("nosy"), names(d), d.warnings().toString());
        }

        @Test
        void aManifestOfAnotherProtocolMajorIsAWarning() throws IOException {
            shPlugin(
                    home.resolve("plugins"),
                    "animus-plugin-future",
                    manifestJson("future", "custom").replace("1.1.0", "2.0.0"));
            String r = reason(discoverQuickly(), "future");
            assertTrue(r.contains("2.0.0") && r.contains("1.1.0"), r);
        }

        @Test
        void aNonExecutableFileNamedLikeAPluginSaysHowToFixIt() throws IOException {
            Path p = shPlugin(home.resolve("plugins"), "animus-plugin-plain", manifestJson("plain", "custom"));
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rw-------"));
            assertTrue(reason(discoverQuickly(), "plain").contains("chmod +x"));
        }
    }

    @Nested
    class Cache {
        @Test
        void anUnchangedBinaryIsProbedOnceAndThenReadFromTheCache() throws IOException {
            Path p = shPlugin(home.resolve("plugins"), "animus-plugin-once", manifestJson("once", "custom"));
            assertFalse(plugin(discover(false), "once").cached());
            DiscoveredPlugin second = plugin(discover(false), "once");
            assertTrue(second.cached());
            assertEquals(1, probes(p));
            assertEquals(
                    1, new ManifestCache(home.resolve("cache/manifests")).list().size());
        }

        @Test
        void aChangedBinaryIsProbedAgain() throws IOException {
            Path p = shPlugin(home.resolve("plugins"), "animus-plugin-v", manifestJson("v", "custom"));
            discover(false);
            shPlugin(
                    home.resolve("plugins"),
                    "animus-plugin-v",
                    manifestJson("v", "custom").replace("1.2.3", "1.2.4"));
            assertEquals(
                    "1.2.4", plugin(discover(false), "v").manifest().version().toString());
            assertEquals(2, probes(p));
        }

        @Test
        void theCacheCanBeTurnedOff() throws IOException {
            env.put("ANIMUS_DISABLE_MANIFEST_CACHE", "1");
            Path p = shPlugin(home.resolve("plugins"), "animus-plugin-nc", manifestJson("nc", "custom"));
            discover(false);
            discover(false);
            assertEquals(2, probes(p));
            assertFalse(Files.exists(home.resolve("cache/manifests")));
        }

        @Test
        void whatIsProbedIsTheHashedCopyNotTheFoundFile() throws IOException {
            Path dir = home.resolve("plugins");
            // it tries to rewrite itself while probed: the file it can reach is its private copy
            Path p = script(
                    dir,
                    "animus-plugin-shifty",
                    "echo '# changed' >> \"$0\" 2>/dev/null\nprintf '%s' '" + manifestJson("shifty", "custom") + "'\n");
            String before = Files.readString(p);
            String digest = FileDigest.sha256(p);
            DiscoveredPlugin found = plugin(discover(false), "shifty");
            assertEquals(before, Files.readString(p), "the found file is untouched");
            assertEquals(Optional.of(digest), found.sha256());
            assertEquals(
                    digest,
                    new ManifestCache(home.resolve("cache/manifests"))
                            .list()
                            .getFirst()
                            .sha256(),
                    "the manifest is cached for the digest of the bytes that printed it");
            assertEquals(List.of(), Arrays.asList(home.resolve("tmp").toFile().list()), "the private copy is gone");
        }

        @Test
        void aCorruptEntryIsDroppedAndTheBinaryProbedAgain() throws IOException {
            Path p = shPlugin(home.resolve("plugins"), "animus-plugin-c", manifestJson("c", "custom"));
            discover(false);
            ManifestCache cache = new ManifestCache(home.resolve("cache/manifests"));
            String digest = cache.list().getFirst().sha256();
            Files.writeString(home.resolve("cache/manifests/" + digest + ".json"), "{not json");
            assertFalse(plugin(discover(false), "c").cached());
            assertEquals(2, probes(p));
            assertEquals(1, cache.clear());
        }
    }
}
