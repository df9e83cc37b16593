package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The failure values of docs/lifecycle.md#failures-and-retry: how each is classified and what it
 * tells people.
 */
class HostFailureTest {
    private static final Instant SINCE = Instant.parse("2025-03-01T10:15:30Z");
    private static final HostFailure.Timeout TIMEOUT = new HostFailure.Timeout("echo/say", Duration.ofSeconds(30));

    /** One example of every variant, its class, and what its message must name. */
    record Case(HostFailure failure, FailureClass expected, List<String> named) {
        @Override
        public String toString() {
            return failure.getClass().getSimpleName();
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                new Case(
                        new HostFailure.Rpc(
                                ErrorCodes.INVALID_PARAMS, "text is required", Optional.of("{\"field\":\"text\"}")),
                        FailureClass.STRUCTURED_ERROR,
                        List.of("text is required")),
                new Case(
                        new HostFailure.Cancelled("agent/run"),
                        FailureClass.STRUCTURED_ERROR,
                        List.of("agent/run", "cancelled")),
                new Case(
                        new HostFailure.NotSupported("echo", "agent/run"),
                        FailureClass.STRUCTURED_ERROR,
                        List.of("echo", "agent/run")),
                new Case(
                        new HostFailure.ConnectionLost(
                                "plugin echo exited with code 3", OptionalInt.of(3), List.of("panic: nil map")),
                        FailureClass.DEATH_LIKE,
                        List.of("echo", "code 3")),
                new Case(TIMEOUT, FailureClass.DEATH_LIKE, List.of("echo/say", "30s")),
                new Case(
                        new HostFailure.ProcessExited(OptionalInt.of(3), List.of("panic: nil map")),
                        FailureClass.DEATH_LIKE,
                        List.of("exited with code 3")),
                new Case(
                        new HostFailure.SpawnFailed("cannot run /plugins/echo/bin/echo: permission denied"),
                        FailureClass.REFUSED,
                        List.of("/plugins/echo/bin/echo", "permission denied")),
                new Case(
                        new HostFailure.IncompatibleProtocol("plugin echo speaks protocol 2.0, the host 1.3"),
                        FailureClass.REFUSED,
                        List.of("echo", "2.0")),
                new Case(
                        new HostFailure.Disabled("echo", SINCE, "crashed 5 times within 5m"),
                        FailureClass.REFUSED,
                        List.of("echo", SINCE.toString(), "crashed 5 times within 5m")),
                new Case(
                        new HostFailure.TooManyRestarts("echo", 5, Duration.ofMinutes(5), TIMEOUT),
                        FailureClass.REFUSED,
                        List.of("echo", "5 times within 5m", TIMEOUT.message())),
                new Case(new HostFailure.NotRegistered("echo"), FailureClass.REFUSED, List.of("echo")),
                new Case(new HostFailure.ShuttingDown("echo"), FailureClass.REFUSED, List.of("echo", "shutting down")),
                new Case(new HostFailure.NotTrusted("echo", "coder"), FailureClass.REFUSED, List.of("echo")),
                new Case(new HostFailure.NotConsented("echo", "coder"), FailureClass.REFUSED, List.of("echo")),
                new Case(new HostFailure.NotEnabled("echo", "coder"), FailureClass.REFUSED, List.of("echo", "coder")),
                new Case(
                        new HostFailure.NotInstalled(
                                "echo", new Fix.Install(new Fix.Source.At("./animus-plugin-echo"), Optional.empty())),
                        FailureClass.REFUSED,
                        List.of("echo", "not installed")),
                new Case(
                        new HostFailure.CodeChanged("echo", "a".repeat(64), "b".repeat(64)),
                        FailureClass.REFUSED,
                        List.of("echo", "a".repeat(64), "b".repeat(64))),
                new Case(
                        new HostFailure.StateUnreadable("/h/state/state.json: unknown schema_version 99"),
                        FailureClass.REFUSED,
                        List.of("state.json", "schema_version 99")),
                new Case(
                        new HostFailure.InterpreterUnusable(
                                "pyecho", "its interpreter /usr/bin/python3 does not" + " exist\n"),
                        FailureClass.REFUSED,
                        List.of("pyecho", "/usr/bin/python3")),
                new Case(
                        new HostFailure.Undisclosed("echo", "files/export", false),
                        FailureClass.REFUSED,
                        List.of("echo", "files/export")),
                new Case(
                        new HostFailure.Undisclosed("echo", "shutdown", true),
                        FailureClass.REFUSED,
                        List.of("echo", "shutdown", "lifecycle", "never forwarded")));
    }

