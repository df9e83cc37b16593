package dev.animus.install;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.HostFailure;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ForwardedMethodsTest {
    private final ForwardedMethods declared = new ForwardedMethods(Set.of("trigger/watch", "echo"));

    @Test
    void theDeclaredMethodsTheChecksAndTheHostsOwnNoticesAreForwarded() {
        for (String m :
                new String[] {"trigger/watch", "echo", "$/ping", "health/check", "trigger/ack", "subject/unwatch"}) {
            assertEquals(Optional.empty(), declared.refusal("p", m), m);
        }
    }

    @Test
    void anUndeclaredMethodAndTheLifecycleAreRefused() {
        HostFailure.Undisclosed other = assertInstanceOf(
                HostFailure.Undisclosed.class,
                declared.refusal("p", "trigger/replay").orElseThrow());
        assertEquals("trigger/replay", other.method());
        for (String m : new String[] {"initialize", "shutdown", "exit", "$/cancelRequest"}) {
            HostFailure.Undisclosed u = assertInstanceOf(
                    HostFailure.Undisclosed.class, declared.refusal("p", m).orElseThrow(), m);
            assertTrue(u.lifecycle(), m);
        }
    }
}
