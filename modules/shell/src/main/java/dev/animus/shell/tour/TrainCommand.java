package dev.animus.shell.tour;

import dev.animus.daemon.DaemonRun;
import dev.animus.daemon.DaemonScope;
import dev.animus.daemon.LogRouter;
import dev.animus.discovery.AnimusPaths;
import dev.animus.host.ProjectBinding;
import dev.animus.runtime.Animus;
import dev.animus.runtime.HostVersion;
import dev.animus.runtime.Plugins;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.Main;
import dev.animus.shell.ShellContext;
import dev.animus.shell.completion.CommandCompleter;
import dev.animus.shell.completion.CompletionSources;
import dev.animus.shell.completion.DaemonCompletion;
import dev.animus.shell.render.Terminal;
import dev.animus.shell.repl.Repl;
import dev.animus.shell.repl.ReplParser;
import dev.animus.shell.repl.ScriptMode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.CertificateEncodingException;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.terminal.impl.DumbTerminal;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code animus train} (hidden): the training run for the class-data archive the image ships. The
 * build (jlink/build-image.sh) runs it through the new image as
 * {@code ANIMUS_JAVA_OPTS=-XX:DumpLoadedClassList=... bin/animus train}, to check the image and to
 * see which classes a start needs (the same run could write a JDK AOT cache with
 * {@code -XX:AOTCacheOutput}; bench/startup does).
 *
 * <p>It touches every subsystem a command reaches: picocli and the help renderer, discovery of a
 * project's {@code Plugin.toml} (TOML), {@code --json} output (JSON), a plugin spawn, handshake and
 * calls of the bundled example plugin, an install into the store, BouncyCastle certificate parsing
 * (the built-in Sigstore root and a bundle), script mode, and the JLine line reader. It runs in a
 * throwaway home under the temporary directory, which it deletes; its output is discarded. It fails
 * (exit 1, naming the step) when a step does not end as expected, so a broken image fails the build.
 */
@Command(
        name = "train",
        hidden = true,
        mixinStandardHelpOptions = true,
        description = {
            "Exercise every subsystem once in a throwaway home, output discarded:",
            "the build's training run for the image's class-data archive.",
            "Exit 1 names each step that failed."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  ANIMUS_JAVA_OPTS=-XX:DumpLoadedClassList=animus.classlist bin/animus train",
            "  animus train --examples <image>/examples"
        })
public final class TrainCommand implements Callable<Integer> {

    /** The system property the launcher sets to the image's {@code examples} directory. */
    static final String EXAMPLES_PROPERTY = "animus.examples";

    @ParentCommand
    AnimusCommand root;

    @Option(
            names = "--examples",
            paramLabel = "DIR",
            description = "The bundled examples (default: the animus.examples system property).")
    Path examples;

    @Override
    public Integer call() throws IOException {
        Path echo = examplesDir().resolve("echo").resolve("animus-plugin-echo").toAbsolutePath();
        if (!Files.isExecutable(echo)) {
            throw new CommandFailed(
                    ExitCodes.USAGE,
                    "examples_missing",
                    "train: the example plugin " + echo + " is missing; pass --examples DIR or run through bin/animus");
        }
        Path scratch = Files.createTempDirectory("animus-train-");
        try {
            List<String> failures = steps(scratch, echo);
            failures.forEach(f -> root.terminal().error("train: " + f));
            return failures.isEmpty() ? ExitCodes.OK : ExitCodes.FAILED;
        } finally {
            deleteTree(scratch);
        }
    }

    private Path examplesDir() {
        if (examples != null) {
            return examples;
        }
        String property = System.getProperty(EXAMPLES_PROPERTY);
        if (property == null || property.isEmpty()) {
            throw new CommandFailed(
                    ExitCodes.USAGE,
                    "examples_missing",
                    "train: no examples directory; pass --examples DIR or run" + " through bin/animus (it sets -D"
                            + EXAMPLES_PROPERTY + ")");
        }
        return Path.of(property);
    }

