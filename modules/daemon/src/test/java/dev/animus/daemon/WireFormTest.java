package dev.animus.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.control.ControlError;
import dev.animus.control.RecordJson;
import dev.animus.core.Fix;
import dev.animus.core.HostFailure;
import dev.animus.core.InitializeResult;
import dev.animus.host.LaunchFailed;
import dev.animus.host.PluginCallFailed;
import dev.animus.host.PluginStatus;
import dev.animus.install.LaunchRefused;
import dev.animus.providers.AgentOutcome;
import dev.animus.providers.AgentRequest;
import dev.animus.providers.CancelNotSupported;
import dev.animus.providers.NoActiveSession;
import dev.animus.providers.ProviderFailure;
import dev.animus.providers.ProviderMissing;
import dev.animus.providers.RunFailed;
import dev.animus.providers.RunnerEvent;
import dev.animus.runtime.AgentJson;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The wire form of the host's values and failures (decision 035): every kind of {@link HostFailure},
 * a plugin's status and an initialize result, made with random components by their own canonical
 * constructors (so they validate as any other value), survive the trip through JSON text equal; and
 * each plugin use case failure comes back from the daemon's error as the same failure with the same
 * message, which is what makes the shell's output the same with and without a daemon.
 */
class WireFormTest {
    private static final JsonMapper JSON = JsonMapper.shared();

