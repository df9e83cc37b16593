package dev.animus.sdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.sdk.provider.CancellationToken;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;

class CancellationTokenTest {

    @Test
    void callbacksRunOnceInOrderOnTheCancellingThread() {
        var token = new CancellationToken();
        List<String> ran = new ArrayList<>();
        Thread me = Thread.currentThread();
        token.onCancel(() -> ran.add("a" + (Thread.currentThread() == me)));
        token.onCancel(() -> ran.add("b"));
        assertFalse(token.isCancelled());
        assertTrue(token.cancel());
        assertFalse(token.cancel());
        assertEquals(List.of("atrue", "b"), ran);
        assertThrows(CancellationException.class, token::throwIfCancelled);
    }

    @Test
    void aCallbackAddedAfterCancellationRunsAtOnce() throws Exception {
        var token = new CancellationToken();
        token.cancel();
        List<String> ran = new ArrayList<>();
        token.onCancel(() -> ran.add("late"));
        assertEquals(List.of("late"), ran);
        assertTrue(token.await(Duration.ZERO));
    }

    @Test
    void aFailingCallbackDoesNotStopTheOthersAndIsRethrown() {
        var token = new CancellationToken();
        List<String> ran = new ArrayList<>();
        token.onCancel(() -> {
            throw new IllegalStateException("first");
        });
        token.onCancel(() -> ran.add("second"));
        var e = assertThrows(IllegalStateException.class, token::cancel);
        assertEquals("first", e.getMessage());
        assertEquals(List.of("second"), ran);
        assertTrue(token.isCancelled());
    }

    @Test
    void aLiveTokenWaitsOutItsTimeout() throws Exception {
        var token = new CancellationToken();
        assertFalse(token.await(Duration.ofMillis(1)));
        token.throwIfCancelled();
    }
}
