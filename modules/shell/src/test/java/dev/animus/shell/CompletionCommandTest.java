package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code animus completion bash|zsh|fish}: the script parses, and completes when a real shell sources it
 * and runs its completion function the way the shell's completion machinery would (COMP_WORDS,
 * COMP_CWORD, COMP_LINE, COMP_POINT set; COMPREPLY read). The function runs the real
 * {@code animus} (a launcher of this build in a temporary directory, with a temporary home holding
 * one installed, trusted plugin), so plugin names and methods complete too.
 */
class CompletionCommandTest {
    @TempDir
    Path dir;

    record Shell(int exit, String out, String err) {}

    static boolean onPath(String program) {
        for (String d : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(d, program))) {
                return true;
            }
        }
        return false;
    }

    /** {@code <dir>/bin/animus}: this build's animus, in its own JVM; its home has the echo plugin. */
    private Path animus;

    @org.junit.jupiter.api.BeforeEach
    void installALauncherAndAPlugin() throws IOException {
        Path home = dir.resolve("animus-home");
        Map<String, String> env = Cli.env(dir);
        env.put("ANIMUS_HOME", home.toString());
        Cli.Run install = Cli.runWith(env, "", "plugin", "install", "--path", Cli.echo(), "--trust", "--yes");
        assertEquals(0, install.exitCode(), install.err());
        animus = AnimusJvm.launcher(Files.createDirectories(dir.resolve("bin")).resolve("animus"));
    }

    Shell shell(List<String> command) throws IOException, InterruptedException {
        ProcessBuilder pb =
                new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        // the launcher as `animus` on PATH, first (fish's script runs the word typed, `animus`)
        pb.environment()
                .put(
                        "PATH",
                        animus.getParent()
                                + File.pathSeparator
                                + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
        pb.environment().put("HOME", dir.toString()); // zsh's compinit writes its .zcompdump here
        pb.environment().put("ANIMUS_HOME", dir.resolve("animus-home").toString());
        Cli.childEnvironment(pb.environment(), dir);
        pb.directory(dir.toFile());
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        byte[] err = p.getErrorStream().readAllBytes();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "shell did not finish: " + command);
        return new Shell(
                p.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }

    Path script(String shell) throws IOException {
        Cli.Run r = Cli.run("completion", shell);
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.err());
        Path p = dir.resolve("animus." + shell);
        Files.writeString(p, r.out());
        return p;
    }

    /** What bash's completion would offer for {@code line} (the cursor at its end). */
    List<String> bashComplete(Path script, String line) throws IOException, InterruptedException {
        Shell s = shell(List.of(
                "bash", "--norc", "--noprofile", "-c", """
                source "$1"
                read -r -a COMP_WORDS <<< "$2"
                [[ "$2" == *' ' ]] && COMP_WORDS+=('')
                COMP_WORDS[0]="$3"
                COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
                COMP_LINE="$2"
                COMP_POINT=${#COMP_LINE}
                _complete_animus
                printf '%s\\n' "${COMPREPLY[@]}"
                """, "bash", script.toString(), line, animus.toString()));
        assertEquals(0, s.exit(), s.err());
        return s.out().lines().filter(l -> !l.isEmpty()).toList();
    }

    @Test
    void theBashScriptParses() throws Exception {
        assumeTrue(onPath("bash"), "bash is not installed: the completion script cannot be checked");
        Path script = script("bash");
        Shell s = shell(List.of("bash", "-n", script.toString()));
        assertEquals(0, s.exit(), s.err());
        assertEquals("", s.err());
        assertTrue(
                Files.readString(script).contains("complete -o default -F _complete_animus animus"),
                "registers for animus");
    }

    @Test
    void bashCompletesCommandsSubcommandsOptionsAndChoices() throws Exception {
        assumeTrue(onPath("bash"), "bash is not installed: the completion script cannot be checked");
        Path script = script("bash");
        assertEquals(List.of("plugin"), bashComplete(script, "animus plu"));
        assertEquals(List.of("install", "install-defaults", "inspect"), bashComplete(script, "animus plugin ins"));
        assertEquals(List.of("install", "install-defaults"), bashComplete(script, "animus plugin inst"));
        assertEquals(List.of("install-defaults"), bashComplete(script, "animus plugin install-"));
        assertEquals(List.of("trust-orgs"), bashComplete(script, "animus trust-"));
        assertEquals(List.of("--trust"), bashComplete(script, "animus plugin install --tru"));
        assertEquals(List.of("bash", "zsh", "fish"), bashComplete(script, "animus completion "));
        assertTrue(bashComplete(script, "animus plugin ").containsAll(List.of("list", "install", "status", "dev")));
        assertEquals(List.of(), bashComplete(script, "animus __comp"), "the hidden command is not offered");
    }

    @Test
    void bashCompletesInstalledPluginsTheirMethodsAndPaths() throws Exception {
        assumeTrue(onPath("bash"), "bash is not installed: the completion script cannot be checked");
        Path script = script("bash");
        assertEquals(List.of("echo"), bashComplete(script, "animus plugin call e"));
        assertEquals(List.of("echo"), bashComplete(script, "animus plugin inspect "));
        assertTrue(
                bashComplete(script, "animus plugin call echo ").containsAll(List.of("echo", "stream", "sleep")),
                "the methods of the echo plugin's manifest");
        Files.createDirectories(dir.resolve("plugins-here/deeper"));
        assertEquals(List.of("plugins-here/"), bashComplete(script, "animus plugin install --path plugins-h"));
    }

    @Test
    void theZshScriptLoadsThroughBashcompinitAndCompletes() throws Exception {
        assumeTrue(
                onPath("zsh"), "zsh is not installed (apt-get install zsh): the zsh completion script is not checked");
        Path script = script("zsh");
        assertTrue(
                Files.readString(script).startsWith("# animus completion for zsh"),
                "the bashcompinit preamble comes first");
        // zsh's compgen emulation offers every word; zsh's own compadd then keeps those matching the
        // prefix typed, which the (M) filter below does in its place.
        Shell s = shell(List.of("zsh", "-f", "-c", """
                source "$1" || exit 9
                setopt ksharrays
                complete_line() {
                  COMP_WORDS=(${=1}); [[ "$1" == *' ' ]] && COMP_WORDS+=('')
                  COMP_WORDS[0]="$2"
                  COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
                  COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}
                  COMPREPLY=()
                  _complete_animus
                  local prefix=${COMP_WORDS[COMP_CWORD]}
                  print -r -- "${(j:,:)${(M)COMPREPLY[@]:#${prefix}*}}"
                }
                complete_line 'animus plu' "$2"
                complete_line 'animus plugin ins' "$2"
                complete_line 'animus plugin call e' "$2"
                complete_line 'animus plugin install --tru' "$2"
                """, "zsh", script.toString(), animus.toString()));
        assertEquals(0, s.exit(), s.out() + s.err());
        assertEquals(
                List.of("plugin", "install,install-defaults,inspect", "echo", "--trust"),
                s.out().lines().toList(),
                s.err());
    }

    /**
     * What fish's own completion machinery offers for {@code line} (the cursor at its end): fish's
     * {@code complete -C}, with the script sourced and no user configuration; the values, without
     * fish's descriptions.
     */
    List<String> fishComplete(Path script, String line) throws IOException, InterruptedException {
        Shell s = shell(List.of(
                "fish",
                "--no-config",
                "-c",
                "source $argv[1]; or exit 9; complete -C $argv[2]",
                script.toString(),
                line));
        assertEquals(0, s.exit(), s.out() + s.err());
        assertEquals("", s.err());
        return s.out().lines().map(l -> l.split("\t", 2)[0]).toList();
    }

    @Test
    void theFishScriptIsFishsOwnAndRegistersForAnimus() throws Exception {
        Path script = script("fish");
        String text = Files.readString(script);
        assertTrue(text.startsWith("# animus completion for fish"), text);
        assertTrue(text.contains("complete -c animus -f -a '(__complete_animus)'"), text);
        assertTrue(text.contains("__complete -- $words $current"), "asks animus itself: " + text);
        assertTrue(!text.contains("COMP_WORDS") && !text.contains("bashcompinit"), "no bash in it: " + text);
    }

    @Test
    void fishCompletesCommandsOptionsPluginsMethodsAndPaths() throws Exception {
        assumeTrue(
                onPath("fish"),
                "fish is not installed (apt-get install fish): the fish completion is checked as text only");
        Path script = script("fish");
        Shell parsed = shell(List.of("fish", "--no-execute", script.toString()));
        assertEquals(0, parsed.exit(), parsed.err());
        assertEquals(List.of("plugin"), fishComplete(script, "animus plu"));
        assertEquals(
                List.of("inspect", "install", "install-defaults"),
                fishComplete(script, "animus plugin ins").stream().sorted().toList());
        assertEquals(List.of("--trust"), fishComplete(script, "animus plugin install --tru"));
        assertEquals(
                List.of("bash", "fish", "zsh"),
                fishComplete(script, "animus completion ").stream().sorted().toList());
        assertEquals(List.of("echo"), fishComplete(script, "animus plugin call e"));
        assertTrue(
                fishComplete(script, "animus plugin call echo ").containsAll(List.of("echo", "stream", "sleep")),
                "the methods of the echo plugin's manifest");
        Files.createDirectories(dir.resolve("plugins-here/deeper"));
        assertEquals(List.of("plugins-here/"), fishComplete(script, "animus plugin install --path plugins-h"));
        assertEquals(List.of(), fishComplete(script, "animus __comp"), "the hidden command is not offered");
    }

    @Test
    void anUnknownShellIsAUsageError() {
        Cli.Run r = Cli.run("completion", "tcsh");
        assertEquals(2, r.exitCode());
        assertTrue(r.errLine().contains("tcsh"), r.err());
        assertEquals("", r.out());
    }
}
