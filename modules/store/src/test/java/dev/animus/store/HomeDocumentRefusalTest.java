package dev.animus.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.animus.core.Fix;
import dev.animus.core.SecretStoreFailed;
import dev.animus.core.SecretValue;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * The documents under animus_home that carry authority (the state document and its lock file, the
 * lockfile, the trusted owners) are opened as the secrets file is: a FIFO in their place is refused
 * at once instead of blocking every command, a mode that lets another user write them is refused
 * with the chmod to run, another user's file is refused, and no more than the bound is read.
 */
class HomeDocumentRefusalTest {
    /** Far longer than any of these calls takes, far shorter than a blocked open. */
    private static final Duration PROMPTLY = Duration.ofSeconds(20);

    @TempDir
    Path home;

    HomeLayout layout() {
        return new HomeLayout(home);
    }

    StateStore state() {
        return new StateStore(layout().stateFile(), layout().stateLock(), Duration.ofSeconds(2));
    }

    /** Runs {@code call}, which must throw {@code type} well before {@link #PROMPTLY}. */
    static <T extends Throwable> T promptly(Class<T> type, Executable call) {
        return assertTimeoutPreemptively(
                PROMPTLY, () -> assertThrows(type, call), "it blocked: something opened a FIFO");
    }

    Path validState() {
        state().transact(s -> StateStoreTest.smallState());
        return layout().stateFile();
    }

    @Nested
    class TheFifoStateFile {
        @Test
        void everyCallOfTheStateStoreReturnsPromptlyWithAnErrorNamingTheFile() throws IOException {
            Path file = layout().stateFile();
            Files.createDirectories(file.getParent());
            StoreFiles.mkfifo(file);

            for (Executable call : List.<Executable>of(() -> state().read(), () -> state().transact(s -> s))) {
                DocumentUnreadable e = promptly(DocumentUnreadable.class, call);
                assertTrue(
                        e.getMessage()
                                .startsWith(file + ": (document): it is a special file (FIFO, socket or device),"
                                        + " not a regular file"),
                        e.getMessage());
                assertTrue(e.guidance().fixes().contains(new Fix.RepairState()), e.getMessage());
                assertTrue(e.repairable());
            }
        }

        @Test
        void theRepairSetsItAsideAndTheNextReadIsTheEmptyState() throws IOException {
            Path file = layout().stateFile();
            Files.createDirectories(file.getParent());
            StoreFiles.mkfifo(file);

            Path aside = assertTimeoutPreemptively(PROMPTLY, () -> state().quarantine(Instant.EPOCH))
                    .orElseThrow();

            assertTrue(NoFollow.lstat(aside).isOther(), "the FIFO itself was moved, not opened");
            assertFalse(Files.exists(file));
            assertEquals(0, state().read().state().revision());
        }

        @Test
        void aFifoInPlaceOfTheStateLockIsRefusedPromptly() throws IOException {
            Path lock = layout().stateLock();
            Files.createDirectories(lock.getParent());
            StoreFiles.mkfifo(lock);

            for (Executable call : List.<Executable>of(
                    () -> state().read(), () -> state().transact(s -> s), () -> state().quarantine(Instant.EPOCH))) {
                UncheckedIOException e = promptly(UncheckedIOException.class, call);
                assertTrue(
                        e.getMessage()
                                .contains(lock + ": it is a special file (FIFO, socket or device), not a"
                                        + " regular file"),
                        e.getMessage());
                assertTrue(e.getMessage().contains("remove it"), e.getMessage());
            }
        }

        @Test
        void aFifoInPlaceOfTheLockfileOrTheTrustedOwnersIsRefusedPromptly() throws IOException {
            Files.createDirectories(home);
            Path lockfile = StoreFiles.mkfifo(layout().globalLockfile());
            Path orgs = StoreFiles.mkfifo(layout().trustedOrgs());
            LockfileStore lockfiles = new LockfileStore(lockfile, Duration.ofSeconds(2));
            TrustedOrgs trusted = new TrustedOrgs(orgs, Duration.ofSeconds(2));

            UncheckedIOException l = promptly(UncheckedIOException.class, lockfiles::read);
            UncheckedIOException o = promptly(UncheckedIOException.class, trusted::list);

            assertTrue(l.getMessage().contains(lockfile + ": it is a special file"), l.getMessage());
            assertTrue(o.getMessage().contains(orgs + ": it is a special file"), o.getMessage());
        }

        @Test
        void aFifoInPlaceOfTheLockfilesLockIsRefusedPromptly() throws IOException {
            Files.createDirectories(home);
            Path lock = StoreFiles.mkfifo(home.resolve(".plugins.lock.lock"));
            LockfileStore lockfiles = new LockfileStore(layout().globalLockfile(), Duration.ofSeconds(2));

            UncheckedIOException e =
                    promptly(UncheckedIOException.class, () -> lockfiles.save(List.of(), Set.of(), false));

            assertTrue(e.getMessage().contains(lock + ": it is a special file"), e.getMessage());
        }
    }

