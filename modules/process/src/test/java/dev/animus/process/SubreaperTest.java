package dev.animus.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JVM becomes a child subreaper only with native access granted to this module, and says
 * nothing on stderr either way (the launcher grants it; a JVM started otherwise must not warn).
 */
class SubreaperTest {
    @TempDir
    Path dir;

    @Test
    void withNativeAccessTheJvmIsASubreaperAndNothingIsPrintedOnStderr() throws Exception {
        Result r = jvm("--enable-native-access=dev.animus.process");
        assertEquals("subreaper=true", r.out().strip(), r.err());
        assertFalse(r.err().contains("WARNING"), r.err());
    }

    @Test
    void withoutItTheJvmIsNoSubreaperAndTheForeignFunctionApiIsNotTouched() throws Exception {
        Result r = jvm();
        assertEquals("subreaper=false", r.out().strip(), r.err());
        assertFalse(r.err().contains("WARNING"), "the JVM warned about native access: " + r.err());
    }

    private record Result(String out, String err) {}

    private Result jvm(String... options) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(List.of(options));
        cmd.addAll(List.of(
                "-p",
                System.getProperty("jdk.module.path"),
                "--patch-module",
                "dev.animus.process=" + Path.of("target", "test-classes").toAbsolutePath(),
                "-m",
                "dev.animus.process/dev.animus.process.SubreaperMain"));
        Path out = dir.resolve("out");
        Path err = dir.resolve("err");
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("the JVM did not end within 60 s");
        }
        return new Result(Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }
}
