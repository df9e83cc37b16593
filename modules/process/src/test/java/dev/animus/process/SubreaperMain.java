package dev.animus.process;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Run in a JVM of its own by {@link SubreaperTest}: spawns one plugin, stops it, says whether the JVM is a subreaper. */
public final class SubreaperMain {
    private SubreaperMain() {}

    public static void main(String[] args) {
        PluginProcess p = PluginProcess.start(
                new SpawnSpec(List.of("/bin/cat"), Map.of("PATH", "/usr/bin:/bin"), Optional.empty(), "cat"));
        p.stop(Duration.ofSeconds(2));
        System.out.println("subreaper=" + Subreaper.active());
    }
}
