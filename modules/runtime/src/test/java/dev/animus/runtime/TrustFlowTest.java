package dev.animus.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.AgentScope;
import dev.animus.core.DiscoverySource;
import dev.animus.core.Fix;
import dev.animus.core.HostFailure;
import dev.animus.core.InstallSource;
import dev.animus.core.InstallStage;
import dev.animus.core.Installation;
import dev.animus.core.InstallationRefused;
import dev.animus.core.SignatureCheck;
import dev.animus.discovery.Discoverer;
import dev.animus.discovery.Discovery;
import dev.animus.host.CallOptions;
import dev.animus.host.PluginCallFailed;
import dev.animus.host.PluginHost;
import dev.animus.host.PluginRegistration;
import dev.animus.host.Supervisor;
import dev.animus.install.AnimusHome;
import dev.animus.install.Inspection;
import dev.animus.install.InstallFailed;
import dev.animus.install.InstallReport;
import dev.animus.install.InstallRequest;
import dev.animus.install.LaunchGate;
import dev.animus.install.LaunchRefused;
import dev.animus.install.LockCheck;
import dev.animus.install.Permit;
import dev.animus.install.PluginInspector;
import dev.animus.install.PluginInstaller;
import dev.animus.install.TrustReport;
import dev.animus.install.TrustService;
import dev.animus.store.DigestStore;
import dev.animus.store.LockEntry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.JsonNodeFactory;

/** Install → trust → consent → enable → launch gate, over real files and the real store. */
class TrustFlowTest {
    @TempDir
    Path root;

    @Nested
    class TheGate {
        @Test
        void anInstalledPluginRunsOnlyOnceTrustedConsentedAndEnabled() throws IOException {
            AnimusHome home = Installs.home(root);
            InstallReport r = new PluginInstaller(home)
                    .install(Installs.pyecho(root.resolve("src"), ""), Optional.empty(), false);
            assertEquals("pyecho", r.name());
            LaunchGate gate = home.gate();
            assertInstanceOf(HostFailure.NotTrusted.class, refusal(gate, "pyecho"));
            TrustService trust = new TrustService(home);
            TrustReport trusted = trust.trust("pyecho", r.digest());
            assertEquals("pyecho", trusted.manifest().orElseThrow().name(), "trusting read the manifest");
            assertInstanceOf(HostFailure.NotConsented.class, refusal(gate, "pyecho"));
            trust.consent(
                    "pyecho",
                    new PluginInspector(home)
                            .inspect("pyecho", "default")
                            .consentDigest()
                            .orElseThrow());
            assertInstanceOf(HostFailure.NotEnabled.class, refusal(gate, "pyecho"));
            trust.enable("pyecho", new AgentScope.One("default"));
            Permit p = gate.admit("pyecho", "default");
            assertTrue(
                    p.executable().startsWith(home.layout().store()),
                    p.executable().toString());
            assertInstanceOf(HostFailure.NotEnabled.class, refusal(gate, "pyecho", "coder"));
        }

        @Test
        void codeEditedInTheStoreAfterTrustIsRefusedNamingBothDigests() throws IOException {
            AnimusHome home = Installs.home(root);
            InstallReport r = Installs.ready(home, Installs.pyecho(root.resolve("src"), ""));
            Installs.tamper(r.stored(), "\n# injected\n");
            String actual = DigestStore.fileDigest(r.stored());
            var changed = assertInstanceOf(HostFailure.CodeChanged.class, refusal(home.gate(), "pyecho"));
            assertEquals(r.digest(), changed.expected());
            assertTrue(
                    changed.message().contains(r.digest()) && changed.message().contains(actual), changed.message());
        }

        @Test
        void theSupervisorAsksTheGateBeforeARelaunchAndRefusesChangedCode() throws IOException {
            AnimusHome home = Installs.home(root);
            InstallReport r = Installs.ready(home, Installs.pyecho(root.resolve("src"), ""));
            try (PluginHost host = PluginHost.create(PluginHost.Options.defaults(TestPlugins.HELLO))) {
                Permit permit = home.gate().admit("pyecho", "default");
                Supervisor s = host.register(new PluginRegistration(
                        "pyecho",
                        TestPlugins.spec(permit.executable()),
                        permit.manifest().timeouts(),
                        home.gate().guard(permit)));
                s.ping(CallOptions.defaults());
                s.stopProcess();
                Installs.tamper(r.stored(), "\n# swapped while stopped\n");
                var failed = assertThrows(PluginCallFailed.class, () -> s.ping(CallOptions.defaults()));
                assertInstanceOf(HostFailure.CodeChanged.class, failed.failure());
            }
        }

