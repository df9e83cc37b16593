package dev.animus.shell.daemon;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * How {@code web open} opens a URL: {@code $BROWSER} when set (a command, given the URL), else
 * {@code open} on macOS, else {@code xdg-open} when there is a display ({@code DISPLAY} or
 * {@code WAYLAND_DISPLAY}); none: the URL is printed instead.
 */
final class Browser {
    private Browser() {}

    /** The command line that opens a URL (the URL to be appended), if this session can show one. */
    static Optional<List<String>> opener(Map<String, String> env, String osName) {
        String browser = env.getOrDefault("BROWSER", "").strip();
        if (!browser.isEmpty()) {
            return Optional.of(List.of(browser.split("\\s+")));
        }
        if (osName.toLowerCase(Locale.ROOT).startsWith("mac")) {
            return onPath(env, "open").map(p -> List.of(p.toString()));
        }
        boolean display = !env.getOrDefault("DISPLAY", "").isBlank()
                || !env.getOrDefault("WAYLAND_DISPLAY", "").isBlank();
        return display ? onPath(env, "xdg-open").map(p -> List.of(p.toString())) : Optional.empty();
    }

    /**
     * Runs {@code opener} on {@code url} and waits up to 5 s for it (xdg-open hands the URL to the
     * browser and exits); an empty result means it was opened, else why not.
     */
    static Optional<String> open(List<String> opener, URI url, Map<String, String> env) {
        List<String> cmd = new ArrayList<>(opener);
        cmd.add(url.toString());
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().clear();
        pb.environment().putAll(env);
        try {
            Process p = pb.start();
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                return Optional.empty(); // a browser that stays in the foreground: it has the URL
            }
            return p.exitValue() == 0 ? Optional.empty() : Optional.of(cmd.getFirst() + " exited " + p.exitValue());
        } catch (IOException e) {
            return Optional.of("cannot run " + cmd.getFirst() + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted");
        }
    }

    private static Optional<Path> onPath(Map<String, String> env, String name) {
        return Arrays.stream(env.getOrDefault("PATH", "").split(File.pathSeparator))
                .filter(d -> !d.isEmpty())
                .map(d -> Path.of(d, name))
                .filter(Files::isExecutable)
                .findFirst();
    }
}
