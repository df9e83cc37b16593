package dev.animus.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.InstallState;
import dev.animus.core.InstallationRefused;
import dev.animus.install.AnimusHome;
import dev.animus.install.InstallReport;
import dev.animus.install.PluginInstaller;
import dev.animus.router.KindAlias;
import dev.animus.router.KindPattern;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Animus#aliasKinds} and {@link Animus#subjectAliases} over a real home and a real install. */
class SubjectAliasesTest {
    @TempDir
    Path root;

    private AnimusHome home;

    private Animus animus(String capabilities) throws IOException {
        home = Installs.home(root);
        Path dir = Installs.tree(root.resolve("src"), "");
        Path toml = dir.resolve("Plugin.toml");
        Files.writeString(
                toml,
                Files.readString(toml)
                        .replace(
                                "capabilities = [\"$/ping\", \"echo\", \"stream\", \"env\"]",
                                "capabilities = [\"$/ping\", \"echo\", " + capabilities + "]"));
        InstallReport r = Installs.ready(home, dir);
        assertEquals("pyecho", r.name());
        return Animus.open(home.paths(), home.callerEnvironment());
    }

    @Test
    void aliasesAreCheckedRecordedCanonicallyAndReadBack() throws IOException {
        Animus animus = animus("\"subject_kind:task\", \"subject_kind:bug.*\"");
        assertEquals(List.of(), animus.subjectAliases("pyecho"));
        long before = animus.state().revision();
        List<KindAlias> set = animus.aliasKinds("pyecho", List.of("task=task2", "bug.*=b2.*"));
        assertEquals(
                List.of("task=task2", "bug.*=b2.*"),
                set.stream().map(KindAlias::text).toList());
        assertEquals(set, animus.subjectAliases("pyecho"));
        assertEquals(
                new KindPattern.Exact("task2"),
                animus.subjectAliases("pyecho").get(0).alias());
        assertEquals(before + 1, animus.state().revision(), "one transaction");
        assertEquals(
                List.of("task=task2", "bug.*=b2.*"),
                animus.state().plugin("pyecho").orElseThrow().subjectAliases());
        animus.aliasKinds("pyecho", List.of());
        assertEquals(List.of(), animus.subjectAliases("pyecho"));
    }

    @Test
    void theOneKindOfAPluginTakesABareAlias() throws IOException {
        Animus animus = animus("\"subject_kind:task\"");
        animus.aliasKinds("pyecho", List.of("task2"));
        assertEquals(
                List.of("task=task2"),
                animus.state().plugin("pyecho").orElseThrow().subjectAliases());
    }

    @Test
    void aBadAliasIsRefusedInOneLineAndChangesNothing() throws IOException {
        Animus animus = animus("\"subject_kind:task\", \"subject_kind:bug\"");
        InstallState before = animus.state();
        for (List<String> bad : List.of(
                List.of("task2"), // two kinds: name the one
                List.of("note=n2"), // not served
                List.of("task=bug"), // a kind it serves itself
                List.of("task=t2", "task=t3"), // twice
                List.of("task=T2"))) {
            var e = assertThrows(IllegalArgumentException.class, () -> animus.aliasKinds("pyecho", bad), bad::toString);
            assertTrue(e.getMessage().contains("--as-kind"), e.getMessage());
            assertTrue(!e.getMessage().contains("\n"), e.getMessage());
        }
        assertEquals(before, animus.state());
    }

    @Test
    void aliasesOfWhatIsNotInstalledOrNotTrustedAreRefused() throws IOException {
        Animus animus = animus("\"subject_kind:task\"");
        assertThrows(InstallationRefused.class, () -> animus.aliasKinds("nope", List.of("task2")));
        Path other = Installs.pyecho(root.resolve("other"), "# other\n");
        new PluginInstaller(home).install(other, Optional.of("other"), false);
        var e = assertThrows(InstallationRefused.class, () -> animus.aliasKinds("other", List.of("task2")));
        assertEquals(InstallationRefused.Reason.NO_MANIFEST, e.reason());
    }

    @Test
    void aRecordedAliasThatNoLongerFitsFailsNamingThePluginAndTheFix() throws IOException {
        Animus animus = animus("\"subject_kind:task\"");
        home.state().transact(s -> dev.animus.core.Installation.aliasKinds(s, "pyecho", List.of("note=n2")));
        var e = assertThrows(IllegalStateException.class, () -> animus.subjectAliases("pyecho"));
        assertTrue(e.getMessage().startsWith("plugin pyecho: "), e.getMessage());
        assertTrue(e.getMessage().contains("remove the plugin and install it again"), e.getMessage());
    }
}
