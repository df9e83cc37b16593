package dev.animus.shell.repl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The shell's welcome line: what it names, and paths under the user's home as {@code ~/...}. */
class WelcomeTest {
    private static final Welcome.PluginsRun HERE = new Welcome.PluginsRun.InThisShell();

    @Test
    void namesVersionHomeProjectAndThatNoDaemonRuns() {
        Welcome w = new Welcome(
                "1.2.3",
                Optional.of(Path.of("/home/ada/.animus")),
                Path.of("/home/ada/src/app"),
                Optional.of(Path.of("/home/ada")),
                HERE);
        assertEquals(
                "animus 1.2.3 · home ~/.animus · project ~/src/app · no daemon: plugins run in this shell · type help",
                w.line());
    }

    @Test
    void pathsOutsideTheUserHomeStayAbsolute() {
        Welcome w = new Welcome(
                "1.2.3",
                Optional.of(Path.of("/var/lib/animus")),
                Path.of("/home/adam/app"), // a sibling whose name starts like the home: not under it
                Optional.of(Path.of("/home/ada")),
                HERE);
        assertEquals(
                "animus 1.2.3 · home /var/lib/animus · project /home/adam/app · no daemon: plugins run in this shell"
                        + " · type help",
                w.line());
    }

    @Test
    void theHomeItselfIsATildeAndARootHomeShortensNothing() {
        Welcome inHome = new Welcome(
                "1",
                Optional.of(Path.of("/home/ada/x/../.animus")),
                Path.of("/home/ada"),
                Optional.of(Path.of("/home/ada")),
                HERE);
        assertEquals("~/.animus", inHome.shown(Path.of("/home/ada/x/../.animus")));
        assertEquals("~", inHome.shown(Path.of("/home/ada")));
        Welcome rootHome = new Welcome("1", Optional.empty(), Path.of("/srv"), Optional.of(Path.of("/")), HERE);
        assertEquals("/srv", rootHome.shown(Path.of("/srv")));
    }

    @Test
    void withoutAHomeItSaysHowToGetOne() {
        Welcome w = new Welcome("1.2.3", Optional.empty(), Path.of("/srv/app"), Optional.empty(), HERE);
        assertEquals(
                "animus 1.2.3 · home none (set ANIMUS_HOME) · project /srv/app · no daemon: plugins run in this shell"
                        + " · type help",
                w.line());
    }
}
