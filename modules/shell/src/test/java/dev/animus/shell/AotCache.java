package dev.animus.shell;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * The JDK AOT caches ({@code -XX:AOTCache}) of the {@code animus} JVMs the tests start, made once
 * per test JVM in {@code <animus.test.jvm.dir>/pid-<pid>/} (a directory under the build directory,
 * given by the build; the directories of test JVMs no longer running are removed).
 *
 * <p>A cache holds only classes from jars, so the shell's classes directory on this JVM's module
 * path is first written as a jar there, and the children run on that module path: the same
 * classes. A cache is made by a training run ({@code -XX:AOTCacheOutput}): one {@code animus}
 * running a short script of common commands (install, trust, list, inspect, a call to the Python
 * example plugin, remove) in a throwaway home of its own. The JVM accepts a cache only with the
 * module options it was made with ({@code --enable-native-access} and the like), so there is one
 * cache per such set of options; {@code -D} and {@code -Xlog} options do not matter.
 *
 * <p>Thread-safe: each cache is trained by its first caller while later callers of the same options
 * wait; callers of other options do not. When anything fails, the caller gets no cache (its JVMs
 * start without one) and one line on this JVM's stderr says why.
 */
final class AotCache {
    /** A cache and the module path its JVMs must run on. */
    record Cache(Path file, String modulePath) {
        /** The JVM options that use it; a cache that does not fit is ignored silently. */
        List<String> options() {
            return List.of("-XX:AOTMode=auto", "-XX:AOTCache=" + file, "-Xlog:aot*=off", "-Xlog:cds*=off");
        }
    }

    static final String DIRECTORY_PROPERTY = "animus.test.jvm.dir";

    private static final AotCache SHARED = new AotCache(
            Optional.ofNullable(System.getProperty(DIRECTORY_PROPERTY)).map(Path::of),
            Optional.ofNullable(System.getProperty("jdk.module.path")));

    private final Optional<Path> base;
    private final Optional<String> modulePath;
    private final ReentrantLock lock = new ReentrantLock();
    private final Map<List<String>, Training> trainings = new HashMap<>();
    /** The run's directory and the module path with jars only, once made; guarded by {@link #lock}. */
    private Optional<Jarred> jarred = Optional.empty();

    private boolean jarsTried;

    private record Jarred(Path directory, String modulePath) {}

    private AotCache(Optional<Path> base, Optional<String> modulePath) {
        this.base = base;
        this.modulePath = modulePath;
    }

    static AotCache shared() {
        return SHARED;
    }

    /** The cache for JVMs started with {@code jvmOptions}, made on first use; empty when it cannot be had. */
    Optional<Cache> forOptions(List<String> jvmOptions) {
        List<String> key = jvmOptions.stream()
                .filter(o -> !o.startsWith("-D") && !o.startsWith("-Xlog"))
                .toList();
        Training training;
        lock.lock();
        try {
            training = trainings.computeIfAbsent(key, k -> new Training(k, trainings.size()));
        } finally {
            lock.unlock();
        }
        return training.cache();
    }

    /** The first call makes the run's jars (once, under {@link #lock}); empty when that failed. */
    private Optional<Jarred> jarred() {
        lock.lock();
        try {
            if (!jarsTried) {
                jarsTried = true;
                if (base.isEmpty() || modulePath.isEmpty()) {
                    note("-D" + DIRECTORY_PROPERTY + " or the module path is not set (run the tests with Maven)");
                } else {
                    jarred = Optional.of(jar(base.get(), modulePath.get()));
                }
            }
            return jarred;
        } catch (IOException | UncheckedIOException e) {
            note("cannot write the jars of the module path (" + e + ")");
            return Optional.empty();
        } finally {
            lock.unlock();
        }
    }

    private static Jarred jar(Path base, String modulePath) throws IOException {
        Files.createDirectories(base);
        try (Stream<Path> runs = Files.list(base)) {
            for (Path old : runs.toList()) {
                String name = old.getFileName().toString();
                if (name.matches("pid-\\d+")
                        && ProcessHandle.of(Long.parseLong(name.substring(4)))
                                .map(h -> !h.isAlive())
                                .orElse(true)) {
                    delete(old);
                }
            }
        }
        Path directory = base.resolve("pid-" + ProcessHandle.current().pid());
        delete(directory);
        Files.createDirectories(directory);
        List<String> entries = new ArrayList<>();
        for (String entry : modulePath.split(File.pathSeparator)) {
            Path path = Path.of(entry);
            if (Files.isDirectory(path)) {
                Path jar = directory.resolve("module-" + entries.size() + ".jar");
                writeJar(path, jar);
                entries.add(jar.toString());
            } else {
                entries.add(entry);
            }
        }
        return new Jarred(directory, String.join(File.pathSeparator, entries));
    }

