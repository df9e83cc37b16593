package dev.animus.discovery;

import dev.animus.core.DiscoverySource;
import dev.animus.core.DiscoveryWarning;
import dev.animus.core.PluginCandidate;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Lists what each source offers, without reading or running anything: registry entries by name,
 * and in scanned directories the entries named {@code animus-plugin-*} or
 * {@code animus-provider-*} (a directory with a {@code Plugin.toml} is a directory plugin). A source
 * that does not exist offers nothing; one that cannot be read is a warning.
 */
public final class CandidateScan {
    /** The file that makes a directory a plugin directory. */
    public static final String PLUGIN_TOML = "Plugin.toml";

    private final AnimusPaths paths;

    CandidateScan(AnimusPaths paths) {
        this.paths = paths;
    }

    List<PluginCandidate> candidates(boolean includeSystemPath, Consumer<DiscoveryWarning> warn) {
        List<PluginCandidate> all = new ArrayList<>(registry(warn));
        scan(paths.projectPlugins(), DiscoverySource.PROJECT, all, warn);
        scan(paths.pluginDir(), DiscoverySource.GLOBAL, all, warn);
        paths.pluginPath().forEach(dir -> scan(dir, DiscoverySource.PLUGIN_PATH, all, warn));
        if (includeSystemPath) {
            paths.systemPath().forEach(dir -> scan(dir, DiscoverySource.SYSTEM_PATH, all, warn));
        }
        return all;
    }

    /**
     * The entries of the first registry file that exists ({@link AnimusPaths#registries}); each
     * other one that exists is a warning, never silently read or dropped.
     */
    private List<PluginCandidate> registry(Consumer<DiscoveryWarning> warn) {
        List<Path> present = paths.registries().stream()
                .filter(f -> Files.exists(f, LinkOption.NOFOLLOW_LINKS))
                .toList();
        if (present.isEmpty()) {
            return List.of();
        }
        Path file = present.getFirst();
        for (Path ignored : present.subList(1, present.size())) {
            warn.accept(new DiscoveryWarning(
                    ignored.getFileName().toString(),
                    ignored.toString(),
                    DiscoverySource.REGISTRY,
                    "ignored: " + file + " is the registry read (move its entries there and remove this file)"));
        }
        try {
            return RegistryFile.read(file).stream()
                    .map(e -> new PluginCandidate(
                            e.name(), e.path().toString(), DiscoverySource.REGISTRY, Files.isDirectory(e.path())))
                    .toList();
        } catch (RegistryFile.Invalid e) {
            warn.accept(new DiscoveryWarning(
                    file.getFileName().toString(),
                    file.toString(),
                    DiscoverySource.REGISTRY,
                    e.getMessage() + " (its entries are skipped until it is fixed)"));
            return List.of();
        }
    }

    private static void scan(
            Path dir, DiscoverySource source, List<PluginCandidate> into, Consumer<DiscoveryWarning> warn) {
        List<Path> entries = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir)) {
            s.forEach(entries::add);
        } catch (NoSuchFileException | NotDirectoryException e) {
            return;
        } catch (IOException e) {
            warn.accept(new DiscoveryWarning(
                    "(" + source.word() + ")", dir.toString(), source, "cannot list the directory: " + e.getMessage()));
            return;
        }
        entries.sort(null); // a stable order: the same directory always yields the same claims
        for (Path p : entries) {
            PluginCandidate.nameOfScanned(p.getFileName().toString()).ifPresent(name -> {
                // a directory named like a plugin is meant as one: without Plugin.toml it is a broken entry
                into.add(new PluginCandidate(name, p.toString(), source, Files.isDirectory(p)));
            });
        }
    }
}
