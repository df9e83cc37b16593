package dev.animus.runtime;

import dev.animus.core.AgentScope;
import dev.animus.discovery.AnimusPaths;
import dev.animus.install.AnimusHome;
import dev.animus.install.InstallReport;
import dev.animus.install.PluginInspector;
import dev.animus.install.PluginInstaller;
import dev.animus.install.TrustService;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** A throwaway home and project, and plugin sources to install into it. */
final class Installs {
    private Installs() {}

    static AnimusHome home(Path root) throws IOException {
        Files.createDirectories(root.resolve("project"));
        Map<String, String> env = new HashMap<>(TestPlugins.CALLER);
        env.put("ANIMUS_HOME", root.resolve("home").toString());
        env.put("HOME", root.toString());
        return Homes.open(
                AnimusPaths.from(env, root.resolve("project")),
                env,
                InstantSource.fixed(Instant.parse("2026-11-30T12:00:00Z")));
    }

    /** A copy of the Python example plugin, {@code extra} appended (a comment changes its digest). */
    static Path pyecho(Path dir, String extra) throws IOException {
        Files.createDirectories(dir);
        Path p = dir.resolve("animus-plugin-pyecho");
        Files.writeString(p, Files.readString(TestPlugins.pythonEcho()) + extra);
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    /** A plugin directory: {@code Plugin.toml} naming {@code bin/pyecho} (the Python example), with {@code toml} added. */
    static Path tree(Path dir, String toml) throws IOException {
        pyecho(dir.resolve("bin"), "");
        Files.move(dir.resolve("bin/animus-plugin-pyecho"), dir.resolve("bin/pyecho"));
        Files.writeString(dir.resolve("Plugin.toml"), """
                name = "pyecho"
                version = "0.1.0"
                plugin_kind = "custom"
                description = "the Python example as a plugin directory"
                protocol_version = "1.1.0"
                capabilities = ["$/ping", "echo", "stream", "env"]
                entry = "bin/pyecho"
                """ + toml);
        return dir;
    }

    /** Installs, trusts, consents and enables {@code path} for agent {@code default}. */
    static InstallReport ready(AnimusHome home, Path path) {
        InstallReport r = new PluginInstaller(home).install(path, Optional.empty(), false);
        TrustService trust = new TrustService(home);
        trust.trust(r.name(), r.digest());
        String consent = new PluginInspector(home)
                .inspect(r.name(), "default")
                .consentDigest()
                .orElseThrow();
        trust.consent(r.name(), consent);
        trust.enable(r.name(), new AgentScope.One("default"));
        return r;
    }

    /** Makes a published store file writable and appends to it, as an attacker with the operator's uid could. */
    static void tamper(Path storedFile, String text) throws IOException {
        Files.setPosixFilePermissions(storedFile.getParent(), PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(storedFile, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(storedFile, text, StandardOpenOption.APPEND);
    }
}
