package dev.animus.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.InstallState;
import dev.animus.core.PluginState;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The subject aliases of a plugin ({@code --as-kind}): written with every plugin, read back, optional in older documents. */
class StateSubjectAliasesTest {
    static final Path FILE = Path.of("/h/state/state.json");

    static InstallState aliased() {
        InstallState rich = StateFixtures.richState();
        PluginState echo = rich.plugin("echo").orElseThrow();
        return rich.with("echo", echo.withSubjectAliases(List.of("task=task2", "bug.*=b2.*")));
    }

    static String encoded(InstallState s) {
        return new String(StateJson.encode(s), StandardCharsets.UTF_8);
    }

    @Test
    void aliasesRoundTripInTheirOrder() {
        InstallState back = StateDecoder.decode(StateJson.encode(aliased()), FILE);
        assertEquals(aliased().plugins(), back.plugins());
        assertEquals(
                List.of("task=task2", "bug.*=b2.*"),
                back.plugin("echo").orElseThrow().subjectAliases());
        assertTrue(encoded(aliased()).contains("\"subject_aliases\": [\n"), encoded(aliased()));
    }

    @Test
    void aDocumentWrittenBeforeAliasesWereRecordedReadsAsHavingNone() {
        String older = encoded(StateFixtures.richState()).replaceAll(",\\s*\"subject_aliases\"\\s*:\\s*\\[\\s*\\]", "");
        assertFalse(older.contains("subject_aliases"), older);
        InstallState back = StateDecoder.decode(older.getBytes(StandardCharsets.UTF_8), FILE);
        assertEquals(StateFixtures.richState().plugins(), back.plugins());
        back.plugins().values().forEach(p -> assertEquals(List.of(), p.subjectAliases()));
    }

    @Test
    void anAliasThatIsNotAStringFailsClosedNamingItsPlace() {
        String bad = encoded(aliased()).replace("\"task=task2\"", "42");
        var e = assertThrows(
                DocumentUnreadable.class, () -> StateDecoder.decode(bad.getBytes(StandardCharsets.UTF_8), FILE));
        assertTrue(e.getMessage().contains("plugins.echo.subject_aliases"), e.getMessage());
    }
}