        @Test
        void aMethodTheConsentedManifestDoesNotDeclareIsRefusedBeforeAnythingStarts() throws IOException {
            AnimusHome home = Installs.home(root);
            Installs.ready(home, Installs.pyecho(root.resolve("src"), ""));
            try (PluginHost host = PluginHost.create(PluginHost.Options.defaults(TestPlugins.HELLO))) {
                Permit permit = home.gate().admit("pyecho", "default");
                assertFalse(
                        permit.manifest().methods().contains("files/export"),
                        permit.manifest().methods().toString());
                Supervisor s = host.register(new PluginRegistration(
                        "pyecho",
                        TestPlugins.spec(permit.executable()),
                        permit.manifest().timeouts(),
                        home.gate().guard(permit)));
                var failed = assertThrows(
                        PluginCallFailed.class, () -> s.call("files/export", JsonNodeFactory.instance.objectNode()));
                var undisclosed = assertInstanceOf(HostFailure.Undisclosed.class, failed.failure());
                assertEquals(new HostFailure.Undisclosed("pyecho", "files/export", false), undisclosed);
                assertTrue(
                        undisclosed.message().contains("files/export")
                                && undisclosed.fixes().contains(new Fix.Consent("pyecho")),
                        undisclosed.message());
                assertTrue(s.handshake().isEmpty() && s.status().pid().isEmpty(), "nothing was started: " + s.status());
                var lifecycle = assertThrows(
                        PluginCallFailed.class, () -> s.call("shutdown", JsonNodeFactory.instance.objectNode()));
                assertEquals(new HostFailure.Undisclosed("pyecho", "shutdown", true), lifecycle.failure());
                assertTrue(s.handshake().isEmpty(), "nothing was started");
                // declared methods and the protocol's checks go through
                assertEquals(
                        "hi",
                        s.call("echo", JsonNodeFactory.instance.objectNode().put("text", "hi"))
                                .path("text")
                                .asString());
                s.call("health/check", JsonNodeFactory.instance.objectNode());
                s.ping(CallOptions.defaults());
            }
        }

        @Test
        void aSymlinkPlantedInATrustedTreeIsRefused() throws IOException {
            AnimusHome home = Installs.home(root);
            InstallReport r = Installs.ready(home, Installs.tree(root.resolve("tree"), ""));
            Path storeRoot = home.layout().store().resolve(r.digest());
            Files.setPosixFilePermissions(storeRoot, PosixFilePermissions.fromString("rwx------"));
            Files.createSymbolicLink(storeRoot.resolve("planted"), Path.of("/etc/passwd"));
            var changed = assertInstanceOf(HostFailure.CodeChanged.class, refusal(home.gate(), "pyecho"));
            assertTrue(changed.message().contains("planted"), changed.message());
        }
    }

    @Nested
    class Consent {
        @Test
        void aChangedDisclosureReadsNotConsentedUntilConsentedAgain() throws IOException {
            AnimusHome home = Installs.home(root);
            Installs.ready(home, Installs.tree(root.resolve("v1"), ""));
            Path v2 = Installs.tree(root.resolve("v2"), "\n[network]\ndestinations = [\"api.example.com\"]\n");
            InstallReport updated = new PluginInstaller(home).update("pyecho", v2, false);
            TrustService trust = new TrustService(home);
            trust.trust("pyecho", updated.digest());
            assertEquals(InstallStage.TRUSTED, stage(home, "pyecho"));
            assertThrows(InstallationRefused.class, () -> trust.enable("pyecho", new AgentScope.All()));
            assertInstanceOf(HostFailure.NotConsented.class, refusal(home.gate(), "pyecho"));
            Inspection seen = new PluginInspector(home).inspect("pyecho", "default");
            assertEquals(
                    List.of("api.example.com"), seen.disclosure().orElseThrow().networkDestinations());
            trust.consent("pyecho", seen.consentDigest().orElseThrow());
            trust.enable("pyecho", new AgentScope.All());
            assertEquals("pyecho", home.gate().admit("pyecho", "coder").name());
        }

        @Test
        void aConsentForADisclosureTheOperatorWasNotShownIsRefused() throws IOException {
            AnimusHome home = Installs.home(root);
            InstallReport r =
                    new PluginInstaller(home).install(Installs.tree(root.resolve("t"), ""), Optional.empty(), false);
            new TrustService(home).trust("pyecho", r.digest());
            var refused = assertThrows(
                    InstallationRefused.class, () -> new TrustService(home).consent("pyecho", "0".repeat(64)));
            assertEquals(InstallationRefused.Reason.CHANGED_SINCE_SHOWN, refused.reason());
        }
    }