    /** Runs every step; returns what went wrong (empty: all ended as expected). */
    private List<String> steps(Path scratch, Path echo) throws IOException {
        Path project = scratch.resolve("project");
        Path bundle = scratch.resolve("bundle.sigstore.json");
        writeProjectPlugin(project);
        var env = new HashMap<String, String>();
        System.getenv().forEach((k, v) -> {
            if (!k.startsWith("ANIMUS_")) {
                env.put(k, v);
            }
        });
        env.put("ANIMUS_HOME", scratch.resolve("home").toString());
        env.put("HOME", scratch.toString());
        env.put("NO_COLOR", "1");
        String plugin = echo.toString();
        String projectRoot = project.toString();

        var failures = new ArrayList<String>();
        ShellContext quiet = ShellContext.oneShot(
                quietTerminal(InputStream.nullInputStream()),
                env,
                root.context().host());
        expect(failures, quiet, ExitCodes.OK, "--version");
        expect(failures, quiet, ExitCodes.OK, "--help");
        expect(failures, quiet, ExitCodes.OK, "help", "plugin", "dev");
        expect(failures, quiet, ExitCodes.OK, "plugin", "list", "--project-root", projectRoot);
        expect(failures, quiet, ExitCodes.OK, "plugin", "list", "--json", "--project-root", projectRoot);
        expect(failures, quiet, ExitCodes.OK, "plugin", "dev", plugin, "ping");
        expect(failures, quiet, ExitCodes.OK, "plugin", "dev", plugin, "info", "--json");
        expect(
                failures,
                quiet,
                ExitCodes.OK,
                "plugin",
                "dev",
                plugin,
                "call",
                "echo",
                "--params",
                "{\"a\":[1,2.5,true,null]}");
        expect(failures, quiet, ExitCodes.OK, "plugin", "dev", plugin, "call", "stream", "--params", "{\"count\":3}");
        expect(
                failures,
                quiet,
                ExitCodes.OK,
                "--json",
                "plugin",
                "dev",
                plugin,
                "call",
                "reverse",
                "--params",
                "{\"text\":\"abc\"}");
        expect(failures, quiet, ExitCodes.OK, "plugin", "install", "--path", plugin, "--trust", "--yes");
        expect(failures, quiet, ExitCodes.OK, "plugin", "list");
        expect(failures, quiet, ExitCodes.OK, "plugin", "consent", "echo", "--yes");
        expect(failures, quiet, ExitCodes.OK, "plugin", "enable", "echo");
        boolean provider = shippedProvider(failures, quiet, project);
        throughADaemon(failures, quiet, env, project, provider);
        if (provider) {
            expect(
                    failures,
                    quiet,
                    ExitCodes.OK,
                    "--no-daemon",
                    "agent",
                    "run",
                    "--provider",
                    "cli",
                    "--prompt",
                    "trained",
                    "--project-root",
                    project.toString());
            expect(
                    failures,
                    quiet,
                    ExitCodes.OK,
                    "--json",
                    "--no-daemon",
                    "agent",
                    "run",
                    "--provider",
                    "cli",
                    "--prompt",
                    "trained",
                    "--project-root",
                    project.toString());
        }
        expect(failures, quiet, ExitCodes.OK, "completion", "bash");
        try {
            Files.writeString(bundle, bundleWithProductionCertificate());
        } catch (CertificateEncodingException e) {
            failures.add("the built-in Sigstore root holds a certificate that cannot be encoded: " + e.getMessage());
        }
        // a bundle that parses but cannot verify: exit 3 (not verified), after every parsing step
        int bundleCode = Main.execute(
                new String[] {
                    "verify-bundle",
                    "--bundle",
                    bundle.toString(),
                    "--certificate-identity",
                    "https://example.com/train",
                    "--certificate-oidc-issuer",
                    "https://example.com",
                    "sha256:" + "0".repeat(64)
                },
                quiet);
        if (bundleCode != ExitCodes.VERIFICATION_FAILED && bundleCode != ExitCodes.USAGE) {
            failures.add("verify-bundle of the training bundle exited " + bundleCode);
        }
        var script = "plugin list\n--version\nplugin dev '" + plugin.replace("'", "'\\''") + "' ping\n";
        int scriptCode = ScriptMode.run(
                ShellContext.oneShot(
                                quietTerminal(new ByteArrayInputStream(script.getBytes(StandardCharsets.UTF_8))),
                                env,
                                root.context().host())
                        .asScript(),
                false);
        if (scriptCode != ExitCodes.OK) {
            failures.add("script mode exited " + scriptCode);
        }
        lineReader(quiet, failures);
        return failures;
    }

