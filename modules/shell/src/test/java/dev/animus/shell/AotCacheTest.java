package dev.animus.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The AOT cache of the tests' animus JVMs costs at most speed: a cache that does not fit (garbage
 * here, as a stale one after a rebuild would be) leaves the command's exit code, stdout and stderr
 * as they are, and the command lines the tests use carry the cache.
 */
class AotCacheTest {
    @TempDir
    Path dir;

    @Test
    void aCacheThatDoesNotFitChangesNothingTheCommandPrints() throws Exception {
        Path junk = dir.resolve("junk.aot");
        byte[] bytes = new byte[1 << 20];
        new Random(22).nextBytes(bytes);
        Files.write(junk, bytes);
        List<String> cmd = new ArrayList<>(List.of(AnimusJvm.java().toString()));
        cmd.addAll(AnimusJvm.START_UP);
        cmd.addAll(new AotCache.Cache(junk, AnimusJvm.modulePath()).options());
        cmd.addAll(List.of("-p", AnimusJvm.modulePath(), "-m", AnimusJvm.MAIN, "--version"));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().put("ANIMUS_HOME", dir.resolve("home").toString());
        Cli.childEnvironment(pb.environment(), dir);
        Process p = pb.start();
        CompletableFuture<byte[]> err = CompletableFuture.supplyAsync(() -> readAll(p.getErrorStream()));
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "animus --version did not end");
        assertEquals("", new String(err.join(), StandardCharsets.UTF_8), "stderr");
        assertEquals(0, p.exitValue());
        assertTrue(out.matches("animus \\S+ \\(protocol \\S+, Java \\d+\\)\\n"), out);
    }

    /** The cache is made (else every test's JVM starts slower, and the suite outgrows its budget). */
    @Test
    void theTestsCommandLinesCarryACacheMadeUnderTheBuildDirectory() {
        List<String> cmd = AnimusJvm.command();
        String build = System.getProperty(AotCache.DIRECTORY_PROPERTY);
        assertTrue(build != null, "the build sets -D" + AotCache.DIRECTORY_PROPERTY);
        assertTrue(cmd.stream().anyMatch(o -> o.startsWith("-XX:AOTCache=" + build)), cmd.toString());
        assertEquals(AnimusJvm.MAIN, cmd.getLast(), cmd.toString());
    }

    private static byte[] readAll(InputStream in) {
        try {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