    @Nested
    class UpdateAndRollback {
        @Test
        void updateClearsEnablementAndRollbackRestoresThePreviousDigestStillDisabled() throws IOException {
            AnimusHome home = Installs.home(root);
            InstallReport v1 = Installs.ready(home, Installs.pyecho(root.resolve("a"), ""));
            InstallReport v2 =
                    new PluginInstaller(home).update("pyecho", Installs.pyecho(root.resolve("b"), "# v2\n"), false);
            assertEquals(Optional.of(v1.digest()), v2.previousDigest());
            var afterUpdate = home.state().read().state().plugin("pyecho").orElseThrow();
            assertTrue(afterUpdate.enabledAgents().isEmpty() && !afterUpdate.enabledAllAgents());
            assertInstanceOf(HostFailure.NotTrusted.class, refusal(home.gate(), "pyecho"));

            var back = new TrustService(home).rollback("pyecho");
            assertEquals(v1.digest(), back.digest());
            assertInstanceOf(HostFailure.NotEnabled.class, refusal(home.gate(), "pyecho"));
            new TrustService(home).enable("pyecho", new AgentScope.One("default"));
            assertEquals(
                    v1.digest(), home.gate().admit("pyecho", "default").record().digest());
            assertEquals(
                    v1.digest(),
                    home.lockfile().read().entry("pyecho").orElseThrow().artifactSha256(),
                    "the lockfile pins what is current");
        }

        @Test
        void removeForgetsThePluginUnpinsItAndDeletesItsStoreEntries() throws IOException {
            AnimusHome home = Installs.home(root);
            InstallReport r = Installs.ready(home, Installs.pyecho(root.resolve("a"), ""));
            var removed = new TrustService(home).remove("pyecho");
            assertEquals(List.of(r.digest()), removed);
            assertTrue(home.state().read().state().plugin("pyecho").isEmpty());
            assertTrue(home.lockfile().read().entry("pyecho").isEmpty());
            assertFalse(Files.exists(home.layout().store().resolve(r.digest())));
        }
    }

    @Nested
    class Lockfile {
        @Test
        void installRefusesBytesThatDifferFromTheLockedDigestUnlessForced() throws IOException {
            AnimusHome home = Installs.home(root);
            InstallReport v1 =
                    new PluginInstaller(home).install(Installs.pyecho(root.resolve("a"), ""), Optional.empty(), false);
            new TrustService(home).remove("pyecho"); // the lockfile keeps no pin after a remove: pin again by hand
            home.lockfile()
                    .save(
                            List.of(new LockEntry(
                                    "pyecho",
                                    "0.1.0",
                                    InstallSource.path("/x"),
                                    v1.digest(),
                                    Optional.empty(),
                                    "unsigned",
                                    Instant.parse("2026-11-30T12:00:00Z"))),
                            Set.of(),
                            false);
            Path other = Installs.pyecho(root.resolve("b"), "# other bytes\n");
            var refused = assertThrows(
                    InstallFailed.class, () -> new PluginInstaller(home).install(other, Optional.empty(), false));
            assertEquals(InstallFailed.Kind.VERIFICATION, refused.kind());
            String v2 = DigestStore.fileDigest(other);
            assertTrue(
                    refused.getMessage().contains(v1.digest())
                            && refused.getMessage().contains(v2),
                    refused.getMessage());
            assertTrue(home.state().read().state().plugin("pyecho").isEmpty(), "nothing was installed");

            InstallReport forced = new PluginInstaller(home).install(other, Optional.empty(), true);
            assertEquals(Optional.of(v1.digest()), forced.replacedPin());
            assertEquals(
                    v2, home.lockfile().read().entry("pyecho").orElseThrow().artifactSha256());
        }

        @Test
        void lockVerifyReportsMatchMismatchAndMissing() throws IOException {
            AnimusHome home = Installs.home(root);
            InstallReport good = new PluginInstaller(home)
                    .install(Installs.pyecho(root.resolve("a"), ""), Optional.of("good"), false);
            InstallReport bad = new PluginInstaller(home)
                    .install(Installs.pyecho(root.resolve("b"), "# b\n"), Optional.of("bad"), false);
            new PluginInstaller(home).install(Installs.pyecho(root.resolve("c"), "# c\n"), Optional.of("gone"), false);
            home.state().transact(s -> Installation.remove(s, "gone"));
            Installs.tamper(bad.stored(), "# tampered\n");
            var checks = new PluginInspector(home).verifyLock();
            var byName = new TreeMap<String, LockCheck>();
            checks.forEach(c -> byName.put(c.name(), c));
            assertEquals(LockCheck.Status.MATCH, byName.get("good").status());
            assertEquals(good.digest(), byName.get("good").locked());
            assertEquals(LockCheck.Status.MISMATCH, byName.get("bad").status());
            assertEquals(
                    Optional.of(DigestStore.fileDigest(bad.stored())),
                    byName.get("bad").actual());
            assertEquals(LockCheck.Status.MISSING, byName.get("gone").status());
        }
    }

