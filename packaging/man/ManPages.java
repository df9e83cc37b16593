import dev.animus.shell.Main;
import dev.animus.shell.ShellContext;
import dev.animus.shell.render.Terminal;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.codegen.docgen.manpage.ManPageGenerator;

/**
 * Writes the AsciiDoc source of the man pages from the command tree, one page per command that
 * is not hidden ({@code animus.adoc}, {@code animus-plugin.adoc}, {@code animus-plugin-install.adoc},
 * ...), with picocli-codegen's {@code ManPageGenerator}; the build then turns them into roff
 * (asciidoctor's manpage backend, see pom.xml). Build-time only: run by the packaging module as a
 * Java source file on the class path of the shell and picocli-codegen, so neither this class nor
 * picocli-codegen is in the image. The tree is the one every command line parses ({@code
 * Main.commandLine}), with its help text re-flowed as {@code --help} prints it; nothing in it
 * depends on the machine or the clock, so the same sources give the same pages.
 *
 * <p>Each page names {@code animus <version>} as its source and the build's date (its
 * {@code project.build.outputTimestamp}, never the clock) as its date.
 *
 * <p>Usage: {@code java -cp <class path> ManPages.java <output directory> <version> <outputTimestamp>}
 */
public final class ManPages {
    private ManPages() {}

    /**
     * Names {@code source} as every page's version, and doubles the percent signs: the generator passes descriptions and footers through {@code String.format} with no
     * arguments, so a {@code %} that is no {@code %n} (the {@code printf %s} of an example) fails
     * it; picocli's help prints them as written. Doubled here, they print as written in the pages
     * too.
     */
    private static void prepare(CommandLine cmd, String source) {
        // the "source" of a page: the package and its version (the root's --version line names the
        // Java it runs on, and a subcommand has none)
        cmd.getCommandSpec().versionProvider(null);
        cmd.getCommandSpec().version(source);
        var usage = cmd.getCommandSpec().usageMessage();
        usage.description(escaped(usage.description()));
        usage.footer(escaped(usage.footer()));
        usage.header(escaped(usage.header()));
        for (CommandLine sub : new java.util.LinkedHashSet<>(cmd.getSubcommands().values())) {
            prepare(sub, source);
        }
    }

    private static String[] escaped(String[] lines) {
        return java.util.Arrays.stream(lines).map(l -> l.replaceAll("%(?!n)", "%%")).toArray(String[]::new);
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: ManPages.java <output directory> <version> <outputTimestamp>");
            System.exit(2);
        }
        Path out = Path.of(args[0]);
        String source = "animus " + args[1];
        String date = java.time.Instant.parse(args[2]).toString().substring(0, 10);
        Path home = Files.createTempDirectory("animus-man");
        try {
            Terminal quiet = new Terminal(
                    InputStream.nullInputStream(),
                    new PrintWriter(Writer.nullWriter()),
                    new PrintWriter(Writer.nullWriter()),
                    false);
            // a throwaway home: building the tree reads nothing, but nothing must reach a real one
            Map<String, String> env = Map.of(
                    "HOME", home.toString(), "ANIMUS_HOME", home.resolve("animus").toString());
            CommandLine tree = Main.commandLine(ShellContext.oneShot(quiet, env, null));
            prepare(tree, source);
            Files.createDirectories(out);
            try (Stream<Path> old = Files.list(out)) {
                for (Path p : old.toList()) {
                    Files.delete(p);
                }
            }
            int code = ManPageGenerator.generateManPage(
                    out.toFile(), null, new boolean[0], false, tree.getCommandSpec());
            if (code != 0) {
                System.err.println("ManPages: picocli's ManPageGenerator failed with exit code " + code);
                System.exit(1);
            }
            // the date in each page's header (asciidoctor would take the file's time)
            try (Stream<Path> pages = Files.list(out)) {
                for (Path page : pages.sorted().toList()) {
                    String text = Files.readString(page);
                    Files.writeString(
                            page, text.replaceFirst(":doctype: manpage\n", ":doctype: manpage\n:docdate: " + date + "\n:revdate: " + date + "\n"));
                }
            }
        } finally {
            Files.deleteIfExists(home);
        }
    }
}
