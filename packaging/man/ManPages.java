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
 * <p>Usage: {@code java -cp <class path> ManPages.java <output directory>}
 */
public final class ManPages {
    private ManPages() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: ManPages.java <output directory>");
            System.exit(2);
        }
        Path out = Path.of(args[0]);
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
        } finally {
            Files.deleteIfExists(home);
        }
    }
}
