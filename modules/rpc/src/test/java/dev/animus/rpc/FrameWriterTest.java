package dev.animus.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.IntNode;
import tools.jackson.databind.node.ObjectNode;

@Timeout(30)
class FrameWriterTest {
    private static final JsonMapper JSON = JsonMapper.shared();
    private static final Duration LONG = Duration.ofSeconds(30);

    @Test
    void writesCompactJsonOneFramePerLineWithLineBreaksInStringsEscaped() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        FrameWriter writer = new FrameWriter(out, LONG);
        writer.write(JSON.readTree("{\n \"a\" : [1, 2],\n \"s\" : \"two\\nlines é\"\n}"));
        writer.write(JSON.readTree("[ true ]"));
        assertEquals("{\"a\":[1,2],\"s\":\"two\\nlines é\"}\n[true]\n", out.toString(StandardCharsets.UTF_8));
        assertEquals(2, writer.framesWritten());
    }

    @Test
    void flushesEveryFrame() throws IOException {
        Pipes pipe = Pipes.open();
        FrameWriter writer = new FrameWriter(new BufferedOutputStream(pipe.out(), 1 << 16), LONG);
        writer.write(JSON.readTree("{\"a\":1}"));
        BufferedReader reader = new BufferedReader(new InputStreamReader(pipe.in(), StandardCharsets.UTF_8));
        assertEquals("{\"a\":1}", reader.readLine());
    }

    /**
     * Regression (a CI flake): {@code CompletableFuture.get()} sets the interrupt flag again before
     * it throws, so a caller interrupted in {@code await()} cancels with its flag set; an
     * interruptible stream (a channel) would then close itself and kill the connection.
     */
    @Test
    void aWriterWhoseInterruptFlagIsSetStillDeliversAndKeepsTheFlag() throws IOException {
        Pipes pipe = Pipes.open();
        FrameWriter writer = new FrameWriter(pipe.out(), LONG);
        Thread.currentThread().interrupt();
        try {
            writer.write(JSON.readTree("{\"a\":1}"));
            assertTrue(Thread.currentThread().isInterrupted(), "the flag is kept");
        } finally {
            Thread.interrupted();
        }
        assertTrue(writer.isAlive());
        writer.write(JSON.readTree("{\"b\":2}"));
        BufferedReader reader = new BufferedReader(new InputStreamReader(pipe.in(), StandardCharsets.UTF_8));
        assertEquals("{\"a\":1}", reader.readLine());
        assertEquals("{\"b\":2}", reader.readLine());
    }

    @Test
    void rejectsRootScalars() {
        FrameWriter writer = new FrameWriter(new ByteArrayOutputStream(), LONG);
        assertThrows(IllegalArgumentException.class, () -> writer.write(IntNode.valueOf(42)));
    }

    @Test
    void deferredWritesWaitForFlushDeferred() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        FrameWriter writer = new FrameWriter(out, LONG);
        writer.deferFlushesOn(Thread.currentThread());
        writer.write(JSON.readTree("{\"a\":1}"));
        writer.write(JSON.readTree("{\"b\":2}"));
        assertEquals(0, out.size());
        writer.flushDeferred();
        assertEquals("{\"a\":1}\n{\"b\":2}\n", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void concurrentWritersNeverInterleaveFrames() throws Exception {
        Pipes pipe = Pipes.open();
        FrameWriter writer = new FrameWriter(pipe.out(), LONG);
        int threads = 8;
        int perThread = 400;
        CompletableFuture<List<String>> lines =
                CompletableFuture.supplyAsync(() -> readLines(pipe, threads * perThread));
        CountDownLatch start = new CountDownLatch(1);
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                done.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < perThread; i++) {
                        ObjectNode frame =
                                JSON.createObjectNode().put("thread", thread).put("seq", i);
                        frame.put("pad", "p".repeat((i * 7919 + thread * 104729) % 20_000));
                        writer.write(frame);
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : done) {
                f.get(20, TimeUnit.SECONDS);
            }
        }
        Map<Integer, Integer> nextSeq = new HashMap<>();
        for (String line : lines.get(20, TimeUnit.SECONDS)) {
            JsonNode frame = JSON.readTree(line);
            int thread = frame.get("thread").intValue();
            assertEquals(nextSeq.getOrDefault(thread, 0), frame.get("seq").intValue(), "order within a thread");
            nextSeq.put(thread, frame.get("seq").intValue() + 1);
        }
        for (int t = 0; t < threads; t++) {
            assertEquals(perThread, nextSeq.get(t));
        }
    }

    @Test
    void aWriteThePeerNeverReadsKillsTheWriterAfterTheWriteTimeout() {
        Pipes pipe = Pipes.open();
        AtomicReference<ConnectionLost> told = new AtomicReference<>();
        FrameWriter writer = new FrameWriter(pipe.out(), Duration.ofMillis(200), "sleepy", told::set);
        ObjectNode big = JSON.createObjectNode().put("blob", "z".repeat(1 << 20));
        long started = System.nanoTime();

        ConnectionLost lost = assertThrows(ConnectionLost.class, () -> writer.write(big));

        assertTrue(System.nanoTime() - started >= TimeUnit.MILLISECONDS.toNanos(200));
        assertTrue(lost.reason().contains("sleepy stopped reading"), lost.reason());
        assertSame(lost, told.get());
        assertFalse(writer.isAlive());
        assertSame(lost, assertThrows(ConnectionLost.class, () -> writer.write(JSON.readTree("{}"))));
    }

    @Test
    void aWriteWithADeadlineThePeerNeverReadsKillsTheWriterAtTheDeadlineNotTheWriteTimeout() {
        Pipes pipe = Pipes.open();
        AtomicReference<ConnectionLost> told = new AtomicReference<>();
        FrameWriter writer = new FrameWriter(pipe.out(), Duration.ofHours(1), "sleepy", told::set);
        ObjectNode big = JSON.createObjectNode().put("blob", "z".repeat(1 << 20));
        long started = System.nanoTime();
        WriteDeadline deadline =
                new WriteDeadline(started + TimeUnit.MILLISECONDS.toNanos(300), Duration.ofMillis(300));

        ConnectionLost lost = assertThrows(ConnectionLost.class, () -> writer.write(big, deadline));

        // not before the deadline; that the deadline, not the hour-long write timeout, ended it is
        // what the reason says (and the class's timeout bounds the wait)
        long elapsed = System.nanoTime() - started;
        assertTrue(elapsed >= TimeUnit.MILLISECONDS.toNanos(300), elapsed + " ns");
        assertEquals(
                "sleepy stopped reading: a request could not be written within its deadline of 300 ms", lost.reason());
        assertSame(lost, told.get());
        assertFalse(writer.isAlive());
    }

    @Test
    void aWriterWaitingBehindABlockedPushGivesUpAtItsDeadlineAndKillsTheWriter() throws Exception {
        Pipes pipe = Pipes.open();
        AtomicReference<ConnectionLost> told = new AtomicReference<>();
        FrameWriter writer = new FrameWriter(pipe.out(), Duration.ofHours(1), "sleepy", told::set);
        ObjectNode big = JSON.createObjectNode().put("blob", "z".repeat(1 << 20));
        var blocked = new CompletableFuture<ConnectionLost>();
        Thread.ofVirtual().start(() -> {
            try {
                writer.write(big); // no deadline: only the hour-long write timeout bounds it
                blocked.complete(null);
            } catch (ConnectionLost e) {
                blocked.complete(e);
            }
        });
        while (writer.framesWritten() == 0) {
            Thread.onSpinWait();
        }
        long started = System.nanoTime();
        WriteDeadline deadline =
                new WriteDeadline(started + TimeUnit.MILLISECONDS.toNanos(200), Duration.ofMillis(200));

        ConnectionLost lost =
                assertThrows(ConnectionLost.class, () -> writer.write(JSON.readTree("{\"small\":1}"), deadline));

        // the deadline, not the hour-long write timeout, ended the wait: the reason says which
        assertEquals(
                "sleepy stopped reading: a request could not be written within its deadline of 200 ms", lost.reason());
        assertSame(lost, told.get());
        assertSame(
                lost, blocked.get(10, TimeUnit.SECONDS), "the blocked push ends with the writer (the pipe is closed)");
    }

    @Test
    void aDeadlineLaterThanTheWriteTimeoutLeavesTheWriteTimeoutInCharge() {
        Pipes pipe = Pipes.open();
        FrameWriter writer = new FrameWriter(pipe.out(), Duration.ofMillis(200), "sleepy", cause -> {});
        ObjectNode big = JSON.createObjectNode().put("blob", "z".repeat(1 << 20));
        WriteDeadline hour = new WriteDeadline(System.nanoTime() + TimeUnit.HOURS.toNanos(1), Duration.ofHours(1));

        ConnectionLost lost = assertThrows(ConnectionLost.class, () -> writer.write(big, hour));

        assertEquals("sleepy stopped reading: a write blocked for more than 200 ms", lost.reason());
    }

    @Test
    void anIoErrorKillsTheWriterOnceWithTheErrorAsCause() {
        List<ConnectionLost> told = new ArrayList<>();
        OutputStream broken = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }
        };
        FrameWriter writer = new FrameWriter(broken, LONG, "gone", told::add);
        ConnectionLost lost = assertThrows(ConnectionLost.class, () -> writer.write(JSON.readTree("{}")));
        assertEquals("writing to gone failed: Broken pipe", lost.reason());
        assertThrows(ConnectionLost.class, () -> writer.write(JSON.readTree("{}")));
        assertEquals(List.of(lost), told);
    }

    @Test
    void closeIsIdempotentAndLaterWritesFail() {
        FrameWriter writer = new FrameWriter(new ByteArrayOutputStream(), LONG);
        writer.close();
        writer.close();
        assertThrows(ConnectionLost.class, () -> writer.write(JSON.readTree("{}")));
    }

    private static List<String> readLines(Pipes pipe, int count) {
        List<String> lines = new ArrayList<>();
        try {
            BufferedReader reader = new BufferedReader(new InputStreamReader(pipe.in(), StandardCharsets.UTF_8));
            while (lines.size() < count) {
                lines.add(reader.readLine());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return lines;
    }
}
