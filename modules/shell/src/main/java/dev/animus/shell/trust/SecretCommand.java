package dev.animus.shell.trust;

import dev.animus.core.Manifest;
import dev.animus.core.SecretDeclaration;
import dev.animus.core.SecretStore;
import dev.animus.core.SecretValue;
import dev.animus.install.PluginSecrets;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Table;
import dev.animus.shell.render.Terminal;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code animus secret set | status | forget}: the secrets plugins receive
 * (docs/security.md#secrets).
 */
@Command(
        name = "secret",
        mixinStandardHelpOptions = true,
        description = {
            "Store, check and forget the secrets plugins declare.",
            "",
            "The secrets plugins declare (API keys, tokens), kept in the Secret Service, or in",
            "<animus_home>/secrets.toml (plain text, 0600) where none runs, as ANIMUS_KEYRING chooses",
            "(secret-service, file or none; unset: the Secret Service when one answers, else the file).",
            "At launch a plugin receives each secret it declares, once consented, as its declared variable:",
            "from your environment when that variable is set, else from the store. Never from an argument."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus secret set openai api_key            # asks, without echo",
            "  printf %s \"$KEY\" | animus secret set openai api_key",
            "  animus secret status openai",
            "  animus secret forget openai api_key"
        })
public final class SecretCommand implements Runnable {
    /** More than any API key; a bound on what stdin may hand over. */
    static final int MAX_VALUE_BYTES = 64 * 1024;

    @ParentCommand
    AnimusCommand root;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "missing subcommand: set, status or forget");
    }

    static void checkNames(String plugin, String name) {
        try {
            SecretStore.checkNames(plugin, name);
        } catch (IllegalArgumentException e) {
            throw new CommandFailed(ExitCodes.USAGE, "secret_name_invalid", e.getMessage());
        }
    }

    static Optional<Manifest> declaredBy(AnimusCommand root, String plugin) {
        return root.animus().manifest(plugin);
    }

    @Command(
            name = "set",
            mixinStandardHelpOptions = true,
            description = {
                "Store a secret for a plugin. The value is read from a prompt that does not echo (at a",
                "terminal) or from stdin (a pipe), never from an argument."
            },
            footerHeading = "%nExamples:%n",
            footer = {"  animus secret set openai api_key", "  printf %s \"$KEY\" | animus secret set openai api_key"})
    public static final class Set implements Callable<Integer> {
        @ParentCommand
        SecretCommand parent;

        @Parameters(index = "0", paramLabel = "<plugin>", description = "The plugin that receives it.")
        String plugin;

        @Parameters(index = "1", paramLabel = "<name>", description = "The secret's name, as the plugin declares it.")
        String name;

        @Override
        public Integer call() {
            AnimusCommand root = parent.root;
            checkNames(plugin, name);
            Terminal t = root.terminal();
            declaredBy(root, plugin).ifPresent(m -> {
                if (m.secrets().stream().noneMatch(d -> d.name().equals(name))) {
                    t.warn("plugin " + plugin + " does not declare a secret named " + name + ", so it will not receive"
                            + " it (it declares: "
                            + (m.secrets().isEmpty()
                                    ? "none"
                                    : String.join(
                                            ", ",
                                            m.secrets().stream()
                                                    .map(SecretDeclaration::name)
                                                    .toList()))
                            + ")");
                }
            });
            SecretValue value = SecretInput.read(root, "secret " + name + " for plugin " + plugin);
            SecretStore store = root.animus().secrets();
            boolean firstFile = store.backend().equals("file")
                    && !Files.exists(root.animus().secretsFile());
            store.set(plugin, name, value);
            if (firstFile) {
                t.warn("secrets are kept in plain text in " + root.animus().secretsFile() + " (readable only by you);"
                        + " where a Secret Service runs, ANIMUS_KEYRING=secret-service keeps them encrypted");
            }
            String where = where(root, store);
            if (root.json) {
                t.printJson(Terminal.envelope("secret.set")
                        .put("plugin", plugin)
                        .put("name", name)
                        .put("backend", store.backend()));
            } else {
                t.out().println("stored secret " + name + " for plugin " + plugin + " in " + where);
                t.out().flush();
            }
            return ExitCodes.OK;
        }
    }

    static String where(AnimusCommand root, SecretStore store) {
        return switch (store.backend()) {
            case "file" -> root.animus().secretsFile().toString();
            case "secret-service" -> "the Secret Service";
            default -> store.backend();
        };
    }

    @Command(
            name = "status",
            mixinStandardHelpOptions = true,
            description = {
                "Show where each secret of a plugin comes from.",
                "",
                "Where each secret of a plugin would come from at its next launch: environment, keyring,",
                "file or missing. Values are never shown."
            },
            footerHeading = "%nExamples:%n",
            footer = {"  animus secret status openai", "  animus secret status openai api_key --json"})
    public static final class Status implements Callable<Integer> {
        @ParentCommand
        SecretCommand parent;

        @Parameters(index = "0", paramLabel = "<plugin>", description = "An installed plugin (or any plugin name).")
        String plugin;

        @Parameters(index = "1", arity = "0..1", paramLabel = "<name>", description = "Only this secret.")
        String name;

        @Override
        public Integer call() {
            AnimusCommand root = parent.root;
            checkNames(plugin, name == null ? "x" : name);
            SecretStore store = root.animus().secrets();
            List<SecretDeclaration> declared =
                    declaredBy(root, plugin).map(Manifest::secrets).orElse(List.of());
            java.util.Set<String> stored = new TreeSet<>(store.list(plugin));
            List<Row> rows = new ArrayList<>();
            for (SecretDeclaration d : declared) {
                PluginSecrets.Resolved r = root.animus().resolveSecret(plugin, d, store);
                rows.add(new Row(
                        d.name(), d.env(), d.required(), true, r.source().word()));
                stored.remove(d.name());
            }
            for (String undeclared : stored) {
                rows.add(new Row(undeclared, "-", false, false, store.backend().equals("file") ? "file" : "keyring"));
            }
            if (name != null) {
                rows.removeIf(r -> !r.name().equals(name));
                if (rows.isEmpty()) {
                    rows.add(new Row(name, "-", false, false, "missing"));
                }
            }
            print(root, store, rows);
            return ExitCodes.OK;
        }

        private void print(AnimusCommand root, SecretStore store, List<Row> rows) {
            Terminal t = root.terminal();
            if (root.json) {
                var env =
                        Terminal.envelope("secret.status").put("plugin", plugin).put("backend", store.backend());
                var list = env.putArray("secrets");
                rows.forEach(r -> list.addObject()
                        .put("name", r.name())
                        .put("env", r.declared() ? r.env() : null)
                        .put("required", r.required())
                        .put("declared", r.declared())
                        .put("source", r.source()));
                t.printJson(env);
                return;
            }
            if (rows.isEmpty()) {
                t.result("plugin " + plugin + " declares no secret and none is stored for it (store: "
                        + where(root, store) + ")");
                return;
            }
            Table table = Table.of("NAME", "VARIABLE", "REQUIRED", "SOURCE");
            rows.forEach(r -> table.row(
                    r.name(),
                    r.env(),
                    r.declared() ? (r.required() ? "yes" : "no") : "not declared (never passed)",
                    r.source()));
            table.print(t.out(), root.layout());
        }
    }

    /** One line of {@code secret status}. */
    record Row(String name, String env, boolean required, boolean declared, String source) {}

    @Command(
            name = "forget",
            aliases = "rm",
            mixinStandardHelpOptions = true,
            description = "Delete a stored secret of a plugin (your environment is not touched).",
            footerHeading = "%nExamples:%n",
            footer = {"  animus secret forget openai api_key"})
    public static final class Forget implements Callable<Integer> {
        @ParentCommand
        SecretCommand parent;

        @Parameters(index = "0", paramLabel = "<plugin>", description = "The plugin.")
        String plugin;

        @Parameters(index = "1", paramLabel = "<name>", description = "The secret's name.")
        String name;

        @Override
        public Integer call() {
            AnimusCommand root = parent.root;
            checkNames(plugin, name);
            SecretStore store = root.animus().secrets();
            boolean deleted = store.delete(plugin, name);
            Terminal t = root.terminal();
            if (root.json) {
                t.printJson(Terminal.envelope("secret.forget")
                        .put("plugin", plugin)
                        .put("name", name)
                        .put("deleted", deleted)
                        .put("backend", store.backend()));
            } else if (deleted) {
                t.out().println("forgot secret " + name + " of plugin " + plugin + " (" + where(root, store) + ")");
                t.out().flush();
            } else {
                t.result("no secret " + name + " was stored for plugin " + plugin + " in " + where(root, store));
            }
            return ExitCodes.OK;
        }
    }
}
