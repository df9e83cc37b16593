package dev.animus.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class CatalogTest {

    @Test
    void thePackedCatalogReadsWithTheProtocolChecksFirst() {
        List<String> ids = Catalog.packed().ids();
        assertEquals(List.of("manifest", "handshake", "version-mismatch"), ids.subList(0, 3));
        assertTrue(
                ids.containsAll(List.of(
                        "before-initialized",
                        "stdin-eof",
                        "pretty-frames",
                        "provider-run",
                        "subject-crud",
                        "trigger-watch",
                        "transport-start-shutdown",
                        "log-storage-store-query",
                        "hook-command-risk")),
                ids::toString);
    }

    @Test
    void aTypoInAStepIsAnErrorNamingThePackTheScenarioAndTheStep() {
        var e = assertThrows(IllegalArgumentException.class, () -> ScenarioReader.read("""
                {"pack": "p", "scenarios": [{"id": "a", "title": "t", "hint": "h", "steps": [
                  {"send": {"jsonrpc": "2.0", "id": 1, "method": "m"}},
                  {"expect": {"id": 1}, "whithin_ms": 10}]}]}""", "p.json"));
        assertTrue(e.getMessage().startsWith("p.json scenario a step 2: unknown key \"whithin_ms\""), e::getMessage);
    }

    @Test
    void aStepWithTwoFormsOrNoBoundIsRefused() {
        var two = assertThrows(IllegalArgumentException.class, () -> ScenarioReader.read("""
                {"pack": "p", "scenarios": [{"id": "a", "title": "t", "hint": "h", "steps": [
                  {"send": {}, "close_stdin": true}]}]}""", "p.json"));
        assertTrue(two.getMessage().contains("a step has exactly one of"), two::getMessage);
        var unbounded = assertThrows(IllegalArgumentException.class, () -> ScenarioReader.read("""
                {"pack": "p", "scenarios": [{"id": "a", "title": "t", "hint": "h", "steps": [
                  {"expect": {"id": 1}}]}]}""", "p.json"));
        assertTrue(unbounded.getMessage().contains("\"within_ms\""), unbounded::getMessage);
    }
}
