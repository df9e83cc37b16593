package dev.animus.shell;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The command line that runs this build's {@code animus} in a JVM of its own, as the launcher
 * does: this JVM's {@code java}, the launcher's start-up options, the module path the build
 * produced and the shell's main class. Every test that starts the real command in its own process
 * starts it with this command line (or a launcher script of it), so they all share one start-up
 * cost: a JDK AOT cache ({@link AotCache}) made once per test JVM, lazily, under the build
 * directory.
 *
 * <p>A cache that cannot be made or no longer fits is only slower: the JVM then starts without it
 * and says nothing (its cache log is off), so no test's stdout or stderr changes.
 *
 * <p>Thread-safe; the first caller of a set of JVM options waits for the cache's training run.
 */
final class AnimusJvm {
    static final String MAIN = "dev.animus.shell/dev.animus.shell.Main";

    /** The launcher's own options (bin/animus): a small JVM that starts fast and exits at once. */
    static final List<String> START_UP =
            List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-XX:UserThreadWaitAttemptsAtExit=0");

    private AnimusJvm() {}

    static Path java() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /**
     * {@code java <start-up options> <cache options> jvmOptions... -p <module path> -m <main>}: a
     * fresh mutable list to which a test appends the command's arguments.
     */
    static List<String> command(String... jvmOptions) {
        List<String> options = List.of(jvmOptions);
        Optional<AotCache.Cache> cache = AotCache.shared().forOptions(options);
        List<String> cmd = new ArrayList<>();
        cmd.add(java().toString());
        cmd.addAll(START_UP);
        cmd.addAll(cache.map(AotCache.Cache::options).orElse(List.of("-Xshare:auto")));
        cmd.addAll(options);
        cmd.addAll(List.of("-p", cache.map(AotCache.Cache::modulePath).orElseGet(AnimusJvm::modulePath), "-m", MAIN));
        return cmd;
    }

    /** The module path of this test JVM: the one the build produced for the shell. */
    static String modulePath() {
        return System.getProperty("jdk.module.path");
    }

    /**
     * Writes {@code script}, a POSIX launcher like {@code bin/animus} that runs {@link #command} with
     * its arguments, executable by its owner only; returns it.
     */
    static Path launcher(Path script, String... jvmOptions) {
        String line = command(jvmOptions).stream().map(AnimusJvm::quoted).collect(Collectors.joining(" "));
        try {
            Files.writeString(script, "#!/bin/sh\nexec " + line + " \"$@\"\n");
            Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the launcher " + script, e);
        }
        return script;
    }

    /** {@code word} in single quotes for sh. */
    static String quoted(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