    /**
     * The image's cli provider installed as a fresh home gets it ({@code plugin install-defaults}),
     * running {@code cat} for the project: the host's side of an agent run is trained too. False
     * (nothing to train) when this runtime ships no plugins or has no {@code cat}.
     */
    private static boolean shippedProvider(List<String> failures, ShellContext quiet, Path project) {
        Path shipped = Path.of(System.getProperty("java.home"), "plugins", "animus-provider-cli");
        Optional<Path> cat = Stream.of("/usr/bin/cat", "/bin/cat")
                .map(Path::of)
                .filter(Files::isExecutable)
                .findFirst();
        if (!Files.isDirectory(shipped) || cat.isEmpty()) {
            return false;
        }
        expect(failures, quiet, ExitCodes.OK, "plugin", "install-defaults", "--yes");
        try {
            Path config = Files.createDirectories(project.resolve(".animus/providers"))
                    .resolve("cli.toml");
            Files.writeString(config, "command = [\"" + cat.get() + "\"]\n");
        } catch (IOException e) {
            failures.add("cannot write the training project's cli.toml: " + e.getMessage());
            return false;
        }
        return true;
    }

    /**
     * The daemon's side and its client's, in this one process: a daemon of {@code project} (its
     * control socket in the throwaway home), then the commands a running daemon serves, which take the
     * client's path (docs/daemon.md#the-cli-uses-a-running-daemon).
     */
    private static void throughADaemon(
            List<String> failures, ShellContext quiet, Map<String, String> env, Path project, boolean provider) {
        DaemonScope scope = DaemonScope.of(env, Optional.of(project), project);
        String root = project.toString();
        try {
            scope.ensureRunDirectory();
            Plugins plugins = Plugins.start(
                    Plugins.Options.fromEnvironment(env).withProjectBinding(new ProjectBinding(scope.root())));
            Animus animus = quiet.animus(AnimusPaths.from(env, scope.root()));
            try (DaemonRun run = DaemonRun.start(
                    scope,
                    animus,
                    plugins,
                    HostVersion.current(),
                    Optional.empty(),
                    InstantSource.system(),
                    LogRouter.start(
                            LogRouter.Options.of(Optional.of(scope.eventsFile()), Map.of(), InstantSource.system())),
                    true,
                    List.of(DaemonCompletion.method(quiet, animus, plugins)))) {
                // a Tab the daemon answers (the client's side and the daemon's)
                if (!DaemonCompletion.ask(env, project, List.of("--project-root", root, "plugin", "call", "echo", "re"))
                        .orElse(List.of())
                        .contains("reverse")) {
                    failures.add("the daemon did not complete 'plugin call echo re'");
                }
                expect(
                        failures,
                        quiet,
                        ExitCodes.OK,
                        "plugin",
                        "call",
                        "echo",
                        "echo",
                        "--params",
                        "{\"a\":1}",
                        "--project-root",
                        root);
                expect(
                        failures,
                        quiet,
                        ExitCodes.OK,
                        "--json",
                        "plugin",
                        "call",
                        "echo",
                        "reverse",
                        "--params",
                        "{\"text\":\"abc\"}",
                        "--project-root",
                        root);
                expect(failures, quiet, ExitCodes.OK, "plugin", "ping", "echo", "--project-root", root);
                expect(failures, quiet, ExitCodes.OK, "plugin", "status", "--project-root", root);
                expect(failures, quiet, ExitCodes.OK, "daemon", "status", "--project-root", root);
                if (provider) {
                    expect(
                            failures,
                            quiet,
                            ExitCodes.OK,
                            "agent",
                            "run",
                            "--provider",
                            "cli",
                            "--prompt",
                            "trained",
                            "--project-root",
                            root);
                }
                run.daemon().requestStop("training");
            } finally {
                quiet.closeDaemonLinks();
            }
        } catch (RuntimeException e) {
            failures.add("the daemon of the training project failed: " + e.getMessage());
        }
    }