    @Test
    void theExamplesCoverEveryVariant() {
        Set<Class<?>> variants = Set.of(HostFailure.class.getPermittedSubclasses());
        Set<Class<?>> covered = cases().map(c -> c.failure().getClass()).collect(Collectors.toSet());
        assertEquals(variants, covered);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void eachVariantIsClassifiedAsTheDesignSays(Case c) {
        assertEquals(c.expected(), c.failure().classify());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void eachMessageIsOneLineNamingWhatFailed(Case c) {
        String message = c.failure().message();
        assertFalse(message.isBlank());
        assertFalse(message.contains("\n") || message.contains("\r"), message);
        for (String named : c.named()) {
            assertTrue(message.contains(named), "'" + message + "' does not name " + named);
        }
    }

    /** Each refusal names what to do next as values, in order; the message leaves the commands out. */
    @Test
    void refusalsCarryTheirFixesAsValues() {
        assertEquals(List.of(new Fix.Reset("echo")), new HostFailure.Disabled("echo", SINCE, "r").fixes());
        assertEquals(List.of(new Fix.Info("echo")), new HostFailure.NotRegistered("echo").fixes());
        Fix enable = new Fix.Enable("echo", new AgentScope.One("coder"));
        assertEquals(
                List.of(new Fix.Trust("echo"), new Fix.Consent("echo"), enable),
                new HostFailure.NotTrusted("echo", "coder").fixes(),
                "the whole remaining chain, for the agent that asked");
        assertEquals(List.of(new Fix.Consent("echo"), enable), new HostFailure.NotConsented("echo", "coder").fixes());
        assertEquals(
                List.of(new Fix.Enable("echo", new AgentScope.One("coder"))),
                new HostFailure.NotEnabled("echo", "coder").fixes());
        assertEquals(
                List.of(new Fix.Update("echo", new Fix.Source.AnyFile()), new Fix.Trust("echo")),
                new HostFailure.CodeChanged("echo", "a", "b").fixes());
        assertEquals(
                List.of(new Fix.Update("echo", new Fix.Source.At("/src/animus-plugin-echo"))),
                new HostFailure.CodeChanged("echo", "a", "b", Optional.of("/src/animus-plugin-echo")).fixes(),
                "the original still has the trusted bytes: updating from it is the whole repair");
        assertEquals(List.of(new Fix.Trust("pyecho")), new HostFailure.InterpreterUnusable("pyecho", "gone").fixes());
        assertEquals(
                List.of(new Fix.Update("echo", new Fix.Source.AnyFile()), new Fix.Consent("echo")),
                new HostFailure.Undisclosed("echo", "files/export", false).fixes());
        assertEquals(List.of(new Fix.Ping("echo")), new HostFailure.Undisclosed("echo", "shutdown", true).fixes());
        assertEquals(List.of(), TIMEOUT.fixes());
    }

    /** The plugin answered, whatever the code: protocol range and application codes alike. */
    @ParameterizedTest
    @ValueSource(ints = {-32700, -32650, -32600, -32601, -32603, -32000, -32003, 0, 1, 42})
    void everyErrorThePluginAnswersIsStructuredAndSpendsNoRestart(int code) {
        var failure = new HostFailure.Rpc(code, "nope", Optional.empty());
        assertEquals(FailureClass.STRUCTURED_ERROR, failure.classify());
    }

    @Test
    void anExitWithoutACodeSaysSoWithoutInventingOne() {
        var failure = new HostFailure.ProcessExited(OptionalInt.empty(), List.of());
        assertEquals("the process exited", failure.message());
    }

    @Test
    void theExitMessageLeavesTheStderrTailToWhoeverPrintsIt() {
        var failure = new HostFailure.ProcessExited(OptionalInt.of(1), List.of("secret-looking stderr line"));
        assertFalse(failure.message().contains("stderr line"), failure.message());
    }

    @Test
    void failuresCopyTheirStderrTail() {
        var tail = new ArrayList<>(List.of("one"));
        var failure = new HostFailure.ConnectionLost("lost", OptionalInt.empty(), tail);
        tail.add("two");
        assertEquals(List.of("one"), failure.stderrTail());
    }

    @Test
    void aPluginErrorTextWithLineBreaksStillMakesAOneLineMessage() { // found by the first run of this test
        var failure = new HostFailure.Rpc(ErrorCodes.INTERNAL_ERROR, "failed\nok: all good\r\n", Optional.empty());
        String message = failure.message();
        assertFalse(message.contains("\n") || message.contains("\r"), message);
        assertTrue(Arrays.stream(new String[] {"failed", "all good"}).allMatch(message::contains), message);
    }
}
