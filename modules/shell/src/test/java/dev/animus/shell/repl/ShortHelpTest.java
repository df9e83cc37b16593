package dev.animus.shell.repl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.runtime.Plugins;
import dev.animus.shell.Main;
import dev.animus.shell.ShellContext;
import dev.animus.shell.render.Terminal;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The shell's short {@code help}: its own commands, the tree's top commands, a pointer to the rest. */
class ShortHelpTest {

    @Test
    void listsTheShellCommandsThenTheCommandsAligned() {
        Map<String, String> commands = new LinkedHashMap<>();
        commands.put("plugin", "Work with plugins.");
        commands.put("verify-bundle", "Verify a bundle.");
        List<String> lines = ShortHelp.lines(commands);
        assertEquals("Shell commands:", lines.getFirst());
        assertTrue(
                lines.contains("  history [N]     the lines typed, numbered (the last N)"), String.join("\n", lines));
        assertTrue(lines.contains("  clear           clear the screen"), String.join("\n", lines));
        assertTrue(lines.contains("  plugin          Work with plugins."), String.join("\n", lines));
        assertTrue(lines.contains("  verify-bundle   Verify a bundle."), String.join("\n", lines));
        assertTrue(lines.getLast().startsWith("'help COMMAND' prints the full help"), lines.getLast());
    }

    @Test
    void takesTheCommandsFromTheTreeWithoutHelpAndFitsEightyColumns(@TempDir Path dir) {
        try (Plugins host = Plugins.start()) {
            Terminal t = new Terminal(
                    new ByteArrayInputStream(new byte[0]),
                    new PrintWriter(new StringWriter()),
                    new PrintWriter(new StringWriter()),
                    false);
            ShellContext context = ShellContext.oneShot(t, Map.of("ANIMUS_HOME", dir.toString()), host);
            List<String> lines = ShortHelp.lines(Main.commandLine(context));
            String text = String.join("\n", lines);
            for (String command : List.of("plugin", "secret", "trust-orgs", "verify-bundle", "completion", "tour")) {
                assertTrue(text.lines().anyMatch(l -> l.startsWith("  " + command + " ")), command + ":\n" + text);
            }
            assertTrue(!text.contains("Show the help of a command"), "help is a shell command here:\n" + text);
            // 24 rows: the welcome line, the typed 'help' and the next prompt leave 21; one to spare
            assertTrue(lines.size() <= 20, "a short help (a screenful with room for the prompt):\n" + text);
            lines.forEach(l -> assertTrue(l.length() <= 80, "wider than 80 columns: " + l));
        }
    }
}
