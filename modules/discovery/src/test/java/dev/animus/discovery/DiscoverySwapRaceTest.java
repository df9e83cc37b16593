package dev.animus.discovery;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.Interpreter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file swapped, where discovery found it, between a trusted and an untrusted version while
 * listings run: whatever runs is the private copy that was hashed, so the untrusted version never
 * runs (on the old code, which hashed the file in place and then executed it in place, it did
 * within a few hundred listings).
 */
class DiscoverySwapRaceTest {
    static final int LISTINGS = 200;

    @TempDir
    Path root;

    static Path script(Path p, String body) throws IOException {
        Files.writeString(p, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    @Test
    void aFileSwappedBetweenHashAndExecNeverRunsUntrustedCode() throws Exception {
        Path dir = Files.createDirectories(root.resolve("plugin-path"));
        Path marker = root.resolve("untrusted-ran");
        Path good = script(
                root.resolve("good"),
                "[ \"$1\" = --manifest ] && printf '%s' '" + DiscovererTest.manifestJson("race", "custom")
                        + "'\nexit 0\n");
        Path evil = script(
                root.resolve("evil"),
                "echo ran >> '" + marker + "'\nprintf '%s' '" + DiscovererTest.manifestJson("race", "custom")
                        + "'\nexit 0\n");
        String trusted = FileDigest.sha256(good);
        Map<String, String> env = new HashMap<>();
        env.put("ANIMUS_HOME", Files.createDirectories(root.resolve("home")).toString());
        env.put("PATH", "/usr/bin:/bin");
        env.put("ANIMUS_PLUGIN_PATH", dir.toString());
        env.put("ANIMUS_DISABLE_MANIFEST_CACHE", "1"); // every listing probes
        TrustView view = new TrustView(
                List.of(),
                trusted::equals,
                d -> d.equals(trusted) ? Optional.of(new Interpreter("/bin/sh", List.of())) : Optional.empty(),
                false);
        Discoverer discoverer = new Discoverer(AnimusPaths.from(env, root.resolve("project")), env, () -> view);

        Path target = dir.resolve("animus-plugin-race");
        Files.copy(good, target);
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong swaps = new AtomicLong();
        Thread swapper = Thread.ofPlatform().name("swapper").start(() -> {
            try {
                for (long i = 0; !stop.get(); i++) {
                    Path next = dir.resolve(".next");
                    Files.copy(
                            i % 2 == 0 ? evil : good,
                            next,
                            StandardCopyOption.REPLACE_EXISTING,
                            StandardCopyOption.COPY_ATTRIBUTES);
                    Files.move(next, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                    swaps.incrementAndGet();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        int usable = 0;
        int untrusted = 0;
        try {
            for (int i = 0; i < LISTINGS; i++) {
                Discovery d = discoverer.discover(false);
                usable += d.plugins().size();
                untrusted += d.untrusted().size();
            }
        } finally {
            stop.set(true);
            swapper.join();
        }
        assertFalse(Files.exists(marker), "the untrusted version ran");
        assertTrue(swaps.get() > LISTINGS, "the file was swapped " + swaps.get() + " times");
        assertTrue(
                usable > 0 && untrusted > 0,
                "both versions were seen: " + usable + " usable, " + untrusted + " untrusted listings");
        assertTrue(usable + untrusted <= LISTINGS, "one row per listing");
    }
}
