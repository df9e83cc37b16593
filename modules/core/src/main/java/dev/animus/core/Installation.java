package dev.animus.core;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * The installation lifecycle of docs/lifecycle.md#installation-lifecycle as pure functions over
 * {@link InstallState}: installed → trusted → consented → enabled → launched.
 *
 * <p>Each step returns the next state, or throws {@link InstallationRefused} (one line: what, why,
 * the next command) and leaves nothing changed. None of them changes the revision: the store bumps
 * it when it commits the result under the state lock. The rules:
 * <ul>
 *   <li>Trust is keyed by code digest and consent by {@linkplain Disclosure#digest() disclosure
 *       digest}; both are granted only for the digest the operator was shown
 *       ({@link InstallationRefused.Reason#CHANGED_SINCE_SHOWN} otherwise) and never rewritten.
 *   <li>Update and rollback keep trust and grants but clear enablement; new code is untrusted
 *       simply because its digest is not in the trusted set.
 *   <li>Consent is never implied: a disclosure that changed matches no grant, and a recorded
 *       manifest that no longer validates has no disclosure at all.
 * </ul>
 * Thread-safe (stateless).
 */
public final class Installation {
    /** The fix named when nothing is installed, as {@link HostFailure.NotInstalled} carries it. */
    static final Fix INSTALL_FIX = new Fix.Install(new Fix.Source.AnyFile(), Optional.empty());

    private Installation() {}

    /**
     * Installs {@code record} as the current code of {@code name}. Trust and grants already recorded
     * for the name (a trusted discovered binary, say) are kept; the new install is enabled for no
     * agent.
     *
     * @throws InstallationRefused {@code ALREADY_INSTALLED} when the name has current code
     * @throws IllegalArgumentException when {@code name} is not a plugin name
     */
    public static InstallState install(InstallState s, String name, InstallRecord record) {
        Objects.requireNonNull(record, "record");
        requireName(name);
        PluginState p = s.plugin(name).orElse(PluginState.empty());
        if (p.current().isPresent()) {
            throw InstallationRefused.alreadyInstalled(name, p.current().get().digest());
        }
        return s.with(name, p.withInstalls(Optional.of(record), p.previous()).withEnablement(Set.of(), false));
    }

    /**
     * Replaces the current code of {@code name} with {@code record}; the old current becomes the
     * rollback slot. Enablement is cleared; trust and grants are kept.
     *
     * @throws InstallationRefused {@code NOT_INSTALLED}
     */
    public static InstallState update(InstallState s, String name, InstallRecord record) {
        Objects.requireNonNull(record, "record");
        PluginState p = installed(s, name);
        return s.with(name, p.withInstalls(Optional.of(record), p.current()).withEnablement(Set.of(), false));
    }

    /**
     * Swaps the current and the previous install of {@code name}; enablement is cleared.
     *
     * @throws InstallationRefused {@code NOT_INSTALLED}, {@code NO_PREVIOUS}
     */
    public static InstallState rollback(InstallState s, String name) {
        PluginState p = installed(s, name);
        if (p.previous().isEmpty()) {
            throw InstallationRefused.noPrevious(name);
        }
        return s.with(name, p.withInstalls(p.previous(), p.current()).withEnablement(Set.of(), false));
    }

    /**
     * Records the manifest read from the code with digest {@code digest}, in the current and/or the
     * previous slot, whichever holds that code. Grants are untouched: if the disclosure changed, it
     * simply matches none.
     *
     * @throws InstallationRefused {@code NOT_INSTALLED} when neither slot holds that digest
     */
    public static InstallState recordManifest(InstallState s, String name, String digest, RecordedManifest manifest) {
        Objects.requireNonNull(digest, "digest");
        Objects.requireNonNull(manifest, "manifest");
        PluginState p = s.plugin(name)
                .filter(e -> Stream.of(e.current(), e.previous())
                        .flatMap(Optional::stream)
                        .anyMatch(r -> r.digest().equals(digest)))
                .orElseThrow(() -> InstallationRefused.notInstalledWithDigest(name, digest));
        UnaryOperator<InstallRecord> read = r -> r.digest().equals(digest) ? r.withManifest(manifest) : r;
        Optional<InstallRecord> current = p.current().map(read);
        Optional<InstallRecord> previous = p.previous().map(read);
        return s.with(name, p.withInstalls(current, previous));
    }

    /**
     * Trusts the current code of {@code name}, if it is the code the operator was shown.
     *
     * @param shownDigest the code digest the operator saw when they decided
     * @throws InstallationRefused {@code NOT_INSTALLED}, {@code CHANGED_SINCE_SHOWN}
     */
    public static InstallState trust(InstallState s, String name, String shownDigest) {
        return trust(s, name, shownDigest, Optional.empty());
    }

    /**
     * {@link #trust(InstallState, String, String)}, recording the interpreter the script runs on
     * (empty for a native executable) with the trust: launches use exactly that interpreter.
     * Trusting again records the interpreter resolved now.
     */
    public static InstallState trust(
            InstallState s, String name, String shownDigest, Optional<Interpreter> interpreter) {
        Objects.requireNonNull(shownDigest, "shownDigest");
        Objects.requireNonNull(interpreter, "interpreter");
        PluginState p = installed(s, name);
        String digest = p.current().orElseThrow().digest();
        if (!digest.equals(shownDigest)) {
            throw InstallationRefused.changedSinceShown(name, "code digest", shownDigest, digest);
        }
        return s.with(name, withTrusted(p, digest, interpreter));
    }

    /**
     * Trusts {@code digest} for {@code name} whether or not it is installed (a discovered binary);
     * creates the entry if there is none.
     *
     * @throws IllegalArgumentException when {@code name} is not a plugin name or {@code digest} not a digest
     */
    public static InstallState trustDigest(InstallState s, String name, String digest) {
        return trustDigest(s, name, digest, Optional.empty());
    }

    /** {@link #trustDigest(InstallState, String, String)}, recording the script's interpreter with the trust. */
    public static InstallState trustDigest(
            InstallState s, String name, String digest, Optional<Interpreter> interpreter) {
        requireName(name);
        Digests.requireSha256(digest, "code digest");
        Objects.requireNonNull(interpreter, "interpreter");
        return s.with(name, withTrusted(s.plugin(name).orElse(PluginState.empty()), digest, interpreter));
    }

    /**
     * Records the operator's consent to the current disclosure of {@code name}, if it is the one
     * they were shown. A grant for that digest that already exists is kept as it is.
     *
     * @param shownConsentDigest the disclosure digest the operator saw when they decided
     * @param now when they consented
     * @throws InstallationRefused {@code NOT_INSTALLED}, {@code NOT_TRUSTED}, {@code NO_MANIFEST}
     *     (also when the recorded manifest no longer validates), {@code CHANGED_SINCE_SHOWN}
     */
    public static InstallState consent(InstallState s, String name, String shownConsentDigest, Instant now) {
        Objects.requireNonNull(shownConsentDigest, "shownConsentDigest");
        Objects.requireNonNull(now, "now");
        PluginState p = trusted(s, name, List.of(new Fix.Consent(name)));
        String digest = disclosureDigest(name, p.current().orElseThrow());
        if (!digest.equals(shownConsentDigest)) {
            throw InstallationRefused.changedSinceShown(name, "consent digest", shownConsentDigest, digest);
        }
        if (granted(p, digest)) {
            return s;
        }
        List<ConsentGrant> grants = new ArrayList<>(p.consentGrants());
        grants.add(new ConsentGrant(digest, now));
        return s.with(name, p.withConsentGrants(grants));
    }

    /**
     * Enables {@code name} for {@code scope}: one more agent, or all agents.
     *
     * @throws InstallationRefused {@code NOT_INSTALLED}, {@code NOT_TRUSTED}, {@code NO_MANIFEST},
     *     {@code NOT_CONSENTED}, for the current code and disclosure; {@code HOOK_CONFLICT} when
     *     another plugin that may run answers a hook this one declares for an agent of {@code scope}
     */
    public static InstallState enable(InstallState s, String name, AgentScope scope) {
        Objects.requireNonNull(scope, "scope");
        Fix enable = new Fix.Enable(name, scope);
        PluginState p = trusted(s, name, List.of(new Fix.Consent(name), enable));
        if (!granted(p, disclosureDigest(name, p.current().orElseThrow()))) {
            throw InstallationRefused.notConsented(name, enable);
        }
        HookClaims.refuseConflict(
                s, name, validManifest(name, p.current().orElseThrow()).orElseThrow(), scope);
        Set<String> agents = new HashSet<>(p.enabledAgents());
        boolean all = p.enabledAllAgents();
        switch (scope) {
            case AgentScope.One one -> agents.add(one.agent());
            case AgentScope.All every -> all = true;
        }
        return s.with(name, p.withEnablement(agents, all));
    }

    /**
     * Records the subject kind aliases {@code name} is routed under ({@code --as-kind}), replacing
     * the ones recorded (an empty list clears them). Core checks only that each is one line of text:
     * whether it fits the plugin's kinds is the router's rule, checked before this step by the caller.
     * Trust, grants and enablement are untouched: an alias changes the host's routing, not the code
     * or its disclosure.
     *
     * @throws InstallationRefused {@code NOT_INSTALLED}
     * @throws IllegalArgumentException when an alias is blank or holds whitespace or control characters
     */
    public static InstallState aliasKinds(InstallState s, String name, List<String> subjectAliases) {
        Objects.requireNonNull(subjectAliases, "subjectAliases");
        for (String a : subjectAliases) {
            Objects.requireNonNull(a, "subject alias");
            if (a.isBlank() || a.codePoints().anyMatch(c -> Character.isWhitespace(c) || Character.isISOControl(c))) {
                throw new IllegalArgumentException(ManifestRules.quote(OneLine.escape(a))
                        + " is not a subject alias: write <kind> or <native>=<kind>, e.g. task=task2");
            }
        }
        PluginState p = installed(s, name);
        return s.with(name, p.withSubjectAliases(subjectAliases));
    }

    /**
     * Disables {@code name} for {@code scope}: {@link AgentScope.One} removes that agent (the
     * all-agents flag, if set, still covers it); {@link AgentScope.All} clears every agent and the
     * flag. Disabling what is not enabled is not an error.
     *
     * @throws InstallationRefused {@code NOT_INSTALLED}
     */
    public static InstallState disable(InstallState s, String name, AgentScope scope) {
        Objects.requireNonNull(scope, "scope");
        PluginState p = installed(s, name);
        PluginState next = switch (scope) {
            case AgentScope.One one -> {
                Set<String> agents = new HashSet<>(p.enabledAgents());
                agents.remove(one.agent());
                yield p.withEnablement(agents, p.enabledAllAgents());
            }
            case AgentScope.All every -> p.withEnablement(Set.of(), false);
        };
        return s.with(name, next);
    }

    /**
     * Forgets {@code name}: its installs, trust, grants and enablement.
     *
     * @throws InstallationRefused {@code NOT_INSTALLED} when nothing is recorded for it
     */
    public static InstallState remove(InstallState s, String name) {
        if (s.plugin(name).isEmpty()) {
            throw InstallationRefused.notInstalled(name);
        }
        return s.without(name);
    }

    /**
     * How far {@code name} got for {@code agent}. A recorded manifest that no longer validates
     * counts as not consented ({@link InstallStage#TRUSTED}).
     */
    public static InstallStage stage(InstallState s, String name, String agent) {
        Objects.requireNonNull(agent, "agent");
        Optional<PluginState> entry = s.plugin(name);
        Optional<InstallRecord> current = entry.flatMap(PluginState::current);
        if (current.isEmpty()) {
            return InstallStage.NOT_INSTALLED;
        }
        PluginState p = entry.orElseThrow();
        if (!p.trustedDigests().contains(current.get().digest())) {
            return InstallStage.UNTRUSTED;
        }
        if (!consentDigest(s, name).filter(d -> granted(p, d)).isPresent()) {
            return InstallStage.TRUSTED;
        }
        boolean enabled = p.enabledAllAgents() || p.enabledAgents().contains(agent);
        return enabled ? InstallStage.ENABLED : InstallStage.CONSENTED;
    }

    /** The digest of the current disclosure of {@code name}; empty without current code or a valid manifest. */
    public static Optional<String> consentDigest(InstallState s, String name) {
        return s.plugin(name)
                .flatMap(PluginState::current)
                .flatMap(r -> validManifest(name, r)
                        .map(m -> Disclosure.of(r.digest(), m).digest()));
    }

    /**
     * Whether the current code of {@code name} may launch for {@code agent}: only when it is
     * {@link InstallStage#ENABLED}. An allowed launch carries the current record, its validated
     * manifest and the consented disclosure digest; a refused one the failure to report.
     */
    public static LaunchVerdict launch(InstallState s, String name, String agent) {
        return switch (stage(s, name, agent)) {
            case NOT_INSTALLED -> new LaunchVerdict.Refused(new HostFailure.NotInstalled(name, INSTALL_FIX));
            case UNTRUSTED -> new LaunchVerdict.Refused(new HostFailure.NotTrusted(name, agent));
            case TRUSTED -> new LaunchVerdict.Refused(new HostFailure.NotConsented(name, agent));
            case CONSENTED -> new LaunchVerdict.Refused(new HostFailure.NotEnabled(name, agent));
            case ENABLED -> {
                InstallRecord current =
                        s.plugin(name).flatMap(PluginState::current).orElseThrow();
                yield new LaunchVerdict.Allowed(
                        current,
                        validManifest(name, current).orElseThrow(),
                        consentDigest(s, name).orElseThrow(),
                        s.plugin(name).orElseThrow().interpreter(current.digest()));
            }
        };
    }

    private static PluginState installed(InstallState s, String name) {
        return s.plugin(name)
                .filter(p -> p.current().isPresent())
                .orElseThrow(() -> InstallationRefused.notInstalled(name));
    }

    /**
     * @param then the steps after trust that the act asked for needs (named with the refusal)
     */
    private static PluginState trusted(InstallState s, String name, List<Fix> then) {
        PluginState p = installed(s, name);
        String digest = p.current().orElseThrow().digest();
        if (!p.trustedDigests().contains(digest)) {
            throw InstallationRefused.notTrusted(name, digest, then);
        }
        return p;
    }

    /**
     * The manifest recorded for {@code name}'s current code, validated as at install time.
     *
     * @throws InstallationRefused {@code NOT_INSTALLED}, or {@code NO_MANIFEST} when none was read
     *     (the code was never trusted) or the recorded one no longer validates
     */
    public static Manifest currentManifest(InstallState s, String name) {
        InstallRecord record = installed(s, name).current().orElseThrow();
        RecordedManifest recorded = record.manifest().orElseThrow(() -> InstallationRefused.noManifest(name));
        try {
            return validate(name, record, recorded);
        } catch (ManifestInvalid e) {
            throw InstallationRefused.invalidManifest(name, e.getMessage());
        }
    }

    /** The disclosure digest of {@code record}, or why there is none. */
    private static String disclosureDigest(String name, InstallRecord record) {
        RecordedManifest recorded = record.manifest().orElseThrow(() -> InstallationRefused.noManifest(name));
        try {
            return Disclosure.of(record.digest(), validate(name, record, recorded))
                    .digest();
        } catch (ManifestInvalid e) {
            throw InstallationRefused.invalidManifest(name, e.getMessage());
        }
    }

    static Optional<Manifest> validManifest(String name, InstallRecord record) {
        try {
            return record.manifest().map(m -> validate(name, record, m));
        } catch (ManifestInvalid e) {
            return Optional.empty();
        }
    }

    private static Manifest validate(String name, InstallRecord record, RecordedManifest manifest) {
        return manifest.validate("state: plugins." + name + ".current.manifest", record.shape() == ArtifactShape.TREE);
    }

    private static boolean granted(PluginState p, String consentDigest) {
        return p.consentGrants().stream().anyMatch(g -> g.digest().equals(consentDigest));
    }

    private static PluginState withTrusted(PluginState p, String digest, Optional<Interpreter> interpreter) {
        Set<String> trusted = new HashSet<>(p.trustedDigests());
        trusted.add(digest);
        Map<String, Interpreter> interpreters = new HashMap<>(p.interpreters());
        interpreter.ifPresentOrElse(i -> interpreters.put(digest, i), () -> interpreters.remove(digest));
        return p.withTrust(trusted, interpreters);
    }

    private static void requireName(String name) {
        Objects.requireNonNull(name, "name");
        ManifestRules.nameProblem(name).ifPresent(problem -> {
            throw new IllegalArgumentException(problem);
        });
    }
}
