package dev.animus.discovery;

import dev.animus.core.DiscoverySource;
import dev.animus.core.DiscoveryWarning;
import dev.animus.core.PluginKind;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What one discovery run found, and the answer to "which plugin is X?".
 *
 * @param plugins the usable plugins, one per name, in precedence order
 * @param broken entries that claimed a name and do not work: they still reserve it
 * @param notes everything else worth a warning row: shadowed entries, a registry that cannot be
 *     read, unknown manifest keys of a usable plugin, a manifest that names itself differently
 * @param untrusted binaries that claimed a name but were not run: nothing trusted has their digest
 */
public record Discovery(
        List<DiscoveredPlugin> plugins,
        List<DiscoveryWarning> broken,
        List<DiscoveryWarning> notes,
        List<UntrustedBinary> untrusted) {

    public Discovery {
        plugins = List.copyOf(plugins);
        broken = List.copyOf(broken);
        notes = List.copyOf(notes);
        untrusted = List.copyOf(untrusted);
    }

    /** Every warning row: the broken entries, then the notes. */
    public List<DiscoveryWarning> warnings() {
        return Stream.concat(broken.stream(), notes.stream()).toList();
    }

    /** The outcome of looking a name up. */
    public sealed interface Lookup {
        /** The plugin of that name. */
        record Found(DiscoveredPlugin plugin) implements Lookup {}

        /** The name is claimed by an entry that does not work; it is not taken from a lower source. */
        record Broken(DiscoveryWarning warning) implements Lookup {}

        /** The name is claimed by a binary that is not trusted; it was not run. */
        record Untrusted(UntrustedBinary binary) implements Lookup {}

        /** No source offers the name. */
        record Missing(String name, List<String> known) implements Lookup {
            public Missing {
                Objects.requireNonNull(name, "name");
                known = List.copyOf(known);
            }
        }
    }

    public Lookup find(String name) {
        Optional<DiscoveredPlugin> found =
                plugins.stream().filter(p -> p.name().equals(name)).findFirst();
        if (found.isPresent()) {
            return new Lookup.Found(found.get());
        }
        Optional<UntrustedBinary> untrustedOne =
                untrusted.stream().filter(u -> u.name().equals(name)).findFirst();
        if (untrustedOne.isPresent()) {
            return new Lookup.Untrusted(untrustedOne.get());
        }
        return broken.stream()
                .filter(w -> w.name().equals(name))
                .<Lookup>map(Lookup.Broken::new)
                .findFirst()
                .orElseGet(() -> new Lookup.Missing(
                        name, plugins.stream().map(DiscoveredPlugin::name).toList()));
    }

    /**
     * The installed plugins other than {@code name} whose code has the digest {@code sha256}, in
     * precedence order: the same bytes under another name (a binary found elsewhere that is an
     * installed plugin's code, or one binary installed twice). Empty without a digest.
     */
    public List<String> installedWithSameBytes(String name, Optional<String> sha256) {
        if (sha256.isEmpty()) {
            return List.of();
        }
        Stream<String> usable = plugins.stream()
                .filter(p ->
                        p.source() == DiscoverySource.INSTALLED && p.sha256().equals(sha256))
                .map(DiscoveredPlugin::name);
        Stream<String> notTrusted = untrusted.stream()
                .filter(u ->
                        u.source() == DiscoverySource.INSTALLED && u.sha256().equals(sha256.get()))
                .map(UntrustedBinary::name);
        return Stream.concat(usable, notTrusted).filter(n -> !n.equals(name)).toList();
    }

    /** The plugins that serve {@code kind} (as their kind or one of their extra kinds), in precedence order. */
    public List<DiscoveredPlugin> byKind(PluginKind.Routed kind) {
        return plugins.stream().filter(p -> p.manifest().serves(kind)).toList();
    }
}
