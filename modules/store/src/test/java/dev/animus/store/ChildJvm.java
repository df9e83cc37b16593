package dev.animus.store;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * Starts {@link StateWorker} (or another test main class) in child JVMs: the same {@code java} as this test, on a class path
 * made of this test JVM's module path (the store, core, Jackson, slf4j) and its test classes; the
 * test framework's jars stay out. Flags favour a fast start over peak speed.
 *
 * @param classPath the child's class path
 * @param extraFlags more JVM flags
 */
record ChildJvm(String classPath, List<String> extraFlags) {
    private static final List<String> FAST_START =
            List.of("-XX:TieredStopAtLevel=1", "-XX:UserThreadWaitAttemptsAtExit=0", "-XX:+UseSerialGC", "-Xmx64m");

    /** Children on the test JVM's own class directories and jars. */
    static ChildJvm plain() {
        return new ChildJvm(String.join(File.pathSeparator, classPathEntries()), List.of("-Xshare:auto"));
    }

    /**
     * Children that start about twice as fast, for tests that start hundreds: the class
     * directories are packed into one jar in {@code dir} (an AOT cache cannot hold directories), a
     * training child runs {@code crash} transactions to a normal exit, and the AOT cache it leaves
     * ({@code -XX:AOTCacheOutput}: the classes it loaded, linked, with their profiles) is what
     * every later child starts from. (An AOT cache excludes every {@code -Xshare} flag; it maps
     * the JDK's own shared classes too.)
     *
     * @throws IllegalStateException when the training child fails
     */
    static ChildJvm trained(Path dir) throws IOException, InterruptedException {
        List<String> entries = new ArrayList<>();
        List<Path> directories = new ArrayList<>();
        for (String entry : classPathEntries()) {
            if (Files.isDirectory(Path.of(entry))) {
                directories.add(Path.of(entry));
            } else {
                entries.add(entry);
            }
        }
        Path jar = dir.resolve("classes.jar");
        pack(directories, jar);
        entries.addFirst(jar.toString());
        String classPath = String.join(File.pathSeparator, entries);
        Path cache = dir.resolve("worker.aot");
        Path log = dir.resolve("training.err");
        Process training = new ChildJvm(classPath, List.of("-XX:AOTCacheOutput=" + cache))
                .start(log, "crash", dir.resolve("training-home").toString(), "0", "30");
        training.getOutputStream().write("go\n".getBytes(StandardCharsets.UTF_8));
        training.getOutputStream().close();
        String out = new String(training.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int exit = training.waitFor();
        if (exit != 0 || !Files.isRegularFile(cache)) {
            throw new IllegalStateException("the training child (exit " + exit + ") left no AOT cache:\n"
                    + out.lines().skip(Math.max(0, out.lines().count() - 5)).toList() + "\n" + tail(log));
        }
        return new ChildJvm(classPath, List.of("-XX:AOTCache=" + cache));
    }

    /** A running {@link StateWorker} with {@code args}; its stderr goes to {@code stderr}. */
    Process start(Path stderr, String... args) throws IOException {
        return start(StateWorker.class, stderr, args);
    }

    /** A running child with the main class {@code main} and {@code args}; its stderr goes to {@code stderr}. */
    Process start(Class<?> main, Path stderr, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current()
                .info()
                .command()
                .orElseThrow(() -> new IllegalStateException("cannot tell which java runs this test")));
        command.addAll(FAST_START);
        command.addAll(extraFlags);
        command.addAll(List.of("-cp", classPath, main.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectError(stderr.toFile()).start();
    }

    /** The last lines of a worker's stderr, for a failure message. */
    static String tail(Path stderr) {
        try {
            List<String> lines = Files.exists(stderr) ? Files.readAllLines(stderr) : List.of("(no stderr)");
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
        } catch (IOException e) {
            return "(stderr unreadable: " + e.getMessage() + ")";
        }
    }

    private static List<String> classPathEntries() {
        Set<String> entries = new LinkedHashSet<>();
        String modulePath = System.getProperty("jdk.module.path", "");
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            // on the module path, surefire puts only the test classes and the test framework here
            if (!entry.isEmpty() && (modulePath.isEmpty() || Files.isDirectory(Path.of(entry)))) {
                entries.add(entry);
            }
        }
        for (String entry : modulePath.split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                entries.add(entry);
            }
        }
        return List.copyOf(entries);
    }

    private static void pack(List<Path> directories, Path jar) throws IOException {
        Set<String> written = new LinkedHashSet<>();
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
            for (Path dir : directories) {
                try (Stream<Path> files = Files.walk(dir)) {
                    for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                        String name = dir.relativize(file).toString().replace(File.separatorChar, '/');
                        // the first directory wins, as on a class path; module-info would make the jar modular
                        if (!name.equals("module-info.class") && written.add(name)) {
                            out.putNextEntry(new JarEntry(name));
                            Files.copy(file, out);
                            out.closeEntry();
                        }
                    }
                }
            }
        }
    }
}
