package dev.animus.install;

import dev.animus.core.Manifest;
import dev.animus.core.Redaction;
import dev.animus.core.SecretDeclaration;
import dev.animus.core.SecretStore;
import dev.animus.core.SecretValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The secrets a plugin's manifest declares, resolved for one launch
 * (docs/security.md#plugin-environment, docs/security.md#secrets): the caller's environment
 * variable of the declared name first, then the secret store. A plugin only ever receives the
 * secrets it declares, each as its declared variable, and only once the operator consented to them
 * (the launch gate admits no other plugin), so nothing here decides access.
 */
public final class PluginSecrets {
    private PluginSecrets() {}

    /** Where a declared secret's value comes from. */
    public enum Source {
        /** The caller's environment holds the declared variable. */
        ENVIRONMENT,
        /** The Secret Service holds it. */
        KEYRING,
        /** {@code <animus_home>/secrets.toml} holds it. */
        FILE,
        /** Nowhere. */
        MISSING;

        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * One declared secret and where its value was found.
     *
     * @param value present unless {@link Source#MISSING}; never printed (see {@link SecretValue})
     */
    public record Resolved(SecretDeclaration declaration, Source source, Optional<SecretValue> value) {
        public Resolved {
            Objects.requireNonNull(declaration, "declaration");
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(value, "value");
            if (value.isPresent() == (source == Source.MISSING)) {
                throw new IllegalArgumentException("a missing secret has no value; any other has one");
            }
        }

        /** A required secret with no value anywhere. */
        public boolean missingButRequired() {
            return source == Source.MISSING && declaration.required();
        }
    }

    /**
     * Resolves every secret {@code manifest} declares, in declaration order.
     *
     * @throws dev.animus.core.SecretStoreFailed when the store is asked and cannot answer
     */
    public static List<Resolved> resolve(
            String plugin, Manifest manifest, Map<String, String> callerEnvironment, SecretStore store) {
        List<Resolved> resolved = new ArrayList<>();
        for (SecretDeclaration d : manifest.secrets()) {
            resolved.add(resolve(plugin, d, callerEnvironment, store));
        }
        return resolved;
    }

    /** One declared secret: the caller's variable, else the store. */
    public static Resolved resolve(
            String plugin, SecretDeclaration d, Map<String, String> callerEnvironment, SecretStore store) {
        String fromEnvironment = callerEnvironment.get(d.env());
        if (fromEnvironment != null && !fromEnvironment.isEmpty() && fromEnvironment.indexOf('\0') < 0) {
            return new Resolved(d, Source.ENVIRONMENT, Optional.of(SecretValue.of(fromEnvironment)));
        }
        Optional<SecretValue> stored = store.get(plugin, d.name());
        if (stored.isEmpty()) {
            return new Resolved(d, Source.MISSING, Optional.empty());
        }
        return new Resolved(d, store.backend().equals("file") ? Source.FILE : Source.KEYRING, stored);
    }

    /**
     * The variables to add to the plugin's environment: each stored secret as its declared
     * variable (one from the caller's environment reaches the plugin through its declared name
     * already). Every value handed on is masked from then on in everything this process prints.
     */
    public static Map<String, String> environment(List<Resolved> resolved) {
        Map<String, String> env = new TreeMap<>();
        for (Resolved r : resolved) {
            r.value().ifPresent(Redaction::maskEverywhere);
            if (r.source() == Source.KEYRING || r.source() == Source.FILE) {
                env.put(r.declaration().env(), r.value().orElseThrow().reveal());
            }
        }
        return env;
    }

    /** The variables the plugin's environment policy must let through: every declared secret's. */
    public static List<String> variables(Manifest manifest) {
        return manifest.secrets().stream().map(SecretDeclaration::env).toList();
    }
}
