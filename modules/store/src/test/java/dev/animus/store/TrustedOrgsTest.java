package dev.animus.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class TrustedOrgsTest {
    static final Duration WAIT = Duration.ofSeconds(10);
    static final Instant MONDAY = Instant.parse("2026-11-30T12:00:00Z");
    static final Instant TUESDAY = Instant.parse("2026-12-01T08:30:15.250Z");

    @TempDir
    Path dir;

    Path file;
    TrustedOrgs orgs;

    @BeforeEach
    void createStore() {
        file = new HomeLayout(dir.resolve("home")).trustedOrgs();
        orgs = new TrustedOrgs(file, WAIT);
    }

    @Nested
    class Recording {
        @Test
        void aMissingFileHasNoDecisionsAndReadingCreatesNothing() {
            assertEquals(List.of(), orgs.list());
            assertEquals(Optional.empty(), orgs.find("acme"));
            assertFalse(Files.exists(file.getParent()), "reading created the home directory");
        }

        @Test
        void recordedDecisionsReadBackEqualInOwnerOrder() {
            OrgDecision zeta = orgs.record("zeta", OrgDecision.PROMPT, MONDAY);
            OrgDecision acme = orgs.record("acme", OrgDecision.ALLOW_ORG, TUESDAY);
            assertEquals(List.of(acme, zeta), orgs.list());
            assertEquals(
                    List.of(acme, zeta), new TrustedOrgs(file, WAIT).list(), "another instance reads the same file");
            assertEquals(Optional.of(new OrgDecision("acme", "allow-org", TUESDAY)), orgs.find("acme"));
        }

        @Test
        void theFileIsWrittenInItsCanonicalFormWithMode0600() throws IOException {
            orgs.record("octo-org", OrgDecision.YES, TUESDAY);
            orgs.record("Acme", OrgDecision.ALLOW_ORG, MONDAY);
            assertEquals("""
                    # trusted-orgs.toml: written by animus; GitHub owners whose releases may be installed (trust on first use).
                    schema_version = 1

                    [[org]]
                    name = "acme"
                    how = "allow-org"
                    decided_at = "2026-11-30T12:00:00Z"

                    [[org]]
                    name = "octo-org"
                    how = "yes"
                    decided_at = "2026-12-01T08:30:15.250Z"
                    """, Files.readString(file));
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
            assertTrue(Files.exists(file.resolveSibling(".trusted-orgs.toml.lock")));
        }

        @Test
        void anExistingDecisionIsKeptAsItIsAndTheFileIsNotRewritten() throws IOException {
            OrgDecision first = orgs.record("acme", OrgDecision.PROMPT, MONDAY);
            FileSnapshot before = FileSnapshot.of(file);
            assertEquals(first, orgs.record("ACME", OrgDecision.YES, TUESDAY));
            assertEquals(List.of(first), orgs.list());
            before.assertUnchanged();
        }

        @Test
        void anInvalidOwnerOrWayOfDecidingIsRefusedAndNothingIsWritten() {
            assertThrows(IllegalArgumentException.class, () -> orgs.record("-acme", OrgDecision.YES, MONDAY));
            assertThrows(IllegalArgumentException.class, () -> orgs.record("ac/me", OrgDecision.YES, MONDAY));
            assertThrows(IllegalArgumentException.class, () -> orgs.record("o".repeat(40), OrgDecision.YES, MONDAY));
            assertThrows(IllegalArgumentException.class, () -> orgs.record("acme", "always", MONDAY));
            assertFalse(Files.exists(file));
        }
    }

    @Nested
    class CaseInsensitivity {
        @Test
        void anOwnerIsKeptInLowerCase() {
            assertEquals(
                    "acme-corp",
                    orgs.record("ACME-Corp", OrgDecision.PROMPT, MONDAY).org());
        }

        @Test
        void anOwnerIsFoundWhateverTheCaseItIsAskedIn() {
            orgs.record("Acme", OrgDecision.PROMPT, MONDAY);
            assertTrue(orgs.find("ACME").isPresent());
            assertTrue(orgs.find("acme").isPresent());
            assertEquals(Optional.empty(), orgs.find("acme2"));
            assertEquals(Optional.empty(), orgs.find("not an owner"));
        }

        @Test
        void anOwnerIsRevokedWhateverTheCaseItIsNamedIn() {
            orgs.record("acme", OrgDecision.PROMPT, MONDAY);
            assertTrue(orgs.revoke("AcMe"));
            assertEquals(Optional.empty(), orgs.find("acme"));
        }
    }

    @Nested
    class Revoking {
        @Test
        void aRevokedOwnerIsForgottenAndTheOthersAreKept() {
            orgs.record("acme", OrgDecision.PROMPT, MONDAY);
            OrgDecision kept = orgs.record("zeta", OrgDecision.YES, MONDAY);
            assertTrue(orgs.revoke("acme"));
            assertEquals(List.of(kept), orgs.list());
            assertEquals(List.of(kept), new TrustedOrgs(file, WAIT).list());
        }

        @Test
        void revokingAnOwnerThatWasNotTrustedSaysSoAndWritesNothing() throws IOException {
            assertFalse(orgs.revoke("acme"));
            assertFalse(Files.exists(file.getParent()), "revoke created the home directory");
            orgs.record("zeta", OrgDecision.YES, MONDAY);
            FileSnapshot before = FileSnapshot.of(file);
            assertFalse(orgs.revoke("acme"));
            before.assertUnchanged();
        }

        @Test
        void aRevokedOwnerCanBeTrustedAgainWithTheNewDecision() {
            orgs.record("acme", OrgDecision.PROMPT, MONDAY);
            orgs.revoke("acme");
            assertEquals(
                    new OrgDecision("acme", OrgDecision.ALLOW_ORG, TUESDAY),
                    orgs.record("acme", OrgDecision.ALLOW_ORG, TUESDAY));
        }

        @Test
        void revokingTheLastOwnerLeavesAnEmptyReadableFile() throws IOException {
            orgs.record("acme", OrgDecision.PROMPT, MONDAY);
            orgs.revoke("acme");
            assertEquals(List.of(), orgs.list());
            assertEquals(TrustedOrgsText.HEADER + "schema_version = 1\n", Files.readString(file));
        }
    }

    @Nested
    class Concurrency {
        private static final int THREADS = 8;
        private static final int RECORDS_PER_THREAD = 15;

        @Test
        @Timeout(value = 120, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
        void recordsFromEightThreadsAtOnceAreAllKept() throws Exception {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<?>> recorders = new ArrayList<>();
            try (ExecutorService pool = Executors.newFixedThreadPool(THREADS)) {
                for (int t = 0; t < THREADS; t++) {
                    int thread = t;
                    recorders.add(pool.submit(() -> {
                        // each thread uses its own instance, as separate commands would
                        TrustedOrgs mine = new TrustedOrgs(file, WAIT);
                        go.await();
                        for (int i = 0; i < RECORDS_PER_THREAD; i++) {
                            mine.record("org-" + thread + "-" + i, OrgDecision.PROMPT, MONDAY);
                            mine.record("shared-" + i, OrgDecision.YES, MONDAY);
                        }
                        return null;
                    }));
                }
                go.countDown();
                for (Future<?> r : recorders) {
                    r.get(60, TimeUnit.SECONDS);
                }
            }
            Set<String> expected = new TreeSet<>();
            for (int t = 0; t < THREADS; t++) {
                for (int i = 0; i < RECORDS_PER_THREAD; i++) {
                    expected.add("org-" + t + "-" + i);
                    expected.add("shared-" + i);
                }
            }
            assertEquals(
                    expected,
                    orgs.list().stream().map(OrgDecision::org).collect(Collectors.toCollection(TreeSet::new)));
        }

        @Test
        @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
        void aRecordWhileAnotherHoldsTheLockGivesUpAfterItsWaitAndWritesNothing() throws Exception {
            orgs.record("acme", OrgDecision.PROMPT, MONDAY);
            FileSnapshot before = FileSnapshot.of(file);
            CountDownLatch held = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            try (ExecutorService holder = Executors.newSingleThreadExecutor()) {
                Future<?> holding = holder.submit(() -> {
                    try (FileLocks.Held _ = FileLocks.acquire(file.resolveSibling(".trusted-orgs.toml.lock"), WAIT)) {
                        held.countDown();
                        release.await();
                    }
                    return null;
                });
                held.await();
                TrustedOrgs impatient = new TrustedOrgs(file, Duration.ofMillis(50));
                try {
                    assertThrows(LockTimedOut.class, () -> impatient.record("zeta", OrgDecision.YES, MONDAY));
                    assertThrows(LockTimedOut.class, () -> impatient.revoke("acme"));
                    assertThrows(LockTimedOut.class, impatient::list);
                } finally {
                    release.countDown();
                }
                holding.get(30, TimeUnit.SECONDS);
            }
            before.assertUnchanged();
        }
    }
}
