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

    @Test
    void theDeclaredHooksAndTheEventsNotificationAreForwarded() {
        java.util.Map<String, Object> doc = new java.util.LinkedHashMap<>();
        doc.put("name", "hooky");
        doc.put("version", "1.0.0");
        doc.put("plugin_kind", "hook");
        doc.put("description", "advice");
        doc.put("protocol_version", "1.1.0");
        doc.put("capabilities", java.util.List.of("$/ping"));
        doc.put("hooks", java.util.List.of("route.skills"));
        doc.put("policy_hooks", java.util.List.of("classify.command-risk"));
        doc.put("events", java.util.List.of("tool-start"));
        ForwardedMethods hooky = ForwardedMethods.of(new dev.animus.core.RecordedManifest(doc).validate("test", false));
        for (String m : new String[] {"hook/route.skills", "hook/classify.command-risk", "hook/event"}) {
            assertEquals(Optional.empty(), hooky.refusal("hooky", m), m);
        }
        for (String m : new String[] {"hook/classify.page", "hook/route.snapshot"}) {
            assertInstanceOf(
                    HostFailure.Undisclosed.class, hooky.refusal("hooky", m).orElseThrow(), m);
        }
        doc.put("events", java.util.List.of());
        ForwardedMethods deaf = ForwardedMethods.of(new dev.animus.core.RecordedManifest(doc).validate("test", false));
        assertInstanceOf(
                HostFailure.Undisclosed.class,
                deaf.refusal("hooky", "hook/event").orElseThrow());
    }
}
