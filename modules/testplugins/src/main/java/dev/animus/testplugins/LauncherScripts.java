package dev.animus.testplugins;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Writes the POSIX launchers of the test plugins ({@code animus-plugin-echo},
 * {@code animus-plugin-misbehaving}); run by the build at {@code package} on the JDK that will
 * run the plugins, with this module on its module path.
 *
 * <p>The host starts plugins with a cleared environment (no {@code JAVA_HOME}, maybe no
 * {@code PATH}), so each launcher names the absolute {@code java} of the JDK running this
 * program and the absolute module path it was given, with this module's classes directory
 * replaced by its jar. Nothing in a launcher depends on the caller's directory or environment.
 *
 * <p>Start-up: a training run of the echo plugin (a handshake and a few calls) writes a JDK 25 AOT
 * cache, which both launchers use; it cuts a plugin's start from about 230 ms to about 75 ms. A
 * cache that no longer matches the jars (one was rebuilt since) is ignored by the JVM, silently;
 * when training fails the launchers are written without a cache and a warning says why.
 *
 * <p>Arguments: {@code <output dir> <this module's jar> <this module's classes dir> <aot cache file>}.
 */
public final class LauncherScripts {

    /** The plugins: launcher name → main class. */
    static final Map<String, String> PLUGINS = Map.of(
            "animus-plugin-echo", EchoPlugin.class.getName(),
            "animus-plugin-misbehaving", MisbehavingPlugin.class.getName());

    /**
     * JVM options for a small plugin JVM that starts fast, the same for the training run and the
     * launchers (an AOT cache requires it). Unified logging goes to stderr: its default is stdout,
     * the protocol stream.
     */
    static final List<String> JVM_OPTIONS = List.of(
            "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1",
            "-XX:UserThreadWaitAttemptsAtExit=0",
            "-XX:-UsePerfData",
            "-Xlog:disable",
            "-Xlog:all=warning:stderr");

    /** What the training run does: the calls a test makes most. End of input ends it. */
    private static final String TRAINING = String.join(
            "\n",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocol_version\":\"1.1.0\"}}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"initialized\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"echo\",\"params\":{\"text\":\"hi\",\"n\":[1,2.5,true,null]}}",
            "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"stream\",\"params\":{\"count\":3,\"text\":\"t\"}}",
            "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"$/ping\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"health/check\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"sleep\",\"params\":{\"ms\":1}}",
            "{\"jsonrpc\":\"2.0\",\"id\":\"x\",\"method\":\"no/such\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"shutdown\"}",
            "");

    private LauncherScripts() {}

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length != 4) {
            throw new IllegalArgumentException("usage: LauncherScripts <output dir> <jar> <classes dir> <aot cache>");
        }
        Path outputDir = Path.of(args[0]).toAbsolutePath();
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        String modulePath = modulePath(Path.of(args[1]), Path.of(args[2]));
        Optional<Path> cache = train(java, modulePath, Path.of(args[3]).toAbsolutePath());
        Files.createDirectories(outputDir);
        for (var plugin : PLUGINS.entrySet()) {
            Path launcher = outputDir.resolve(plugin.getKey());
            Files.writeString(launcher, script(java, modulePath, cache, plugin.getValue()));
            Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    /** This JVM's module path, absolute, with {@code classesDir} replaced by {@code jar}. */
    static String modulePath(Path jar, Path classesDir) {
        String own = System.getProperty("jdk.module.path");
        if (own == null || own.isEmpty()) {
            throw new IllegalStateException("LauncherScripts must run on the module path (java -p ...)");
        }
        Path classes = classesDir.toAbsolutePath().normalize();
        var entries = new ArrayList<String>();
        for (String entry : own.split(File.pathSeparator)) {
            Path path = Path.of(entry).toAbsolutePath().normalize();
            entries.add((path.equals(classes) ? jar.toAbsolutePath().normalize() : path).toString());
        }
        return String.join(File.pathSeparator, entries);
    }

    /** Writes the AOT cache from a training run of the echo plugin; empty when that failed. */
    private static Optional<Path> train(Path java, String modulePath, Path cache)
            throws IOException, InterruptedException {
        Files.createDirectories(cache.getParent());
        Files.deleteIfExists(cache);
        Path log = cache.resolveSibling(cache.getFileName() + ".training.log");
        var command = new ArrayList<String>();
        command.add(java.toString());
        command.addAll(JVM_OPTIONS);
        command.addAll(List.of("-XX:AOTCacheOutput=" + cache, "-p", modulePath, "-m", mainOf(EchoPlugin.class)));
        Process training = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(log.toFile())
                .start();
        try (var stdin = training.getOutputStream()) {
            stdin.write(TRAINING.getBytes(StandardCharsets.UTF_8));
        }
        if (!training.waitFor(2, TimeUnit.MINUTES)) {
            training.destroyForcibly();
        }
        if (training.isAlive() || training.exitValue() != 0 || !Files.isRegularFile(cache)) {
            Files.deleteIfExists(cache);
            System.err.println("[WARNING] LauncherScripts: no AOT cache (training failed, see " + log
                    + "); the test plugins will start without it");
            return Optional.empty();
        }
        return Optional.of(cache);
    }

    static String script(Path java, String modulePath, Optional<Path> cache, String mainClass) {
        var options = new ArrayList<>(JVM_OPTIONS);
        cache.ifPresent(c -> options.addAll(
                List.of("-Xlog:aot=off:stderr", "-Xlog:cds=off:stderr", "-XX:AOTCache=" + quote(c.toString()))));
        return "#!/bin/sh\n"
                + "# Generated by " + LauncherScripts.class.getName() + " at build time; do not edit.\n"
                + "# Absolute paths only: the host starts plugins with a cleared environment.\n"
                + "# A closed stdin would let the JVM open a file as fd 0 and read it as frames.\n"
                + "( exec 3<&0 ) 2>/dev/null || exec </dev/null\n"
                + "# The shell exports PWD; the plugin sees exactly the environment the host gave it.\n"
                + "unset PWD\n"
                + "exec " + quote(java.toString()) + " " + String.join(" ", options)
                + " -p " + quote(modulePath) + " -m " + mainOf(mainClass) + " \"$@\"\n";
    }

    private static String mainOf(Class<?> mainClass) {
        return mainOf(mainClass.getName());
    }

    private static String mainOf(String mainClass) {
        return LauncherScripts.class.getModule().getName() + "/" + mainClass;
    }

    /** {@code text} as one single-quoted shell word. */
    static String quote(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