    @Nested
    class AModeThatLetsOthersWrite {
        @Test
        void aWorldWritableStateDocumentIsRefusedWithTheChmodToRunAndNotSetAside() throws IOException {
            Path file = validState();
            StoreFiles.chmod("666", file);
            byte[] before = Files.readAllBytes(file);

            DocumentUnreadable read = assertThrows(DocumentUnreadable.class, () -> state().read());
            assertThrows(DocumentUnreadable.class, () -> state().transact(s -> StateStoreTest.smallState()));
            DocumentUnreadable repair = assertThrows(DocumentUnreadable.class, () -> state().quarantine(Instant.EPOCH));

            assertEquals(
                    file + ": (document): every user may write it (mode 0666), so what it says may not be yours;"
                            + " the document is retained for recovery and left unchanged; check what it holds, then run"
                            + " 'chmod 600 " + file + "'",
                    read.getMessage());
            assertFalse(read.repairable());
            assertEquals(read.getMessage(), repair.getMessage());
            assertArrayEquals(before, Files.readAllBytes(file));
            assertEquals(List.of("state.json"), names(file.getParent()), "nothing was set aside");

            StoreFiles.chmod("600", file);
            assertEquals(1, state().read().state().revision(), "the advised chmod is the fix");
        }

        @Test
        void aGroupWritableStateDocumentIsRefusedAReadableOneIsNot() throws IOException {
            Path file = validState();
            StoreFiles.chmod("620", file);
            DocumentUnreadable e = assertThrows(DocumentUnreadable.class, () -> state().read());
            assertTrue(e.getMessage().contains("its group may write it (mode 0620)"), e.getMessage());

            StoreFiles.chmod("644", file);
            assertEquals(1, state().read().state().revision(), "others may read it: it holds no secret");
        }

        @Test
        void aWorldWritableLockfileIsRefusedAGroupWritableOneIsNot() throws IOException {
            LockfileStore lockfiles = new LockfileStore(layout().globalLockfile(), Duration.ofSeconds(2));
            lockfiles.save(List.of(LockEntries.path("echo")), Set.of(), false);
            Path file = lockfiles.file();
            StoreFiles.chmod("666", file);

            LockfileUnreadable e = assertThrows(LockfileUnreadable.class, lockfiles::read);
            assertTrue(e.getMessage().startsWith(file + ": every user may write it (mode 0666)"), e.getMessage());
            assertTrue(e.getMessage().contains("run 'chmod go-w " + file + "'"), e.getMessage());

            StoreFiles.chmod("664", file);
            assertEquals(
                    Set.of("echo"), lockfiles.read().entries().keySet(), "a shared checkout may be group-writable");
        }

        @Test
        void aGroupWritableTrustedOwnersFileIsRefused() throws IOException {
            TrustedOrgs trusted = new TrustedOrgs(layout().trustedOrgs(), Duration.ofSeconds(2));
            trusted.record("acme", OrgDecision.YES, Instant.EPOCH);
            StoreFiles.chmod("660", trusted.file());

            TrustedOrgsUnreadable e = assertThrows(TrustedOrgsUnreadable.class, () -> trusted.find("acme"));
            assertTrue(e.getMessage().contains("its group may write it (mode 0660)"), e.getMessage());
            assertTrue(e.getMessage().contains("run 'chmod 600 " + trusted.file() + "'"), e.getMessage());
        }
    }

    @Nested
    class AnotherUsersFile {
        @Test
        void aStateDocumentOwnedByAnotherUserIsRefused() throws IOException {
            assumeTrue(DocumentFile.currentUid() == 0, "only root can give a file to another user");
            Path file = validState();
            StoreFiles.run("chown", "12345", file.toString());

            DocumentUnreadable e = assertThrows(DocumentUnreadable.class, () -> state().read());

            assertTrue(
                    e.getMessage().contains("it is owned by the user with uid 12345, not by you (uid 0) nor root"),
                    e.getMessage());
            assertFalse(e.repairable());
        }

        @Test
        void aSecretsFileOwnedByAnotherUserIsRefused() throws IOException {
            assumeTrue(DocumentFile.currentUid() == 0, "only root can give a file to another user");
            SecretsFile secrets = new SecretsFile(layout());
            secrets.set("echo", "TOKEN", SecretValue.of("s3cret"));
            StoreFiles.run("chown", "12345", secrets.file().toString());

            var e = assertThrows(SecretStoreFailed.class, () -> secrets.get("echo", "TOKEN"));
            assertTrue(
                    e.getMessage().contains("it is owned by the user with uid 12345, not by you (uid 0) nor root"),
                    e.getMessage());
            assertFalse(e.getMessage().contains("s3cret"));
        }

        @Test
        void aTrustedOwnersFileOwnedByAnotherUserIsRefused() throws IOException {
            assumeTrue(DocumentFile.currentUid() == 0, "only root can give a file to another user");
            TrustedOrgs trusted = new TrustedOrgs(layout().trustedOrgs(), Duration.ofSeconds(2));
            trusted.record("acme", OrgDecision.YES, Instant.EPOCH);
            StoreFiles.run("chown", "12345", trusted.file().toString());

            TrustedOrgsUnreadable e = assertThrows(TrustedOrgsUnreadable.class, trusted::list);
            assertTrue(e.getMessage().contains("owned by the user with uid 12345"), e.getMessage());
        }
    }

    @Test
    void aStateDocumentOverTheBoundIsRefusedWithoutReadingItWhole() throws IOException {
        Path file = layout().stateFile();
        Files.createDirectories(file.getParent());
        try (RandomAccessFile sparse = new RandomAccessFile(file.toFile(), "rw")) {
            sparse.setLength(StateStore.MAX_BYTES + 1L);
        }
        StoreFiles.chmod("600", file);

        DocumentUnreadable e = assertThrows(DocumentUnreadable.class, () -> state().read());

        assertTrue(e.getMessage().startsWith(file + ": (document): it is larger than 64 MiB"), e.getMessage());
    }

    private static List<String> names(Path dir) throws IOException {
        try (var s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> !n.startsWith("."))
                    .sorted()
                    .toList();
        }
    }
}
