package dev.animus.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.PluginState;
import dev.animus.host.PluginHost;
import dev.animus.host.Supervisor;
import dev.animus.install.AnimusHome;
import dev.animus.install.InstallFailed;
import dev.animus.install.InstallReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The application API over a real home: confirmations bound to what was shown, warm reuse by value. */
class AnimusTest {

    private static Set<String> trusted(Animus animus, String name) {
        return animus.state().plugin(name).map(PluginState::trustedDigests).orElse(Set.of());
    }

    @Test
    void trustingAPathWhoseBytesChangeBetweenTheShownDigestAndTheGrantIsRefused(@TempDir Path dir) throws IOException {
        AnimusHome home = Installs.home(dir);
        Animus animus = Animus.open(home.paths(), home.callerEnvironment());
        Path binary = Installs.pyecho(dir.resolve("bin"), "");
        PathDigest shown = animus.examine(binary);
        // between the confirmation and the grant, the file gets other bytes
        Files.writeString(binary, "# changed after it was shown\n", StandardOpenOption.APPEND);
        InstallFailed refused = assertThrows(InstallFailed.class, () -> animus.trustPath(shown));
        assertTrue(refused.getMessage().contains("changed since its digest was shown"), refused.getMessage());
        assertEquals(Set.of(), trusted(animus, "pyecho"), "nothing is trusted");
        // shown again, the new bytes are what is trusted, and exactly those
        PathDigest again = animus.examine(binary);
        assertEquals("pyecho", animus.trustPath(again));
        assertEquals(Set.of(again.sha256()), trusted(animus, "pyecho"));
    }

    @Test
    void trustingALinkThatPointsElsewhereSinceItWasShownIsRefused(@TempDir Path dir) throws IOException {
        AnimusHome home = Installs.home(dir);
        Animus animus = Animus.open(home.paths(), home.callerEnvironment());
        Path first = Installs.pyecho(dir.resolve("a"), "");
        Path second = Installs.pyecho(dir.resolve("b"), "");
        Path link = dir.resolve("animus-plugin-pyecho");
        Files.createSymbolicLink(link, first);
        PathDigest shown = animus.examine(link);
        Files.delete(link);
        Files.createSymbolicLink(link, second); // the same bytes, another file
        InstallFailed refused = assertThrows(InstallFailed.class, () -> animus.trustPath(shown));
        assertTrue(refused.getMessage().contains("as when its digest was shown"), refused.getMessage());
        assertEquals(Set.of(), trusted(animus, "pyecho"), "nothing is trusted");
    }

    @Test
    void aPluginRegisteredThroughHomesOpenedTwiceKeepsItsOneSupervisor(@TempDir Path dir) throws IOException {
        AnimusHome home = Installs.home(dir);
        InstallReport installed = Installs.ready(home, Installs.pyecho(dir.resolve("src"), ""));
        Animus one = Animus.open(home.paths(), home.callerEnvironment());
        Animus other = Animus.open(home.paths(), home.callerEnvironment());
        try (PluginHost host = PluginHost.create(PluginHost.Options.defaults(TestPlugins.HELLO))) {
            Supervisor first = one.register(one.permit(installed.name(), "default"), host);
            Supervisor second = other.register(other.permit(installed.name(), "default"), host);
            assertSame(first, second, "stores opened twice over the same files guard equally: the process stays warm");
        }
    }
}
