package dev.animus.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.InstallState;
import dev.animus.core.Interpreter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The interpreters recorded with trust: written with every plugin, read back, optional in older documents. */
class StateInterpretersTest {
    static final Path FILE = Path.of("/h/state/state.json");

    static String encoded() {
        return new String(StateJson.encode(StateFixtures.richState()), StandardCharsets.UTF_8);
    }

    @Test
    void anInterpreterRoundTripsWithItsDigest() {
        InstallState back = StateDecoder.decode(StateJson.encode(StateFixtures.richState()), FILE);
        assertEquals(StateFixtures.richState().plugins(), back.plugins());
        assertEquals(
                Optional.of(new Interpreter("/usr/bin/python3", List.of("-u", "-B"))),
                back.plugin("tool").orElseThrow().interpreter(StateFixtures.digest("tool")));
        assertTrue(encoded().contains("\"path\": \"/usr/bin/python3\""), encoded());
    }

    @Test
    void aDocumentWrittenBeforeInterpretersWereRecordedStillReads() {
        String older =
                encoded().replaceAll(",\\s*\"trusted_interpreters\"\\s*:\\s*\\{[^{}]*(\\{[^{}]*\\}[^{}]*)*\\}", "");
        assertTrue(!older.contains("trusted_interpreters"), older);
        InstallState back = StateDecoder.decode(older.getBytes(StandardCharsets.UTF_8), FILE);
        assertEquals(Optional.empty(), back.plugin("tool").orElseThrow().interpreter(StateFixtures.digest("tool")));
        assertEquals(StateFixtures.richState().plugin("echo"), back.plugin("echo"));
    }

    @Test
    void aRelativeInterpreterOrAnUntrustedDigestFailsClosed() {
        String relative = encoded().replace("/usr/bin/python3", "bin/python3");
        var e = assertThrows(
                DocumentUnreadable.class, () -> StateDecoder.decode(relative.getBytes(StandardCharsets.UTF_8), FILE));
        assertTrue(
                e.getMessage().contains("plugins.tool.trusted_interpreters." + StateFixtures.digest("tool")),
                e.getMessage());
        String other = encoded()
                .replace("\"" + StateFixtures.digest("tool") + "\": {", "\"" + StateFixtures.digest("nope") + "\": {");
        assertTrue(!other.equals(encoded()), "the fixture changed");
        assertThrows(DocumentUnreadable.class, () -> StateDecoder.decode(other.getBytes(StandardCharsets.UTF_8), FILE));
    }
}