    @Nested
    class Guards {
        @Test
        void aBuiltInProviderNameNeedsLeaveAndARefusalLeavesNothingBehind() throws IOException {
            AnimusHome home = Installs.home(root);
            Path claude = Installs.pyecho(root.resolve("c"), "");
            var refused = assertThrows(
                    InstallFailed.class, () -> new PluginInstaller(home).install(claude, Optional.of("claude"), false));
            assertTrue(
                    refused.guidance().fixes().contains(new Fix.Choose(Fix.Choice.ALLOW_SHADOW_BUILTIN)),
                    refused.getMessage());
            assertFalse(Files.exists(home.layout().stateFile()));
            InstallReport allowed = new PluginInstaller(home)
                    .install(new InstallRequest(
                            claude,
                            Optional.of("oai-runner"),
                            InstallSource.path(claude.toString()),
                            new PluginInstaller.PinPolicy(false, false),
                            Optional.empty(),
                            new InstallRequest.Guards(Optional.empty(), false, true),
                            SignatureCheck.unsigned()));
            assertEquals("oai-runner", allowed.name());
        }

        @Test
        void trustingInTheSameActCommitsInstallTrustAndManifestTogetherOrNothing() throws IOException {
            AnimusHome home = Installs.home(root);
            Path p = Installs.pyecho(root.resolve("p"), "");
            String digest = DigestStore.fileDigest(p);
            var wrongName = new InstallRequest(
                    p,
                    Optional.of("pyecho"),
                    InstallSource.path(p.toString()),
                    new PluginInstaller.PinPolicy(false, false),
                    Optional.of(digest),
                    new InstallRequest.Guards(Optional.of("lint"), false, false),
                    SignatureCheck.unsigned());
            var refused = assertThrows(InstallFailed.class, () -> new PluginInstaller(home).install(wrongName));
            assertTrue(
                    refused.getMessage().contains("'pyecho'")
                            && refused.getMessage().contains("'lint'"),
                    refused.getMessage());
            assertFalse(Files.exists(home.layout().stateFile()), "nothing recorded");
            assertEquals(List.of(), home.store().digests(), "the published entry was removed again");

            var right = new InstallRequest(
                    p,
                    Optional.of("pyecho"),
                    InstallSource.path(p.toString()),
                    new PluginInstaller.PinPolicy(false, false),
                    Optional.of(digest),
                    new InstallRequest.Guards(Optional.of("pyecho"), false, false),
                    SignatureCheck.unsigned());
            new PluginInstaller(home).install(right);
            assertEquals(InstallStage.TRUSTED, stage(home, "pyecho"));
            assertEquals(1, home.state().read().state().revision(), "one transaction");
        }
    }

    @Nested
    class Discovery_ {
        @Test
        void aBinaryDroppedIntoTheProjectIsListedUntrustedAndNeverExecuted() throws IOException {
            AnimusHome home = Installs.home(root);
            Path marker = root.resolve("it-ran");
            Path plugins = Files.createDirectories(root.resolve("project/.animus/plugins"));
            Path evil = plugins.resolve("animus-plugin-evil");
            Files.writeString(evil, "#!/bin/sh\ntouch '" + marker + "'\n");
            Files.setPosixFilePermissions(evil, PosixFilePermissions.fromString("rwx------"));
            Discoverer d =
                    new Discoverer(home.paths(), home.callerEnvironment(), () -> new PluginInspector(home).view());
            Discovery found = d.discover(false);
            var untrusted = assertInstanceOf(Discovery.Lookup.Untrusted.class, found.find("evil"));
            assertEquals(DigestStore.fileDigest(evil), untrusted.binary().sha256());
            assertFalse(Files.exists(marker), "discovery ran an untrusted binary");
        }

        @Test
        void installedPluginsComeFirstAndAreListedWithoutRunningThem() throws IOException {
            AnimusHome home = Installs.home(root);
            Installs.ready(home, Installs.pyecho(root.resolve("a"), ""));
            Discovery found = new Discoverer(
                            home.paths(), home.callerEnvironment(), () -> new PluginInspector(home).view())
                    .discover(false);
            var plugin = assertInstanceOf(Discovery.Lookup.Found.class, found.find("pyecho"))
                    .plugin();
            assertEquals(DiscoverySource.INSTALLED, plugin.source());
            assertTrue(plugin.executable().startsWith(home.layout().store()));
        }
    }

    private static HostFailure refusal(LaunchGate gate, String name) {
        return refusal(gate, name, "default");
    }

    private static HostFailure refusal(LaunchGate gate, String name, String agent) {
        return assertThrows(LaunchRefused.class, () -> gate.admit(name, agent)).failure();
    }

    private static InstallStage stage(AnimusHome home, String name) {
        return Installation.stage(home.state().read().state(), name, "default");
    }
}
