package dev.animus.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.PluginState;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every read and every transaction holds the state lock, and waits for it a bounded time
 * (docs/security.md#the-state-document).
 */
class StateLockTest {
    static final Duration SHORT = Duration.ofMillis(200);

    @TempDir
    Path home;

    @TempDir
    Path logs;

    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private Process holder;

    @AfterEach
    void stop() {
        threads.shutdownNow();
        if (holder != null) {
            holder.destroyForcibly();
        }
    }

    HomeLayout layout() {
        return new HomeLayout(home);
    }

    StateStore impatientStore() {
        return new StateStore(layout().stateFile(), layout().stateLock(), SHORT);
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void anotherProcessHoldingTheLockMakesReadsAndTransactionsTimeOutAndTouchNothing() throws Exception {
        StateStore.in(layout()).transact(s -> StateStoreTest.smallState());
        FileSnapshot before = FileSnapshot.of(layout().stateFile());
        Path log = logs.resolve("holder.err");
        holder = ChildJvm.plain().start(log, "hold", layout().stateLock().toString());
        BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
        assertEquals("held", out.readLine(), () -> ChildJvm.tail(log));

        LockTimedOut read =
                assertThrows(LockTimedOut.class, () -> impatientStore().read());
        assertTrue(read.getMessage().contains(layout().stateLock().toString()), read.getMessage());
        assertThrows(LockTimedOut.class, () -> impatientStore().transact(s -> s.with("x", PluginState.empty())));
        before.assertUnchanged();

        holder.getOutputStream().close();
        assertEquals(0, holder.waitFor(), () -> ChildJvm.tail(log));
        assertEquals(
                2,
                impatientStore()
                        .transact(s -> s.with("x", PluginState.empty()))
                        .state()
                        .revision());
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void anotherThreadHoldingTheLockMakesAReadTimeOut() throws Exception {
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Future<?> holding = threads.submit(() -> {
            try (FileLocks.Held _ = FileLocks.acquire(layout().stateLock(), Duration.ofSeconds(10))) {
                held.countDown();
                release.await();
            }
            return null;
        });
        held.await();
        assertThrows(LockTimedOut.class, () -> impatientStore().read());
        release.countDown();
        holding.get();
        assertEquals(0, impatientStore().read().state().revision());
    }

    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void theLockIsHeldFromTheReadToTheWriteOfATransaction() {
        StateStore.in(layout()).transact(s -> {
            Future<?> readElsewhere = threads.submit(() -> impatientStore().read());
            ExecutionException e = assertThrows(ExecutionException.class, readElsewhere::get);
            assertInstanceOf(LockTimedOut.class, e.getCause());
            return s.with("echo", PluginState.empty());
        });
        assertEquals(1, impatientStore().read().state().revision());
    }
}
