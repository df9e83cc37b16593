package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.animus.core.HostHello;
import dev.animus.runtime.HostVersion;
import dev.animus.runtime.Plugins;
import dev.animus.shell.completion.CommandCompleter;
import dev.animus.shell.completion.CommandLineWords;
import dev.animus.shell.completion.CompletionSources;
import dev.animus.shell.render.Terminal;
import dev.animus.shell.repl.ReplParser;
import dev.animus.shell.repl.ReplWords;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jline.reader.Candidate;
import org.jline.reader.EOFError;
import org.jline.reader.Parser.ParseContext;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the interactive shell reads a line: when Enter runs it, the word under the cursor, completions. */
class ReplLineTest {
    private final ReplParser parser = new ReplParser();

    @Nested
    class EnterRunsTheLine {
        @Test
        void whenQuotesAndParamsJsonAreClosed() {
            assertEquals(
                    List.of("plugin", "call", "a", "b", "--params", "{\"x\": [1, {\"y\": \"}\"}]}"),
                    accepted("plugin call a b --params '{\"x\": [1, {\"y\": \"}\"}]}'"));
            assertEquals(List.of("plugin", "call", "a", "b", "--params=[]"), accepted("plugin call a b --params='[]'"));
        }

        @Test
        void evenWithTooManyClosingBracketsWhichTheCommandThenReports() {
            assertEquals(
                    List.of("plugin", "call", "a", "b", "--params", "{}}"), accepted("plugin call a b --params '{}}'"));
        }

        @Test
        void whenBracketsLeftOpenInTheParamsJsonCanNoLongerBeClosed() {
            // more words after the value, or a space: the next line would be a word of its own
            assertEquals(
                    List.of("plugin", "call", "a", "b", "--params", "{\"x\": 1", "--timeout", "5"),
                    accepted("plugin call a b --params '{\"x\": 1' --timeout 5"));
            assertEquals(
                    List.of("plugin", "call", "a", "b", "--params", "[1,"),
                    accepted("plugin call a b --params '[1,' "));
            assertEquals(
                    List.of("plugin", "call", "a", "b", "--params={", "--json"),
                    accepted("plugin call a b --params={ --json"));
        }

        /** The words of {@code line}, which Enter runs (the parse throws {@link EOFError} when it continues the line). */
        private List<String> accepted(String line) {
            return ((ReplWords) parser.parse(line, 0, ParseContext.ACCEPT_LINE)).words();
        }
    }

    @Nested
    class EnterContinuesTheLine {
        @Test
        void whileAQuoteIsOpen() {
            assertThrows(
                    EOFError.class,
                    () -> parser.parse("plugin call a b --params '{\"x\": 1}", 0, ParseContext.ACCEPT_LINE));
        }

        @Test
        void whileTheParamsJsonHasBracketsOpenEvenWithTheShellQuoteClosed() {
            assertThrows(
                    EOFError.class,
                    () -> parser.parse("plugin call a b --params '{\"x\": [1,'", 0, ParseContext.ACCEPT_LINE));
            assertThrows(EOFError.class, () -> parser.parse("plugin call a b --params={", 0, ParseContext.ACCEPT_LINE));
            assertThrows(
                    EOFError.class,
                    () -> parser.parse("plugin call a b --json '{\"x\": [1,'", 0, ParseContext.ACCEPT_LINE),
                    "--json JSON gives the params of a call");
        }

        @Test
        void butNotForBracketsInsideJsonStrings() {
            parser.parse("plugin call a b --params '{\"x\": \"[[{\"}'", 0, ParseContext.ACCEPT_LINE);
            assertEquals(1, ReplParser.jsonDepth("{\"a\": \"\\\"}\""));
        }

        @Test
        void andTheJoinedLinesAreOneWordOfValidJson() {
            String joined = "plugin call a b --params '{\"x\": [1,\n2]}'";
            parser.parse(joined, 0, ParseContext.ACCEPT_LINE);
            assertEquals("{\"x\": [1,\n2]}", CommandLineWords.split(joined).get(5));
        }
    }

