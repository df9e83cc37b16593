package dev.animus.store;

import static dev.animus.store.StateFixtures.T0;
import static dev.animus.store.StateFixtures.atRevision;
import static dev.animus.store.StateFixtures.digest;
import static dev.animus.store.StateFixtures.manifestDocument;
import static dev.animus.store.StateFixtures.record;
import static dev.animus.store.StateFixtures.richState;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.ArtifactShape;
import dev.animus.core.ConsentGrant;
import dev.animus.core.InstallRecord;
import dev.animus.core.InstallSource;
import dev.animus.core.InstallState;
import dev.animus.core.PluginState;
import dev.animus.core.RecordedManifest;
import dev.animus.core.SignatureCheck;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StateStoreTest {
    @TempDir
    Path home;

    StateStore store() {
        return StateStore.in(new HomeLayout(home));
    }

    /** One plugin with a record, a grant and an agent, and one with nothing recorded. */
    static InstallState smallState() {
        InstallRecord current = new InstallRecord(
                digest("echo"),
                ArtifactShape.FILE,
                "animus-plugin-echo",
                InstallSource.path("/abs"),
                Optional.empty(),
                SignatureCheck.unsigned(),
                T0);
        PluginState echo = new PluginState(
                Optional.of(current),
                Optional.empty(),
                Set.of(digest("echo")),
                List.of(new ConsentGrant(digest("consent"), T0)),
                Set.of("default"),
                false);
        return InstallState.empty().with("echo", echo).with("bare", PluginState.empty());
    }

    static InstallState addAgent(InstallState s, String plugin, String agent) {
        PluginState p = s.plugin(plugin).orElse(PluginState.empty());
        Set<String> agents = new TreeSet<>(p.enabledAgents());
        agents.add(agent);
        return s.with(
                plugin,
                new PluginState(
                        p.current(),
                        p.previous(),
                        p.trustedDigests(),
                        p.consentGrants(),
                        agents,
                        p.enabledAllAgents()));
    }

    @Nested
    class RoundTrip {
        @Test
        void aRichStateReadsBackEqualAfterACommit() {
            StateView committed = store().transact(s -> richState());
            assertEquals(atRevision(richState(), 1), committed.state());
            StateView read = StateStore.in(new HomeLayout(home)).read();
            assertEquals(atRevision(richState(), 1), read.state());
            assertEquals(List.of(), read.problems());
        }

        @Test
        void manifestNumbersComeBackAsTheWholeNumbersTheyWere() throws IOException {
            store().transact(s -> richState());
            Map<String, Object> manifest = store().read()
                    .state()
                    .plugin("echo")
                    .orElseThrow()
                    .current()
                    .orElseThrow()
                    .manifest()
                    .orElseThrow()
                    .document();
            assertEquals(512, manifest.get("notification_buffer_size"));
            Map<?, ?> build = (Map<?, ?>) manifest.get("x_build");
            assertEquals(1_793_534_400_123L, build.get("epoch_ms"));
            assertEquals(List.of(1, 2, List.of(3, -4)), build.get("layers"));
            assertEquals(0.25, build.get("ratio"));
            String text = Files.readString(store().file());
            assertTrue(text.contains("\"epoch_ms\": 1793534400123"), text);
            assertTrue(text.contains("\"notification_buffer_size\": 512,"), text);
        }

        @Test
        void theDocumentIsPrettySnakeCaseJsonInAFixedOrderWithATrailingNewline() throws IOException {
            store().transact(s -> smallState());
            String expected = """
                    {
                      "schema_version": 1,
                      "revision": 1,
                      "plugins": {
                        "bare": {
                          "current": null,
                          "previous": null,
                          "trusted_digests": [],
                          "consent_grants": [],
                          "enabled_agents": [],
                          "enabled_all_agents": false,
                          "trusted_interpreters": {},
                          "subject_aliases": []
                        },
                        "echo": {
                          "current": {
                            "digest": "%1$s",
                            "shape": "file",
                            "entry": "animus-plugin-echo",
                            "source": {
                              "kind": "path",
                              "origin": "/abs",
                              "tag": null,
                              "asset": null,
                              "sha256_verified": true
                            },
                            "manifest": null,
                            "signature": {
                              "status": "unsigned",
                              "bundle_sha256": null,
                              "signer": null
                            },
                            "installed_at": "2026-11-30T12:00:00Z"
                          },
                          "previous": null,
                          "trusted_digests": [
                            "%1$s"
                          ],
                          "consent_grants": [
                            {
                              "digest": "%2$s",
                              "granted_at": "2026-11-30T12:00:00Z"
                            }
                          ],
                          "enabled_agents": [
                            "default"
                          ],
                          "enabled_all_agents": false,
                          "trusted_interpreters": {},
                          "subject_aliases": []
                        }
                      }
                    }
                    """.formatted(digest("echo"), digest("consent"));
            assertEquals(expected, new String(Files.readAllBytes(store().file()), StandardCharsets.UTF_8));
        }

        @Test
        void nonAsciiTextIsWrittenAsUtf8() throws IOException {
            store().transact(s -> richState());
            assertTrue(Files.readString(store().file(), StandardCharsets.UTF_8).contains("ünïcode ✓"));
        }
    }

    @Nested
    class Transactions {
        @Test
        void aMissingDocumentReadsAsTheEmptyStateAndIsNotCreated() {
            StateView view = store().read();
            assertEquals(InstallState.empty(), view.state());
            assertEquals(List.of(), view.problems());
            assertFalse(Files.exists(store().file()));
        }

        @Test
        void readingNeverRewritesTheDocument() throws IOException {
            store().transact(s -> richState());
            FileSnapshot before = FileSnapshot.of(store().file());
            store().read();
            store().read();
            before.assertUnchanged();
        }

        @Test
        void eachCommitBumpsTheRevisionByOneWhateverRevisionTheChangeReturned() {
            assertEquals(
                    1,
                    store().transact(s -> atRevision(smallState(), 42)).state().revision());
            assertEquals(
                    2,
                    store().transact(
                                    s -> addAgent(s, "echo", "a").nextRevision().nextRevision())
                            .state()
                            .revision());
            assertEquals(2, store().read().state().revision());
        }

        @Test
        void aChangeThatChangesNothingWritesNothing() throws IOException {
            store().transact(s -> smallState());
            FileSnapshot before = FileSnapshot.of(store().file());
            StateView view = store().transact(s -> atRevision(s, 7));
            assertEquals(1, view.state().revision());
            before.assertUnchanged();
        }

        @Test
        void aChangeThatChangesNothingDoesNotCreateAMissingDocument() {
            assertEquals(InstallState.empty(), store().transact(s -> s).state());
            assertFalse(Files.exists(store().file()));
        }

        @Test
        void aChangeThatThrowsLeavesTheDocumentUntouchedAndTheExceptionPropagates() throws IOException {
            store().transact(s -> smallState());
            FileSnapshot before = FileSnapshot.of(store().file());
            IllegalStateException thrown = new IllegalStateException("refused");
            assertSame(
                    thrown,
                    assertThrows(
                            IllegalStateException.class,
                            () -> store().transact(s -> {
                                throw thrown;
                            })));
            before.assertUnchanged();
            assertEquals(atRevision(smallState(), 1), store().read().state());
        }

        @Test
        void aChangeMayNotSetAnotherSchemaVersion() throws IOException {
            store().transact(s -> smallState());
            FileSnapshot before = FileSnapshot.of(store().file());
            assertThrows(
                    IllegalArgumentException.class,
                    () -> store().transact(s -> new InstallState(2, s.revision(), s.plugins())));
            before.assertUnchanged();
        }

        @Test
        void aTransactionStartedInsideAChangeIsRefusedAndTheStoreStaysUsable() throws IOException {
            store().transact(s -> smallState());
            FileSnapshot before = FileSnapshot.of(store().file());
            assertThrows(
                    IllegalStateException.class,
                    () -> store().transact(s -> {
                        store().transact(inner -> addAgent(inner, "echo", "inner"));
                        return addAgent(s, "echo", "outer");
                    }));
            before.assertUnchanged();
            assertEquals(
                    2,
                    store().transact(s -> addAgent(s, "echo", "later")).state().revision());
        }

        @Test
        void aChangeMayReadTheDocumentItIsChanging() {
            store().transact(s -> smallState());
            AtomicReference<InstallState> seen = new AtomicReference<>();
            store().transact(s -> {
                seen.set(store().read().state());
                return addAgent(s, "echo", "b");
            });
            assertEquals(atRevision(smallState(), 1), seen.get());
        }

        @Test
        void theDocumentAndTheLockFileAreOwnerOnlyAndSoIsTheirDirectory() throws IOException {
            store().transact(s -> smallState());
            HomeLayout layout = new HomeLayout(home);
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(layout.stateFile())));
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(layout.stateLock())));
            assertEquals(
                    "rwx------",
                    PosixFilePermissions.toString(
                            Files.getPosixFilePermissions(layout.stateFile().getParent())));
        }

        @Test
        void theNextCommitRemovesTheTempFileOfAWriterThatDiedButAReadDoesNot() throws IOException {
            store().transact(s -> smallState());
            Path abandoned = store().file().resolveSibling(".state.json.tmp-0b1e5a1e");
            Files.writeString(abandoned, "{\"schema_version\": 1, \"revi");
            store().read();
            assertTrue(Files.exists(abandoned));
            store().transact(s -> addAgent(s, "echo", "c"));
            assertFalse(Files.exists(abandoned));
        }
    }

    @Nested
    class StoredManifests {
        /** echo: a tree whose manifest lacks the entry a tree needs, a rollback whose manifest lacks a name. */
        static InstallState withBrokenManifests() {
            Map<String, Object> noEntry = new LinkedHashMap<>(manifestDocument("echo"));
            noEntry.remove("entry");
            Map<String, Object> noName = new LinkedHashMap<>(manifestDocument("echo"));
            noName.remove("name");
            Map<String, Object> fileWithoutEntry = new LinkedHashMap<>(manifestDocument("tool"));
            fileWithoutEntry.remove("entry");
            PluginState echo = new PluginState(
                    Optional.of(record("echo-2", ArtifactShape.TREE, Optional.of(new RecordedManifest(noEntry)))),
                    Optional.of(record("echo-1", ArtifactShape.FILE, Optional.of(new RecordedManifest(noName)))),
                    Set.of(),
                    List.of(),
                    Set.of(),
                    false);
            PluginState tool = new PluginState(
                    Optional.of(
                            record("tool", ArtifactShape.FILE, Optional.of(new RecordedManifest(fileWithoutEntry)))),
                    Optional.empty(),
                    Set.of(),
                    List.of(),
                    Set.of(),
                    false);
            return new InstallState(InstallState.SCHEMA_VERSION, 0, new TreeMap<>(Map.of("echo", echo, "tool", tool)));
        }

        @Test
        void aManifestThatNoLongerValidatesIsReportedWithItsPlaceAndTheRecordIsKept() {
            store().transact(s -> withBrokenManifests());
            StateView view = store().read();
            assertEquals(atRevision(withBrokenManifests(), 1), view.state());
            assertEquals(
                    List.of("echo/current", "echo/previous"),
                    view.problems().stream()
                            .map(p -> p.plugin() + "/" + p.slot())
                            .toList());
            String current = view.problems().get(0).reason();
            assertTrue(current.startsWith(store().file() + ": plugins.echo.current.manifest: entry"), current);
            String previous = view.problems().get(1).reason();
            assertTrue(previous.startsWith(store().file() + ": plugins.echo.previous.manifest: name"), previous);
        }

        @Test
        void aLaterCommitKeepsTheFailingManifestAsItWasStored() {
            store().transact(s -> withBrokenManifests());
            StateView view = store().transact(s -> addAgent(s, "echo", "default"));
            assertEquals(2, view.problems().size());
            InstallState read = store().read().state();
            assertEquals(
                    withBrokenManifests().plugin("echo").orElseThrow().previous(),
                    read.plugin("echo").orElseThrow().previous());
            assertEquals(
                    withBrokenManifests().plugin("echo").orElseThrow().current(),
                    read.plugin("echo").orElseThrow().current());
        }
    }
}
