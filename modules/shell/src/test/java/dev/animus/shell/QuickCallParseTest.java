package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.animus.shell.dev.JsonAsParams;
import dev.animus.shell.render.Terminal;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * {@link QuickCall#parse} reads a plain {@code plugin call} line exactly as the command tree does:
 * over seeded random lines of the words such a line is made of, whenever it takes a line, picocli
 * parses the same line into {@code plugin call} with the same name, method, params, timeout, agent
 * and project root and no other option; and it takes every such line picocli parses with only those
 * options (inline params, as it reads them; no {@code --}).
 */
class QuickCallParseTest {
    private static final int LINES = 1500;
    private static final Set<String> TAKEN =
            Set.of("--params", "--timeout", "--agent", "--project-root", "--quiet", "--json");

    @TempDir
    Path dir;

    /** What picocli made of a line, in the shape of {@link QuickCall.Line}; empty when it is no such call. */
    private static Optional<QuickCall.Line> picocli(CommandLine tree, List<String> words) {
        if (words.contains("--")) {
            return Optional.empty(); // the end of the options: QuickCall leaves it to the command
        }
        for (int i = 0; i + 1 < words.size(); i++) {
            if (words.get(i).equals("--json") && JsonAsParams.looksLikeParams(words.get(i + 1))) {
                return Optional.empty(); // '--json JSON' gives the params: left to the command too
            }
        }
        ParseResult parsed;
        try {
            parsed = tree.parseArgs(words.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            return Optional.empty();
        }
        List<ParseResult> chain = new ArrayList<>();
        for (ParseResult p = parsed; p != null; p = p.hasSubcommand() ? p.subcommand() : null) {
            chain.add(p);
        }
        if (chain.size() != 3
                || !chain.get(2).commandSpec().qualifiedName().equals("animus plugin call")
                || chain.get(2).matchedPositionals().size() != 2) {
            return Optional.empty();
        }
        Map<String, String> values = new HashMap<>();
        for (ParseResult p : chain) {
            for (OptionSpec o : p.matchedOptions()) {
                String name = o.longestName();
                if (!TAKEN.contains(name)) {
                    return Optional.empty(); // --json, -v, --no-daemon, --wide, ...
                }
                if (values.put(name, String.valueOf(p.<Object>matchedOptionValue(name, null))) != null) {
                    return Optional.empty(); // given twice (at two levels)
                }
            }
        }
        String params = values.getOrDefault("--params", "{}");
        if (params.startsWith("@") || params.startsWith("-")) {
            return Optional.empty(); // read from a file or stdin by the command
        }
        List<String> positionals = chain.get(2).matchedPositionals().stream()
                .map(p -> String.valueOf(p.<Object>getValue()))
                .toList();
        return Optional.of(new QuickCall.Line(
                positionals.get(0),
                positionals.get(1),
                params,
                Optional.ofNullable(values.get("--timeout")),
                Optional.ofNullable(values.get("--agent")),
                Optional.ofNullable(values.get("--project-root")).map(Path::of),
                values.containsKey("--json")));
    }

    /** A random line: mostly the parts of a plain call in random order, sometimes broken or with more. */
    private static List<String> line(SplittableRandom random) {
        List<List<String>> options = new ArrayList<>();
        String[][] pool = {
            {"--params", "{\"a\": 1}"},
            {"--params={}"},
            {"--params", "[1, 2]"},
            {"--params", "@p.json"},
            {"--params", "-"},
            {"--timeout", "5s"},
            {"--timeout=1m"},
            {"--agent", "bob"},
            {"--agent=ann"},
            {"--project-root", "/tmp/p"},
            {"--project-root=/srv/x"},
            {"-q"},
            {"--quiet"},
            {"--json"},
            {"--json", "{\"b\": 2}"},
            {"--json", "@p.json"},
            {"-v"},
            {"--no-daemon"},
            {"--wide"},
            {"--"},
            {"-qv"},
            {"--help"},
            {"extra"},
            {"--agent"},
            {"--params"}
        };
        int n = random.nextInt(5);
        for (int i = 0; i < n; i++) {
            // mostly the first 14, what a plain call is made of
            String[] pick = pool[random.nextInt(random.nextInt(10) < 7 ? 14 : pool.length)];
            options.add(List.of(pick));
        }
        List<String> words = new ArrayList<>();
        int before = random.nextInt(options.size() + 1); // globals before "plugin"
        int between = random.nextInt(options.size() - before + 1);
        options.subList(0, before).forEach(words::addAll);
        if (random.nextInt(20) != 0) {
            words.add("plugin");
        }
        options.subList(before, before + between).forEach(words::addAll);
        if (random.nextInt(20) != 0) {
            words.add(random.nextInt(30) == 0 ? "status" : "call");
        }
        List<List<String>> tail = new ArrayList<>(options.subList(before + between, options.size()));
        int name = random.nextInt(tail.size() + 1); // the name before the method, options anywhere around
        tail.add(name, List.of(random.nextBoolean() ? "echo" : "golden"));
        int method = name + 1 + random.nextInt(tail.size() - name);
        tail.add(method, List.of(random.nextBoolean() ? "echo" : "task/get"));
        tail.forEach(words::addAll);
        return words;
    }

    @Test
    void itTakesALineExactlyWhenTheCommandTreeReadsItAsAPlainCall() {
        Terminal quiet = new Terminal(
                System.in, new PrintWriter(Writer.nullWriter()), new PrintWriter(Writer.nullWriter()), false);
        ShellContext context = ShellContext.oneShot(quiet, Cli.env(dir), null);
        SplittableRandom random = new SplittableRandom(Long.getLong("fuzz.seed", 20261204L));
        int taken = 0;
        for (int i = 0; i < LINES; i++) {
            List<String> words = line(random);
            Optional<QuickCall.Line> quick = QuickCall.parse(words);
            // a fresh tree each time (a parse leaves its values in the command objects), as Main builds it
            CommandLine along = CommandTree.along(new AnimusCommand(context), words.toArray(String[]::new));
            along.setExpandAtFiles(false);
            Optional<QuickCall.Line> tree = picocli(along, words);
            if (!quick.equals(tree)) {
                fail("line " + words + ": QuickCall read " + quick + ", the command tree " + tree);
            }
            if (quick.isPresent()) {
                taken++;
            }
        }
        assertTrue(taken > LINES / 10, "the lines exercise the quick path too: " + taken + " of " + LINES);
    }

    @Test
    void aPlainLineIsReadWithItsDefaults() {
        assertEquals(
                Optional.of(new QuickCall.Line(
                        "echo", "echo", "{}", Optional.empty(), Optional.empty(), Optional.empty(), false)),
                QuickCall.parse(List.of("plugin", "call", "echo", "echo")));
        assertEquals(
                Optional.empty(),
                QuickCall.parse(List.of("plugin", "call", "echo", "echo", "--params", "@p.json")),
                "a file's params are the command's to read");
    }
}
