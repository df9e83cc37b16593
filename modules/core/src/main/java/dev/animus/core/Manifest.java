package dev.animus.core;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;

/**
 * A plugin's manifest (docs/protocol.md#the-manifest): the one model both {@code Plugin.toml} and
 * the {@code --manifest} JSON map to. Read one with {@link ManifestValidator}, write one with
 * {@link ManifestRendering}.
 *
 * <p>A {@code Manifest} always satisfies the rules of docs/protocol.md#the-manifest: the
 * constructor checks them and throws {@link ManifestInvalid} naming the wire field
 * ({@code hooks[1]}, {@code secrets[0].env}) when code builds one against a rule. Lists are copied;
 * {@code networkDestinations} must be normalised ({@link NetworkDestinations#normalize}) and is
 * kept sorted. Values are immutable and thread-safe.
 *
 * @param name {@code ^[a-z0-9][a-z0-9._-]{0,63}$}
 * @param version the plugin's version
 * @param kind its primary role ({@code plugin_kind})
 * @param extraKinds further roles served by the same process ({@code plugin_kinds}), each once and
 *     none repeating {@code kind}
 * @param description for humans, may be empty, at most 4096 characters
 * @param protocolVersion the protocol it speaks (compatibility is checked at the handshake)
 * @param capabilities method names, {@code subject_kind:<kind>} markers, {@code $vendor/...} flags
 * @param envRequired variables to forward, unique by name
 * @param notificationBufferSize broadcast capacity hint, 1 to 65536
 * @param timeouts its deadlines; durations in whole milliseconds
 * @param hooks advisory hooks it answers (docs/lifecycle.md#hooks-and-events)
 * @param policyHooks policy hooks it answers
 * @param events lifecycle events it observes
 * @param networkDestinations where it talks to, {@code host[:port]}, normalised, sorted
 * @param dataSent classes of data it sends off the machine, one line each
 * @param secrets secrets it may receive, unique by name and by variable
 * @param entry the executable's relative path in a plugin directory, normalised
 */
public record Manifest(
        String name,
        SemVer version,
        PluginKind kind,
        List<PluginKind> extraKinds,
        String description,
        SemVer protocolVersion,
        List<String> capabilities,
        List<EnvDeclaration> envRequired,
        OptionalInt notificationBufferSize,
        TimeoutTable timeouts,
        List<String> hooks,
        List<String> policyHooks,
        List<String> events,
        List<String> networkDestinations,
        List<String> dataSent,
        List<SecretDeclaration> secrets,
        Optional<String> entry) {

    public Manifest {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(protocolVersion, "protocolVersion");
        Objects.requireNonNull(notificationBufferSize, "notificationBufferSize");
        Objects.requireNonNull(timeouts, "timeouts");
        Objects.requireNonNull(entry, "entry");
        extraKinds = List.copyOf(extraKinds);
        capabilities = List.copyOf(capabilities);
        envRequired = List.copyOf(envRequired);
        hooks = List.copyOf(hooks);
        policyHooks = List.copyOf(policyHooks);
        events = List.copyOf(events);
        networkDestinations = List.copyOf(networkDestinations).stream().sorted().toList();
        dataSent = List.copyOf(dataSent);
        secrets = List.copyOf(secrets);
        ManifestChecks.identity(name, kind, extraKinds, description);
        ManifestChecks.contract(capabilities, envRequired, notificationBufferSize, timeouts);
        ManifestChecks.advice(hooks, policyHooks, events);
        ManifestChecks.disclosure(networkDestinations, dataSent, secrets);
        ManifestChecks.entry(entry);
    }

    /** The methods it declares: capabilities that are neither {@code subject_kind:} markers nor {@code $vendor/} flags. */
    public List<String> methods() {
        return capabilities.stream()
                .filter(c -> !ManifestRules.isMarker(c) && !ManifestRules.isFlag(c))
                .toList();
    }

    /** The subject kinds it serves, from its {@code subject_kind:<kind>} markers, in order. */
    public List<String> subjectKinds() {
        return capabilities.stream()
                .filter(ManifestRules::isMarker)
                .map(c -> c.substring(ManifestRules.SUBJECT_KIND.length()))
                .toList();
    }

    /** Whether it serves a browser UI: the {@code $ui/web} flag, or a (legacy) {@code web_ui} kind. */
    public boolean servesWebUi() {
        return capabilities.contains(ManifestRules.UI_WEB) || serves(PluginKind.Routed.WEB_UI);
    }

    /**
     * Whether its kind or one of its extra kinds routes to {@code routed}. A legacy {@code web_ui}
     * kind also serves {@link PluginKind.Routed#TRANSPORT_BACKEND}: docs/protocol.md#kinds treats
     * it as a transport that serves a UI.
     */
    public boolean serves(PluginKind.Routed routed) {
        Objects.requireNonNull(routed, "routed");
        return Stream.concat(Stream.of(kind), extraKinds.stream())
                .map(PluginKind::routed)
                .anyMatch(r -> r == routed
                        || (routed == PluginKind.Routed.TRANSPORT_BACKEND && r == PluginKind.Routed.WEB_UI));
    }
}
