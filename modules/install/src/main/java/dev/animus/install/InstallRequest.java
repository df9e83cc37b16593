package dev.animus.install;

import dev.animus.core.InstallSource;
import dev.animus.core.SignatureCheck;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * One install, as {@link PluginInstaller#install(InstallRequest)} takes it.
 *
 * @param path the executable or plugin directory to store (a download's staging copy, or the operator's file)
 * @param name the name to install under; empty: the {@code Plugin.toml} name, else the file name
 *     without its {@code animus-plugin-}/{@code animus-provider-} prefix
 * @param source where the code came from, as the state document and the lockfile record it
 * @param pins how the lockfile is treated
 * @param trusted the digest the operator was shown and agreed to trust: the install, the trust and
 *     the manifest (a binary's first run) are then committed together, or not at all
 * @param guards the release checks: the manifest's name, built-in provider names
 * @param signature what the signature check of the code found (a local path or a URL: {@code unsigned})
 */
public record InstallRequest(
        Path path,
        Optional<String> name,
        InstallSource source,
        PluginInstaller.PinPolicy pins,
        Optional<String> trusted,
        Guards guards,
        SignatureCheck signature) {

    public InstallRequest {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(pins, "pins");
        Objects.requireNonNull(trusted, "trusted");
        Objects.requireNonNull(guards, "guards");
        Objects.requireNonNull(signature, "signature");
    }

    /** A local path, as {@code plugin install --path}. */
    public static InstallRequest local(Path path, Optional<String> name, PluginInstaller.PinPolicy pins) {
        return new InstallRequest(
                path,
                name,
                InstallSource.path(path.toAbsolutePath().normalize().toString()),
                pins,
                Optional.empty(),
                Guards.none(),
                SignatureCheck.unsigned());
    }

    /** This request, confirmed: the operator trusts the code whose digest {@code shown} they were shown. */
    public InstallRequest withTrusted(Optional<String> shown) {
        return new InstallRequest(path, name, source, pins, shown, guards, signature);
    }

    /** This request with other guards. */
    public InstallRequest withGuards(Guards other) {
        return new InstallRequest(path, name, source, pins, trusted, other, signature);
    }

    /**
     * The guards of docs/security.md#install-guards.
     *
     * @param expectedName the name the manifest must have (a release: the repository's basename);
     *     checked when the manifest is known before anything is committed (a {@code Plugin.toml}, or
     *     a binary trusted in the same act)
     * @param allowNameMismatch {@code --force}
     * @param allowShadowBuiltin {@code --allow-shadow-builtin}
     */
    public record Guards(Optional<String> expectedName, boolean allowNameMismatch, boolean allowShadowBuiltin) {
        public Guards {
            Objects.requireNonNull(expectedName, "expectedName");
        }

        public static Guards none() {
            return new Guards(Optional.empty(), false, false);
        }
    }
}