    /** {@code classes} (an exploded module) as the jar {@code jar}: the same entries. */
    private static void writeJar(Path classes, Path jar) throws IOException {
        try (Stream<Path> all = Files.walk(classes);
                ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(jar))) {
            for (Path p : all.sorted().toList()) {
                String name = classes.relativize(p).toString().replace(File.separatorChar, '/');
                if (name.isEmpty()) {
                    continue;
                }
                if (Files.isDirectory(p)) {
                    out.putNextEntry(new ZipEntry(name + "/"));
                } else {
                    out.putNextEntry(new ZipEntry(name));
                    Files.copy(p, out);
                }
                out.closeEntry();
            }
        }
    }

    /** One set of module options' cache, trained by the first caller. */
    private final class Training {
        private final List<String> options;
        private final int index;
        private final ReentrantLock trained = new ReentrantLock();
        private boolean done;
        private Optional<Cache> cache = Optional.empty();

        Training(List<String> options, int index) {
            this.options = options;
            this.index = index;
        }

        Optional<Cache> cache() {
            trained.lock();
            try {
                if (!done) {
                    cache = jarred().flatMap(j -> train(j, options, index));
                    done = true;
                }
                return cache;
            } finally {
                trained.unlock();
            }
        }
    }

    private static Optional<Cache> train(Jarred jarred, List<String> options, int index) {
        Path work = jarred.directory().resolve("cache-" + index);
        Path file = work.resolve("animus.aot");
        Path log = work.resolve("training.log");
        try {
            Files.createDirectories(work.resolve("project"));
            Path plugin = Path.of(Cli.pythonEcho());
            List<String> cmd = new ArrayList<>();
            cmd.add(AnimusJvm.java().toString());
            cmd.addAll(AnimusJvm.START_UP);
            cmd.add("-XX:AOTCacheOutput=" + file);
            cmd.addAll(options);
            cmd.addAll(List.of(
                    "-p",
                    jarred.modulePath(),
                    "-m",
                    AnimusJvm.MAIN,
                    "--project-root",
                    work.resolve("project").toString()));
            ProcessBuilder pb = new ProcessBuilder(cmd)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .directory(work.toFile());
            Map<String, String> env = pb.environment();
            env.clear();
            env.put("PATH", "/usr/bin:/bin:" + System.getenv().getOrDefault("PATH", ""));
            env.put("HOME", work.toString());
            env.put("ANIMUS_HOME", work.resolve("home").toString());
            env.put("ANIMUS_KEYRING", "file");
            env.put("LANG", "C.UTF-8");
            Process p = pb.start();
            try (OutputStream in = p.getOutputStream()) {
                in.write(script(plugin).getBytes(StandardCharsets.UTF_8));
            }
            if (!p.waitFor(2, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                note("the training run for " + options + " did not end in 2 minutes (see " + log + ")");
                return Optional.empty();
            }
            if (!Files.isRegularFile(file) || Files.size(file) == 0) {
                note("the training run for " + options + " wrote no cache (exit " + p.exitValue() + ", see " + log
                        + ")");
                return Optional.empty();
            }
            return Optional.of(new Cache(file, jarred.modulePath()));
        } catch (IOException e) {
            note("the training run for " + options + " failed (" + e + ")");
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** The training script: the commands the tests run most, on the Python example plugin. */
    private static String script(Path plugin) {
        return String.join(
                "\n",
                "plugin list",
                "plugin install --path " + plugin + " --no-trust",
                "plugin trust pyecho --yes",
                "plugin consent pyecho --yes",
                "plugin enable pyecho",
                "plugin list",
                "plugin list --json",
                "plugin inspect pyecho",
                "plugin call pyecho echo --params '{\"n\": 1}'",
                "plugin status",
                "plugin status --json",
                "plugin doctor pyecho",
                "plugin dev " + plugin + " call echo --params '{\"n\": 2}'",
                "secret status pyecho",
                "plugin remove pyecho --yes",
                "");
    }

    private static void note(String why) {
        System.err.println("[animus tests] no AOT cache for the animus JVMs, they start slower: " + why);
    }

    private static void delete(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
