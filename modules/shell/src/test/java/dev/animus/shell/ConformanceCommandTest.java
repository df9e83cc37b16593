package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code animus plugin conformance}: the author's check, its exit status and its three outputs. */
class ConformanceCommandTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Path PYTHON = Path.of(System.getProperty("animus.testproviders.dir"));

    @Test
    void theSdksEchoPassesAndItsJunitReportIsValidXml(@TempDir Path dir) throws Exception {
        Path xml = dir.resolve("reports/conformance.xml");
        // the protocol's checks of an sdk plugin in full: the smoke test, with the image's class-data archives
        Cli.Run r = Cli.runWith(
                Cli.env(dir),
                "",
                "plugin",
                "conformance",
                Cli.echo(),
                "--only",
                "pretty-frames",
                "--junit",
                xml.toString());
        assertEquals(0, r.exitCode(), r.out() + r.err());
        assertTrue(r.err().contains("untrusted"), r.err());
        assertTrue(r.out().contains("pass  handshake"), r.out());
        assertTrue(r.out().contains("pass  pretty-frames"), r.out());
        assertTrue(r.out().contains("skip  ping"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("echo: ") && l.contains(" 0 failed")), r.out());

        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
        Element suite = (Element) doc.getElementsByTagName("testsuite").item(0);
        NodeList cases = doc.getElementsByTagName("testcase");
        assertEquals(String.valueOf(cases.getLength()), suite.getAttribute("tests"));
        assertEquals("0", suite.getAttribute("failures"));
        assertEquals(0, doc.getElementsByTagName("failure").getLength());
        assertEquals(
                suite.getAttribute("skipped"),
                String.valueOf(doc.getElementsByTagName("skipped").getLength()));
    }

    @Test
    void aFaultyPluginFailsExitsOneAndSaysWhatWasSentAndHowToFixIt(@TempDir Path dir) throws Exception {
        Path exe = dir.resolve("animus-faulty-no-gate");
        Files.copy(PYTHON.resolve("animus-conformance-faulty"), exe, StandardCopyOption.COPY_ATTRIBUTES);
        Path xml = dir.resolve("conformance.xml");
        Cli.Run r = Cli.runWith(
                Cli.env(dir),
                "",
                "plugin",
                "conformance",
                exe.toString(),
                "--only",
                "protocol",
                "--junit",
                xml.toString());
        assertEquals(1, r.exitCode(), r.out() + r.err());
        assertTrue(r.out().contains("FAIL  before-initialized"), r.out());
        assertTrue(r.out().contains("fix: until the initialized notification arrives"), r.out());
        assertTrue(r.out().contains("→ {\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"faulty/slow\""), r.out());
        assertTrue(r.out().contains(" 1 failed"), r.out());

        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
        NodeList failures = doc.getElementsByTagName("failure");
        assertEquals(1, failures.getLength());
        Element testcase = (Element) failures.item(0).getParentNode();
        assertTrue(testcase.getAttribute("name").startsWith("before-initialized: "), testcase.getAttribute("name"));
        assertTrue(((Element) failures.item(0)).getAttribute("message").contains("-32000"));

        Cli.Run json = Cli.runWith(
                Cli.env(dir), "", "--json", "plugin", "conformance", exe.toString(), "--only", "before-initialized");
        assertEquals(1, json.exitCode(), json.err());
        JsonNode doc2 = JSON.readTree(json.out());
        assertEquals("animus.plugin.conformance.v1", doc2.path("schema").asString());
        assertEquals(false, doc2.path("passed").asBoolean(true));
        assertEquals(1, doc2.path("counts").path("failed").asInt());
        JsonNode failed = null;
        for (JsonNode c : doc2.path("checks")) {
            if (c.path("outcome").asString().equals("failed")) {
                failed = c;
            }
        }
        assertEquals("before-initialized", failed.path("id").asString());
        assertTrue(failed.path("transcript").size() > 0, failed::toString);
    }

    @Test
    void onlyRunsTheChecksAskedForBesidesTheTwoThatLearnThePlugin(@TempDir Path dir) throws Exception {
        Path exe = dir.resolve("animus-faulty-no-exit");
        Files.copy(PYTHON.resolve("animus-conformance-faulty"), exe, StandardCopyOption.COPY_ATTRIBUTES);
        Cli.Run r = Cli.runWith(
                Cli.env(dir), "", "--json", "plugin", "conformance", exe.toString(), "--only", "ping,shutdown-exit");
        assertEquals(1, r.exitCode(), r.err());
        List<String> ran = new ArrayList<>();
        for (JsonNode c : JSON.readTree(r.out()).path("checks")) {
            if (!c.path("outcome").asString().equals("skipped")) {
                ran.add(c.path("id").asString() + "=" + c.path("outcome").asString());
            }
        }
        assertEquals(List.of("manifest=passed", "handshake=passed", "ping=passed", "shutdown-exit=failed"), ran);
        Cli.Run bad = Cli.runWith(Cli.env(dir), "", "plugin", "conformance", exe.toString(), "--only", "pnig");
        assertEquals(2, bad.exitCode(), bad.err());
        assertTrue(bad.err().contains("there is no check or pack pnig"), bad.err());
    }

    @Test
    void aNewPluginPassesConformanceAndANameTakenIsRefusedLeavingItAlone(@TempDir Path dir) throws Exception {
        Cli.Run made = Cli.runWith(
                Cli.env(dir), "", "plugin", "new", "tickets", "--kind", "subject_backend", "--dir", dir.toString());
        assertEquals(0, made.exitCode(), made.err());
        Path exe = dir.resolve("tickets/animus-tickets");
        assertTrue(made.out().contains("animus plugin conformance " + exe), made.out());
        // every kind in full: ScaffoldTest
        Cli.Run checked =
                Cli.runWith(Cli.env(dir), "", "plugin", "conformance", exe.toString(), "--only", "subject_backend");
        assertEquals(0, checked.exitCode(), checked.out() + checked.err());
        assertTrue(checked.out().contains("pass  subject-crud"), checked.out());

        String before = Files.readString(exe);
        Cli.Run again =
                Cli.runWith(Cli.env(dir), "", "plugin", "new", "tickets", "--kind", "custom", "--dir", dir.toString());
        assertEquals(1, again.exitCode(), again.err());
        assertTrue(again.err().contains("exists and is not empty"), again.err());
        assertEquals(before, Files.readString(exe));
        Cli.Run badKind =
                Cli.runWith(Cli.env(dir), "", "plugin", "new", "x", "--kind", "gadget", "--dir", dir.toString());
        assertEquals(2, badKind.exitCode());
        assertTrue(
                badKind.err().contains("no template for the kind gadget: name one of custom, provider,"),
                badKind.err());
        Cli.Run badName =
                Cli.runWith(Cli.env(dir), "", "plugin", "new", "Bad Name", "--kind", "custom", "--dir", dir.toString());
        assertEquals(2, badName.exitCode());
        assertTrue(badName.err().contains("name"), badName.err());
    }

    @Test
    void thePythonExamplePasses(@TempDir Path dir) {
        Cli.Run r = Cli.runWith(Cli.env(dir), "", "plugin", "conformance", Cli.pythonEcho());
        assertEquals(0, r.exitCode(), r.out() + r.err());
    }

    @Test
    void badInputIsAOneLineUsageError(@TempDir Path dir) throws IOException {
        Cli.Run missing = Cli.runWith(
                Cli.env(dir), "", "plugin", "conformance", dir.resolve("nope").toString());
        assertEquals(2, missing.exitCode());
        assertTrue(missing.err().contains("no such file: " + dir.resolve("nope")), missing.err());
        Cli.Run kind = Cli.runWith(Cli.env(dir), "", "plugin", "conformance", Cli.echo(), "--kind", "gadget");
        assertEquals(2, kind.exitCode(), kind.out() + kind.err());
        assertTrue(kind.err().contains("the kind gadget has no conformance pack: name one of provider,"), kind.err());
        assertEquals(
                1,
                kind.err().strip().lines().filter(l -> l.startsWith("error:")).count(),
                kind.err());
    }
}
