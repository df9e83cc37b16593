package dev.animus.router;

import dev.animus.core.Manifest;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The registrations of one subject backend, from its manifest's {@code subject_kind:} markers alone
 * (no process is spawned to learn its kinds) and the aliases it was installed with.
 */
public final class Registrations {
    private Registrations() {}

    /** {@link #forPlugin(String, List, List)} over a manifest's name and {@link Manifest#subjectKinds()}. */
    public static List<Registration> forPlugin(Manifest manifest, List<KindAlias> aliases) {
        return forPlugin(manifest.name(), manifest.subjectKinds(), aliases);
    }

    /**
     * One registration per distinct marker of {@code subjectKinds}, in their order; a marker an alias
     * renames is registered under the alias.
     *
     * @throws IllegalArgumentException when a marker is not a pattern, an alias renames a kind the
     *     plugin does not serve, two aliases rename one kind, or an alias takes a name the plugin
     *     serves itself (natively or by another alias)
     */
    public static List<Registration> forPlugin(String plugin, List<String> subjectKinds, List<KindAlias> aliases) {
        Objects.requireNonNull(plugin, "plugin");
        Set<KindPattern> served = new LinkedHashSet<>();
        for (String marker : subjectKinds) {
            try {
                served.add(KindPattern.parse(marker));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("plugin " + Grammar.quote(plugin) + ": " + e.getMessage(), e);
            }
        }
        List<Registration> out = new ArrayList<>();
        Set<KindPattern> taken = new LinkedHashSet<>();
        for (KindPattern p : served) {
            List<KindAlias> mine =
                    aliases.stream().filter(a -> a.nativePattern().equals(p)).toList();
            if (mine.size() > 1) {
                throw new IllegalArgumentException("plugin " + Grammar.quote(plugin) + " has " + mine.size()
                        + " aliases of its kind " + Grammar.quote(p.text()) + ": give --as-kind once per kind");
            }
            KindPattern routed = mine.isEmpty() ? p : mine.get(0).alias();
            Registration r = new Registration(plugin, routed, p);
            if (!taken.add(routed) || (r.aliased() && served.contains(routed))) {
                throw new IllegalArgumentException("plugin " + Grammar.quote(plugin) + ": the alias "
                        + Grammar.quote(routed.text()) + " is a kind it already serves: choose another --as-kind");
            }
            out.add(r);
        }
        for (KindAlias a : aliases) {
            if (!served.contains(a.nativePattern())) {
                throw new IllegalArgumentException("plugin " + Grammar.quote(plugin) + " serves no kind "
                        + Grammar.quote(a.nativePattern().text()) + " to rename with --as-kind " + a.text()
                        + " (it serves "
                        + String.join(
                                ", ", served.stream().map(KindPattern::text).toList()) + ")");
            }
        }
        return List.copyOf(out);
    }
}
