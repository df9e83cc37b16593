package dev.animus.core;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the operator does next to clear a failure or a doctor finding, as a value: which act, on
 * which plugin, with which scope, path or name. Core, the services and the application API name
 * fixes only this way; each front end renders them in its own terms (the shell as the command
 * line to type, a daemon or an MCP bridge as the request to send).
 */
public sealed interface Fix {

    /** Trust the installed code of {@code plugin} (reads its manifest and interpreter again). */
    record Trust(String plugin) implements Fix {
        public Trust {
            Objects.requireNonNull(plugin, "plugin");
        }
    }

    /** Trust the plugin code at {@code path}, named by its path (no installed name yet). */
    record TrustPath(String path) implements Fix {
        public TrustPath {
            Objects.requireNonNull(path, "path");
        }
    }

    /** Consent to the current disclosure of {@code plugin}. */
    record Consent(String plugin) implements Fix {
        public Consent {
            Objects.requireNonNull(plugin, "plugin");
        }
    }

    /** Enable {@code plugin} for {@code scope}. */
    record Enable(String plugin, AgentScope scope) implements Fix {
        public Enable {
            Objects.requireNonNull(plugin, "plugin");
            Objects.requireNonNull(scope, "scope");
        }
    }

    /** Disable {@code plugin} for {@code scope}. */
    record Disable(String plugin, AgentScope scope) implements Fix {
        public Disable {
            Objects.requireNonNull(plugin, "plugin");
            Objects.requireNonNull(scope, "scope");
        }
    }

    /** Clear the crash-loop disablement of {@code plugin}. */
    record Reset(String plugin) implements Fix {
        public Reset {
            Objects.requireNonNull(plugin, "plugin");
        }
    }

    /** Replace the code of {@code plugin} with the code at {@code source}. */
    record Update(String plugin, Source source) implements Fix {
        public Update {
            Objects.requireNonNull(plugin, "plugin");
            Objects.requireNonNull(source, "source");
        }
    }

    /** Install the code at {@code source}, under {@code name} when given. */
    record Install(Source source, Optional<String> name) implements Fix {
        public Install {
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(name, "name");
        }
    }

    /** Show what {@code plugin} would run and disclose, to confirm an act again. */
    record Inspect(String plugin) implements Fix {
        public Inspect {
            Objects.requireNonNull(plugin, "plugin");
        }
    }

    /** Show what is known about {@code plugin} (its manifest, or why there is none). */
    record Info(String plugin) implements Fix {
        public Info {
            Objects.requireNonNull(plugin, "plugin");
        }
    }

    /** Check that {@code plugin} starts and answers. */
    record Ping(String plugin) implements Fix {
        public Ping {
            Objects.requireNonNull(plugin, "plugin");
        }
    }

    /** Find out what would stop {@code plugin} from launching. */
    record Doctor(String plugin) implements Fix {
        public Doctor {
            Objects.requireNonNull(plugin, "plugin");
        }
    }

    /** Set the environment variable {@code name} (to a value the operator chooses) where animus runs. */
    record SetVariable(String name) implements Fix {
        public SetVariable {
            Objects.requireNonNull(name, "name");
        }
    }

    /** List the installed plugins. */
    record ListInstalled() implements Fix {}

    /** Forget the cached manifest probes, so that every plugin is probed again. */
    record ClearCache() implements Fix {}

    /** Check the installed code against the lockfile. */
    record VerifyLock() implements Fix {}

    /** Set the secret {@code name} of {@code plugin}. */
    record SetSecret(String plugin, String name) implements Fix {
        public SetSecret {
            Objects.requireNonNull(plugin, "plugin");
            Objects.requireNonNull(name, "name");
        }
    }

    /** Show which secrets of {@code plugin} are set and where. */
    record SecretStatus(String plugin) implements Fix {
        public SecretStatus {
            Objects.requireNonNull(plugin, "plugin");
        }
    }

    /**
     * Install the curated default plugins of {@code defaults.toml} (docs/operations.md#default-plugins),
     * with the optional groups {@code include} names ({@code subjects}, {@code transports},
     * {@code oai-agent}, {@code triggers}) as well.
     */
    record InstallDefaults(List<String> include) implements Fix {
        public InstallDefaults {
            include = List.copyOf(include);
        }
    }

    /** Install a newer animus (one that reads what a newer animus wrote). */
    record UpgradeAnimus() implements Fix {}

    /** Set the unreadable state document aside (nothing is deleted). */
    record RepairState() implements Fix {}

    /**
     * Do the act at hand again, with a choice the operator makes: replace a pin anyway, give
     * another name, take a built-in's name, expect a digest, choose a signature policy, rewrite a
     * lockfile that cannot be read.
     */
    record Choose(Choice choice) implements Fix {
        public Choose {
            Objects.requireNonNull(choice, "choice");
        }
    }

    /** The choices of {@link Choose}. */
    enum Choice {
        /** Go ahead although a check advises against it (a replaced pin, a release's other name). */
        FORCE,
        /** Install under a name the operator chooses. */
        NAME,
        /** Take the name of a built-in plugin. */
        ALLOW_SHADOW_BUILTIN,
        /** The SHA-256 the operator gives for a download (also what a report names as its check). */
        SHA256,
        /** Refuse a release whose signature does not verify. */
        SIGNATURE_POLICY_STRICT,
        /** Install a release whose signature does not verify, recording it as such. */
        SIGNATURE_POLICY_WARN,
        /** Replace an unreadable lockfile with only the entries the act writes. */
        REWRITE_LOCKFILE,
        /** The operator's own Sigstore trusted root, instead of the built-in one. */
        TRUSTED_ROOT
    }

    /**
     * Where the code for an {@link Update} or {@link Install} comes from: a path that is known, or
     * one the operator chooses.
     */
    sealed interface Source {
        /** The file or directory at {@code path}. */
        record At(String path) implements Source {
            public At {
                Objects.requireNonNull(path, "path");
            }
        }

        /** A file the operator chooses. */
        record AnyFile() implements Source {}

        /** A fixed build of the plugin, which the operator makes first. */
        record FixedPlugin() implements Source {}
    }
}
