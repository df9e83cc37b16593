package dev.animus.install;

import dev.animus.core.ArtifactShape;
import dev.animus.core.ManifestCheck;
import dev.animus.core.ManifestInvalid;
import dev.animus.core.PluginCandidate;
import dev.animus.discovery.CandidateScan;
import dev.animus.discovery.ManifestParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@code plugin install --path P} points at, read without running anything: one executable
 * file, or a plugin directory with a static {@code Plugin.toml} (its manifest and {@code entry}).
 *
 * @param root the real path of the file or directory (a link given on the command line is
 *     followed once, since the operator chose it; links inside a directory are refused by the store)
 * @param entry the executable: the file's name, or the directory's {@code entry}
 * @param staticManifest the directory's {@code Plugin.toml}; empty for a file (a binary's manifest
 *     is read only once it is trusted)
 * @param fileName the name on disk, for the default plugin name
 */
record SourceArtifact(
        Path root, ArtifactShape shape, String entry, Optional<ManifestCheck> staticManifest, String fileName) {

    SourceArtifact {
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(shape, "shape");
        Objects.requireNonNull(entry, "entry");
        Objects.requireNonNull(staticManifest, "staticManifest");
    }

    /**
     * @throws InstallFailed naming {@code path} when it is missing, not a file or plugin directory,
     *     not executable, or its {@code Plugin.toml} is invalid
     */
    static SourceArtifact read(Path path) {
        Path real;
        try {
            real = path.toRealPath();
        } catch (NoSuchFileException e) {
            throw InstallFailed.usage(path + ": no such file or directory");
        } catch (IOException e) {
            throw InstallFailed.usage(path + ": cannot be read: " + e.getMessage());
        }
        String fileName = real.getFileName().toString();
        if (Files.isDirectory(real, LinkOption.NOFOLLOW_LINKS)) {
            Path toml = real.resolve(CandidateScan.PLUGIN_TOML);
            if (!Files.isRegularFile(toml, LinkOption.NOFOLLOW_LINKS)) {
                throw InstallFailed.usage(path + " is a directory without " + CandidateScan.PLUGIN_TOML
                        + "; give the plugin's executable, or add a Plugin.toml (see docs/plugin-authoring.md)");
            }
            ManifestCheck check;
            try {
                check = ManifestParser.pluginToml(toml, true);
            } catch (ManifestInvalid e) {
                throw InstallFailed.usage(e.getMessage());
            }
            return new SourceArtifact(
                    real, ArtifactShape.TREE, check.manifest().entry().orElseThrow(), Optional.of(check), fileName);
        }
        if (!Files.isRegularFile(real, LinkOption.NOFOLLOW_LINKS)) {
            throw InstallFailed.usage(path + " is not a regular file or a plugin directory");
        }
        if (!Files.isExecutable(real)) {
            throw InstallFailed.usage(path + " is not executable (chmod +x " + path + ")");
        }
        return new SourceArtifact(real, ArtifactShape.FILE, fileName, Optional.empty(), fileName);
    }

    /**
     * The name it installs under without {@code --name}: the name in a static {@code Plugin.toml},
     * else the file name without its {@code animus-plugin-} / {@code animus-provider-} prefix.
     */
    String defaultName() {
        if (staticManifest.isPresent()) {
            return staticManifest.get().manifest().name();
        }
        return PluginCandidate.nameOfScanned(fileName).orElse(fileName);
    }
}
