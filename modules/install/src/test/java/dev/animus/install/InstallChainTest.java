package dev.animus.install;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.AgentScope;
import dev.animus.core.InstallStage;
import dev.animus.core.Installation;
import dev.animus.core.PluginState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The composed act of docs/cli.md#one-confirmation: one question, and all or nothing. */
class InstallChainTest {
    @TempDir
    Path root;

    private static InstallChain.Request local(Path path, InstallChain.Until until) {
        return new InstallChain.Request(
                new InstallChain.Source.Local(path),
                Optional.empty(),
                new PluginInstaller.PinPolicy(false, false),
                new InstallRequest.Guards(Optional.empty(), false, false),
                SignaturePolicy.WARN,
                new AgentScope.One("coder"),
                until);
    }

    private static List<Path> storeEntries(AnimusHome home) throws IOException {
        if (!Files.isDirectory(home.layout().store())) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(home.layout().store())) {
            return s.filter(p -> !p.getFileName().toString().startsWith(".")).toList();
        }
    }

    @Test
    void aConfirmedChainEndsEnabledForTheAgentAfterOneQuestion() throws IOException {
        AnimusHome home = Installs.home(root);
        AtomicInteger asked = new AtomicInteger();
        InstallChain.Report r = new InstallChain(home)
                .install(
                        local(Installs.pyecho(root.resolve("src"), ""), InstallChain.Until.ENABLE),
                        screen -> {
                            asked.incrementAndGet();
                            assertTrue(screen.disclosure().capabilities().contains("echo"), screen.toString());
                            assertEquals(List.of(new AgentScope.One("coder")), screen.enableFor());
                        },
                        (done, total) -> {});
        assertEquals(1, asked.get());
        assertEquals("pyecho", r.install().install().name());
        assertEquals(
                InstallStage.ENABLED, Installation.stage(home.state().read().state(), "pyecho", "coder"));
    }

    @Test
    void noEnableStopsAtTheConsent() throws IOException {
        AnimusHome home = Installs.home(root);
        new InstallChain(home)
                .install(
                        local(Installs.pyecho(root.resolve("src"), ""), InstallChain.Until.CONSENT),
                        screen -> assertEquals(List.of(), screen.enableFor()),
                        (done, total) -> {});
        assertEquals(
                InstallStage.CONSENTED, Installation.stage(home.state().read().state(), "pyecho", "coder"));
    }

    @Test
    void aRefusalLeavesNothingOfAFreshInstall() throws IOException {
        AnimusHome home = Installs.home(root);
        RuntimeException no = new IllegalStateException("not confirmed");
        RuntimeException thrown = assertThrows(
                RuntimeException.class,
                () -> new InstallChain(home)
                        .install(
                                local(Installs.pyecho(root.resolve("src"), ""), InstallChain.Until.ENABLE),
                                screen -> {
                                    throw no;
                                },
                                (done, total) -> {}));
        assertSame(no, thrown);
        assertEquals(Optional.empty(), home.state().read().state().plugin("pyecho"));
        assertEquals(Optional.empty(), home.lockfile().read().entry("pyecho"));
        assertTrue(!Files.exists(home.lockfile().file()), "the lockfile this act created is gone");
        assertEquals(List.of(), storeEntries(home));
    }

    @Test
    void aRefusalPutsBackWhatWasThereBefore() throws IOException {
        AnimusHome home = Installs.home(root);
        Path v1 = Installs.pyecho(root.resolve("src"), "");
        new PluginInstaller(home).install(v1, Optional.empty(), false); // installed, not trusted
        PluginState before = home.state().read().state().plugin("pyecho").orElseThrow();
        var pin = home.lockfile().read().entry("pyecho");
        assertThrows(
                IllegalStateException.class,
                () -> new InstallChain(home)
                        .install(
                                local(v1, InstallChain.Until.ENABLE),
                                screen -> {
                                    throw new IllegalStateException("not confirmed");
                                },
                                (done, total) -> {}));
        assertEquals(before, home.state().read().state().plugin("pyecho").orElseThrow(), "still untrusted");
        assertEquals(pin, home.lockfile().read().entry("pyecho"));
        assertEquals(1, storeEntries(home).size(), "its code stays stored");
    }

    @Test
    void aRefusedUpdateKeepsTheOldCodeAsItWas() throws IOException {
        AnimusHome home = Installs.home(root);
        new InstallChain(home)
                .install(
                        local(Installs.pyecho(root.resolve("src"), ""), InstallChain.Until.ENABLE),
                        screen -> {},
                        (done, total) -> {});
        PluginState before = home.state().read().state().plugin("pyecho").orElseThrow();
        Path v2 = Installs.pyecho(root.resolve("v2"), "# v2\n");
        assertThrows(
                IllegalStateException.class,
                () -> new InstallChain(home)
                        .update(
                                "pyecho",
                                v2,
                                new PluginInstaller.PinPolicy(false, false),
                                new AgentScope.One("default"),
                                InstallChain.Until.ENABLE,
                                screen -> {
                                    assertTrue(screen.before().isPresent(), "the disclosure before is shown");
                                    throw new IllegalStateException("not confirmed");
                                }));
        assertEquals(before, home.state().read().state().plugin("pyecho").orElseThrow());
        assertEquals(1, storeEntries(home).size(), "the new code is not left in the store");
    }
}