    @Nested
    class TheWordUnderTheCursor {
        @Test
        void isTheWordTheCursorTouches() {
            ReplWords w = (ReplWords) parser.parse("plugin cal", 10, ParseContext.COMPLETE);
            assertEquals(List.of("plugin", "cal"), w.words());
            assertEquals(1, w.wordIndex());
            assertEquals(3, w.wordCursor());
        }

        @Test
        void isAnEmptyWordAfterASpace() {
            ReplWords w = (ReplWords) parser.parse("plugin ", 7, ParseContext.COMPLETE);
            assertEquals(List.of("plugin", ""), w.words());
            assertEquals(1, w.wordIndex());
        }

        @Test
        void keepsItsOpenQuoteWhenCompleted() {
            ReplWords w = (ReplWords) parser.parse("plugin dev 'my di", 17, ParseContext.COMPLETE);
            assertEquals("my di", w.word());
            assertEquals("'my dir/'", w.escape("my dir/", true).toString());
            assertEquals("'my dir/", w.escape("my dir/", false).toString());
        }

        @Test
        void escapesSpacesWhenUnquoted() {
            ReplWords w = (ReplWords) parser.parse("plugin dev my", 13, ParseContext.COMPLETE);
            assertEquals("my\\ dir/", w.escape("my dir/", false).toString());
        }
    }

    @Nested
    class Completion {
        @TempDir
        Path dir;

        private List<String> complete(String line) {
            Terminal quiet = new Terminal(
                    new ByteArrayInputStream(new byte[0]),
                    new PrintWriter(new StringWriter()),
                    new PrintWriter(new StringWriter()),
                    false);
            try (Plugins host = Plugins.start(HostHello.animus(HostVersion.current()))) {
                Map<String, String> env =
                        Map.of("ANIMUS_HOME", dir.resolve("home").toString(), "HOME", dir.toString());
                var spec =
                        Main.commandLine(ShellContext.oneShot(quiet, env, host)).getCommandSpec();
                ReplWords w = (ReplWords) parser.parse(line, line.length(), ParseContext.COMPLETE);
                return new CommandCompleter(spec, new CompletionSources(env), dir)
                                .candidates(
                                        w.words().subList(0, w.wordIndex()),
                                        w.word().substring(0, w.wordCursor()))
                                .stream()
                                .map(Candidate::value)
                                .filter(v -> v.startsWith(w.word()))
                                .toList();
            }
        }

        @Test
        void offersTheCommandsOfTheTree() {
            assertEquals(List.of("plugin"), complete("plu"));
            assertEquals(
                    List.of("cache", "call", "conformance", "consent").stream()
                            .sorted()
                            .toList(),
                    complete("plugin c").stream().sorted().toList());
        }

        @Test
        void offersOptionsIncludingInheritedOnes() {
            List<String> options = complete("plugin call x y --");
            assertEquals(
                    true,
                    options.containsAll(List.of("--params", "--timeout", "--agent", "--json")),
                    options.toString());
        }

        @Test
        void offersNoPluginsAndOnlyTheDefaultAgentInAnEmptyHome() {
            assertEquals(List.of(), complete("plugin call "));
            assertEquals(List.of("default"), complete("plugin call --agent "));
            assertEquals(false, Files.exists(dir.resolve("home")), "completing created the home");
        }

        @Test
        void offersPathsWhereAPathIsExpected() throws Exception {
            Files.createDirectories(dir.resolve("plugins"));
            Files.writeString(dir.resolve("plugin.txt"), "");
            assertEquals(List.of("plugin.txt", "plugins/"), complete("plugin dev plu"));
            assertEquals(List.of("plugin.txt", "plugins/"), complete("plugin install --path plu"));
            assertEquals(List.of(), complete("plugin dev nothing-here/x"));
        }
    }
}
