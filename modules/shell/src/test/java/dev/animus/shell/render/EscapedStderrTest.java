package dev.animus.shell.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;

/** The process's stderr as the log writes to it, and the JSON the shell prints. */
class EscapedStderrTest {
    static final String EVIL = "\u001b]0;pwned\u0007\r\u001b[2K\u009b31m\u202e\nforged";

    @Test
    void everyWayTheLogPrintsIsEscapedAndStaysOneLinePerRecord() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream raw = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        try (PrintStream err = new EscapedStderr(raw)) {
            err.println("DEBUG plugin - " + EVIL); // how slf4j-simple writes a record
            err.print((Object) EVIL);
            err.println();
            err.printf("%s%n", EVIL);
            err.println();
            new IllegalStateException(EVIL).printStackTrace(err);
        }
        String shown = "\\u001b]0;pwned\\u0007\\r\\u001b[2K\\u009b31m\\u202e\\nforged";
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n", -1);
        assertEquals("DEBUG plugin - " + shown, lines[0]);
        assertEquals(shown, lines[1]);
        assertEquals(shown + "\\n", lines[2], "printf's %n is text here: the record stays one line");
        assertEquals("java.lang.IllegalStateException: " + shown, lines[3]);
        assertTrue(lines[4].startsWith("\tat ") && lines[4].contains("EscapedStderrTest"), lines[4]);
    }

    @Test
    void jsonEscapesWhatATerminalActsOnAndKeepsLettersAndEmoji() {
        StringWriter out = new StringWriter();
        Terminal json = new Terminal(
                InputStream.nullInputStream(), new PrintWriter(out), new PrintWriter(new StringWriter()), false);
        String text = EVIL + "\u007f\u2066\u200b\ufeff\u2028 clé 鍵 😀";
        json.printJson(JsonNodeFactory.instance.objectNode().put(text, text));
        String escaped =
                "\\u001B]0;pwned\\u0007\\r\\u001B[2K\\u009b31m\\u202e\\nforged\\u007F\\u2066\\u200b\\ufeff\\u2028"
                        + " clé 鍵 😀";
        assertEquals("{\n  \"" + escaped + "\": \"" + escaped + "\"\n}\n", out.toString());
        assertEquals(
                text,
                Terminal.json()
                        .readTree(out.toString())
                        .propertyNames()
                        .iterator()
                        .next());
    }
}