    static Stream<Long> seeds() {
        return LongStream.range(0, 40).boxed();
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void everyKindOfHostFailureSurvivesTheWireEqual(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        for (Class<?> kind : kinds(HostFailure.class)) {
            HostFailure f = (HostFailure) Values.make(kind, random, 0);
            assertEquals(f, trip(f, HostFailure.class), kind.getSimpleName());
        }
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void statusesAndInitializeResultsSurviveTheWireEqual(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        PluginStatus status = (PluginStatus) Values.make(PluginStatus.class, random, 0);
        assertEquals(status, trip(status, PluginStatus.class));
        InitializeResult init = (InitializeResult) Values.make(InitializeResult.class, random, 0);
        assertEquals(init, trip(init, InitializeResult.class));
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void aPluginUseCaseFailureComesBackAsTheSameFailureWithTheSameMessage(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        HostFailure f = (HostFailure) Values.make(Values.pick(kinds(HostFailure.class), random), random, 0);
        List<RuntimeException> failures = List.of(
                PluginCallFailed.reported("echo", "echo/say", f, random.nextBoolean()),
                LaunchFailed.reported("echo", "plugin echo failed the handshake: " + f.message(), f, List.of("x")),
                LaunchRefused.reported(f));
        for (RuntimeException sent : failures) {
            ControlError wire = FailureWire.toWire(sent).orElseThrow();
            // through JSON text, as over the socket
            JsonNode data = JSON.readTree(JSON.writeValueAsString(wireData(wire)));
            ControlError received = ControlError.fromWire(wire.category().code(), wire.getMessage(), data);
            RuntimeException back = FailureWire.fromWire(received);
            assertInstanceOf(sent.getClass(), back);
            assertEquals(sent.getMessage(), back.getMessage());
            switch (back) {
                case PluginCallFailed p -> {
                    assertEquals(f, p.failure());
                    assertEquals(((PluginCallFailed) sent).requestWritten(), p.requestWritten());
                }
                case LaunchFailed l -> assertEquals(List.of("x"), l.stderrTail());
                case LaunchRefused l -> assertEquals(f, l.failure());
                default -> throw new AssertionError(back);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void aProviderFailureComesBackAsTheSameFailureWithTheSameMessage(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        HostFailure f = (HostFailure) Values.make(Values.pick(kinds(HostFailure.class), random), random, 0);
        Fix fix = (Fix) Values.make(Values.pick(kinds(Fix.class), random), random, 0);
        List<ProviderFailure> failures = List.of(
                new ProviderMissing("oai", List.of(fix)),
                new RunFailed("flaky", "cs-" + seed, f, "partial " + seed),
                new NoActiveSession("cs-" + seed),
                new CancelNotSupported("quiet", "cs-" + seed));
        for (ProviderFailure sent : failures) {
            ControlError wire = FailureWire.toWire(sent).orElseThrow();
            JsonNode data = JSON.readTree(JSON.writeValueAsString(wireData(wire)));
            RuntimeException back =
                    FailureWire.fromWire(ControlError.fromWire(wire.category().code(), wire.getMessage(), data));
            assertInstanceOf(sent.getClass(), back);
            assertEquals(sent.getMessage(), back.getMessage());
            switch ((ProviderFailure) back) {
                case ProviderMissing m -> assertEquals(List.of(fix), m.fixes());
                case RunFailed r -> {
                    assertEquals(f, r.failure());
                    assertEquals("partial " + seed, r.outputSoFar());
                    assertEquals("cs-" + seed, r.controlSessionId());
                }
                case NoActiveSession n -> assertEquals("cs-" + seed, n.controlSessionId());
                case CancelNotSupported c -> assertEquals("quiet", c.provider());
            }
        }
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void aRunsFailureComesBackFromTheAgentStreamAsTheSameFailure(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        HostFailure f = (HostFailure) Values.make(Values.pick(kinds(HostFailure.class), random), random, 0);
        List<RuntimeException> failures = List.of(
                new RunFailed("flaky", "cs-" + seed, f, "partial " + seed),
                new ProviderMissing("oai", List.of()),
                new IllegalStateException("odd " + seed));
        for (RuntimeException sent : failures) {
            JsonNode line = JSON.readTree(JSON.writeValueAsString(AgentWire.failed("cs-" + seed, sent)));
            assertEquals("failed", line.path("type").asString());
            RuntimeException back = AgentWire.failure(line);
            assertEquals(sent.getMessage(), back.getMessage());
            if (sent instanceof RunFailed r) {
                RunFailed b = assertInstanceOf(RunFailed.class, back);
                assertEquals(r.failure(), b.failure());
                assertEquals(r.outputSoFar(), b.outputSoFar());
                assertEquals(r.outputSoFar(), line.path("output_so_far").asString());
            } else if (sent instanceof ProviderMissing) {
                assertInstanceOf(ProviderMissing.class, back);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("seeds")
    void aRunsRequestAndEventsSurviveTheAgentStreamEqual(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        AgentRequest sent = AgentRequest.of("p" + r.nextInt(100), r.nextBoolean() ? "" : "say \"hi\"\n" + seed);
        if (r.nextBoolean()) {
            sent = sent.withModel("m" + r.nextInt(9));
        }
        if (r.nextBoolean()) {
            sent = sent.resuming("conv-" + r.nextInt(1000));
        }
        if (r.nextBoolean()) {
            sent = sent.withTimeout(Duration.ofMillis(1 + r.nextInt(100_000)));
        }
        if (r.nextBoolean()) {
            sent = sent.withEnv(Map.of("A" + r.nextInt(5), "v=" + seed, "B", ""));
        }
        if (r.nextBoolean()) {
            sent = sent.withSystemPrompt("be brief");
        }
        JsonNode params = JSON.readTree(JSON.writeValueAsString(AgentWire.params(sent, "default")));
        assertEquals(sent, AgentWire.request(params, sent.resume().isPresent()));
        JsonNode value = JSON.readTree("{\"k\": [1, \"two\", null, {\"x\": " + seed + "}]}");
        List<RunnerEvent> events = List.of(
                new RunnerEvent.Output("chunk " + seed + "\u0000\n", r.nextBoolean()),
                new RunnerEvent.Thinking("hmm " + seed),
                new RunnerEvent.ToolCall("ls", value, r.nextBoolean() ? Optional.of("fs") : Optional.empty()),
                new RunnerEvent.ToolResult("ls", value.path("k"), r.nextBoolean()),
                new RunnerEvent.Error("slow " + seed, r.nextBoolean()),
                new RunnerEvent.Metadata(
                        "vendor/odd",
                        r.nextBoolean() ? value : tools.jackson.databind.node.JsonNodeFactory.instance.nullNode()));
        for (RunnerEvent e : events) {
            JsonNode line = JSON.readTree(JSON.writeValueAsString(AgentJson.event(e)));
            assertEquals(e, AgentJson.readEvent(line));
        }
        AgentOutcome outcome = new AgentOutcome(
                "cs-" + seed,
                r.nextInt(256),
                "all " + seed,
                value,
                r.nextBoolean() ? Optional.of("conv-" + seed) : Optional.empty());
        assertEquals(outcome, AgentJson.readResult(JSON.readTree(JSON.writeValueAsString(AgentJson.result(outcome)))));
    }

    private static JsonNode wireData(ControlError e) {
        var d = e.detail();
        d.put("category", e.category().word()).put("message", e.getMessage());
        return d;
    }

    private static <T> T trip(T value, Class<T> type) {
        String text = JSON.writeValueAsString(RecordJson.write(value, type));
        return RecordJson.read(JSON.readTree(text), type);
    }

    private static List<Class<?>> kinds(Class<?> sealed) {
        List<Class<?>> out = new ArrayList<>();
        for (Class<?> c : sealed.getPermittedSubclasses()) {
            if (c.isSealed() && c.isInterface()) {
                out.addAll(kinds(c));
            } else {
                out.add(c);
            }
        }
        return out;
    }

    /** Random values of record types, made by their canonical constructors. */
    static final class Values {
        private Values() {}

        static <T> T pick(List<T> from, SplittableRandom r) {
            return from.get(r.nextInt(from.size()));
        }

        static Object make(Type type, SplittableRandom r, int depth) {
            Class<?> raw = type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) type;
            if (raw == String.class) {
                return word(r);
            }
            if (raw == int.class || raw == Integer.class) {
                return r.nextInt(0, 10_000);
            }
            if (raw == long.class || raw == Long.class) {
                return r.nextLong(0, 1L << 40);
            }
            if (raw == boolean.class || raw == Boolean.class) {
                return r.nextBoolean();
            }
            if (raw == Duration.class) {
                return Duration.ofMillis(r.nextLong(1, 1_000_000));
            }
            if (raw == Instant.class) {
                return Instant.ofEpochMilli(r.nextLong(0, 4_000_000_000_000L));
            }
            if (raw == Path.class) {
                return Path.of("/tmp", word(r));
            }
            if (raw == OptionalInt.class) {
                return r.nextBoolean() ? OptionalInt.of(r.nextInt(0, 255)) : OptionalInt.empty();
            }
            if (raw == OptionalLong.class) {
                return r.nextBoolean() ? OptionalLong.of(r.nextLong(1, 1 << 22)) : OptionalLong.empty();
            }
            if (raw == Optional.class) {
                return r.nextBoolean() && depth < 3 ? Optional.of(make(arg(type, 0), r, depth + 1)) : Optional.empty();
            }
            if (raw == List.class) {
                List<Object> l = new ArrayList<>();
                for (int i = r.nextInt(0, depth < 3 ? 3 : 1); i > 0; i--) {
                    l.add(make(arg(type, 0), r, depth + 1));
                }
                return List.copyOf(l);
            }
            if (raw == Set.class) {
                Set<Object> s = new TreeSet<>();
                for (int i = r.nextInt(0, 3); i > 0; i--) {
                    s.add(make(arg(type, 0), r, depth + 1));
                }
                return Set.copyOf(s);
            }
            if (raw == Map.class) {
                Map<String, Object> m = new TreeMap<>();
                for (int i = r.nextInt(0, 3); i > 0; i--) {
                    m.put(word(r), make(arg(type, 1), r, depth + 1));
                }
                return Map.copyOf(m);
            }
            if (raw.isEnum()) {
                Object[] all = raw.getEnumConstants();
                return all[r.nextInt(all.length)];
            }
            if (raw.isSealed() && raw.isInterface()) {
                List<Class<?>> kinds = kinds(raw);
                if (depth >= 3) {
                    kinds = kinds.stream()
                            .filter(k -> k.getRecordComponents().length <= 1)
                            .toList();
                }
                return make(pick(kinds, r), r, depth + 1);
            }
            if (raw.isRecord()) {
                return record(raw, r, depth);
            }
            throw new IllegalArgumentException("no generator for " + type);
        }

        private static Object record(Class<?> raw, SplittableRandom r, int depth) {
            RecordComponent[] cs = raw.getRecordComponents();
            Class<?>[] types = new Class<?>[cs.length];
            for (int i = 0; i < cs.length; i++) {
                types[i] = cs[i].getType();
            }
            IllegalArgumentException last = null;
            for (int attempt = 0; attempt < 50; attempt++) {
                Object[] args = new Object[cs.length];
                for (int i = 0; i < cs.length; i++) {
                    args[i] = make(cs[i].getGenericType(), r, depth + 1);
                }
                try {
                    return raw.getDeclaredConstructor(types).newInstance(args);
                } catch (InvocationTargetException e) {
                    last = new IllegalArgumentException(raw.getSimpleName() + ": " + e.getCause(), e.getCause());
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }
            throw last;
        }

        private static String word(SplittableRandom r) {
            String letters = "abcdefghijklmnopqrstuvwxyz";
            StringBuilder b = new StringBuilder();
            for (int i = r.nextInt(3, 10); i > 0; i--) {
                b.append(letters.charAt(r.nextInt(letters.length())));
            }
            return b.toString();
        }

        private static Type arg(Type type, int i) {
            return ((ParameterizedType) type).getActualTypeArguments()[i];
        }
    }

    @org.junit.jupiter.api.Test
    void theGeneratorsMakeEveryKind() {
        assertTrue(
                kinds(HostFailure.class).size() >= 20, kinds(HostFailure.class).toString());
    }
}