    private static void expect(List<String> failures, ShellContext context, int code, String... args) {
        int actual = Main.execute(args, context);
        if (actual != code) {
            failures.add("'animus " + String.join(" ", args) + "' exited " + actual + ", expected " + code);
        }
    }

    private static Terminal quietTerminal(InputStream in) {
        return new Terminal(
                in,
                new PrintWriter(OutputStream.nullOutputStream()),
                new PrintWriter(OutputStream.nullOutputStream()),
                false);
    }

    /** A project with one directory plugin, so that discovery reads a {@code Plugin.toml}. */
    private static void writeProjectPlugin(Path project) throws IOException {
        Path dir = Files.createDirectories(project.resolve(".animus/plugins/animus-plugin-trained"));
        Files.writeString(
                dir.resolve("Plugin.toml"),
                String.join(
                        "\n",
                        "name = \"trained\"",
                        "version = \"0.1.0\"",
                        "plugin_kind = \"custom\"",
                        "description = \"read by the AOT training run\"",
                        "protocol_version = \"1.1.0\"",
                        "capabilities = [\"trained/run\"]",
                        "entry = \"bin/animus-plugin-trained\"",
                        ""));
        Path entry = Files.createDirectories(dir.resolve("bin")).resolve("animus-plugin-trained");
        Files.writeString(entry, "#!/bin/sh\nexit 0\n");
        Files.setPosixFilePermissions(entry, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** A v0.3 bundle whose signing certificate is the built-in root's first Fulcio certificate. */
    private static String bundleWithProductionCertificate() throws CertificateEncodingException {
        var certificate = Animus.builtInFulcioCertificate();
        String der = Base64.getEncoder().encodeToString(certificate.getEncoded());
        String zeros = Base64.getEncoder().encodeToString(new byte[32]);
        return """
                {"mediaType": "application/vnd.dev.sigstore.bundle.v0.3+json",
                 "verificationMaterial": {
                   "certificate": {"rawBytes": "%s"},
                   "tlogEntries": [{"logIndex": "1", "logId": {"keyId": "%s"},
                     "kindVersion": {"kind": "hashedrekord", "version": "0.0.1"}, "integratedTime": "1700000000",
                     "inclusionProof": {"logIndex": "1", "rootHash": "%s", "treeSize": "2", "hashes": ["%s"],
                       "checkpoint": {"envelope": "rekor.sigstore.dev - 1\\n2\\n%s\\n"}},
                     "canonicalizedBody": "e30="}]},
                 "messageSignature": {"messageDigest": {"algorithm": "SHA2_256", "digest": "%s"},
                   "signature": "%s"}}
                """.formatted(der, zeros, zeros, zeros, zeros, zeros, zeros);
    }

    /**
     * The line editor as the interactive shell builds it, reading one line from a dumb terminal;
     * and the system terminal as the shell opens it (without a terminal here: the silent dumb one,
     * after the FFM provider looked).
     */
    private static void lineReader(ShellContext context, List<String> failures) {
        var input = new ByteArrayInputStream("plugin list\n".getBytes(StandardCharsets.UTF_8));
        try (var tty = new DumbTerminal(
                "animus-train", "dumb", input, OutputStream.nullOutputStream(), StandardCharsets.UTF_8)) {
            LineReader reader = LineReaderBuilder.builder()
                    .terminal(tty)
                    .appName("animus")
                    .parser(new ReplParser())
                    .completer(new CommandCompleter(
                            Main.commandLine(context).getCommandSpec(),
                            new CompletionSources(context.environment()),
                            Path.of("").toAbsolutePath()))
                    .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                    .build();
            String line = reader.readLine(Repl.PROMPT);
            if (!"plugin list".equals(line)) {
                failures.add("the line reader read '" + line + "', expected 'plugin list'");
            }
        } catch (IOException | RuntimeException e) {
            failures.add("the line reader failed: " + e);
        }
        try (var system = Repl.openTerminal()) {
            system.getSize();
        } catch (IOException | RuntimeException e) {
            failures.add("the system terminal failed: " + e);
        }
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("train: could not delete its scratch directory " + dir, e);
        }
    }
}
