package dev.animus.shell;

import dev.animus.runtime.Settings;
import dev.animus.shell.render.Table;
import dev.animus.shell.render.Terminal;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.node.ObjectNode;

/** {@code animus config get | set | unset | list}: the defaults in {@code <animus_home>/config.toml}. */
@Command(
        name = "config",
        mixinStandardHelpOptions = true,
        description = {
            "Show and change your defaults (config.toml).",
            "",
            "Defaults for options you would otherwise repeat, kept in config.toml in the Animus home.",
            "",
            "Keys: agent, the --agent of every command (built in: default); color, auto, always or",
            "never (NO_COLOR still turns it off); install.signature_policy, the --signature-policy of",
            "release installs (built in: warn); table.width, the columns tables fit: a number or auto.",
            "",
            "A command-line option beats the environment, which beats the file, which beats the",
            "built-in default; 'config list' shows where each value comes from."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus config set install.signature_policy strict",
            "  animus config get agent",
            "  animus config list --json",
            "  animus config unset color"
        })
public final class ConfigCommand implements Runnable {

    @ParentCommand
    AnimusCommand root;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "missing subcommand: get, set, unset or list");
    }

    /** The key {@code word} names, or a usage error naming the keys there are. */
    static Settings.Key key(String word) {
        return Settings.Key.named(word)
                .orElseThrow(() -> new CommandFailed(
                        ExitCodes.USAGE,
                        "unknown_config_key",
                        "unknown config key '" + word + "' (keys: " + Settings.Key.names() + ")"));
    }

    /** What {@code change} did, or the one-line refusal. */
    static Settings.Changed changed(Settings.Change change) {
        return switch (change) {
            case Settings.Changed c -> c;
            case Settings.NotAllowed n ->
                throw new CommandFailed(
                        ExitCodes.USAGE,
                        "config_value_not_allowed",
                        "config key " + n.key().dotted() + " cannot be '" + n.value() + "': allowed are "
                                + n.key().allowed());
            case Settings.FileUnreadable f ->
                throw new CommandFailed(ExitCodes.USAGE, "config_unreadable", f.problem() + "; fix or remove it first");
        };
    }

    /** The values the command line itself gives (the global {@code --agent}). */
    static Map<Settings.Key, Settings.Flag> flags(AnimusCommand root) {
        Map<Settings.Key, Settings.Flag> flags = new EnumMap<>(Settings.Key.class);
        if (root.agentGiven()) {
            flags.put(Settings.Key.AGENT, new Settings.Flag("--agent", root.agent()));
        }
        return flags;
    }

    static ObjectNode json(ObjectNode into, Settings.Value v) {
        return into.put("key", v.key().dotted())
                .put("value", v.value())
                .put("origin", v.origin().name().toLowerCase(java.util.Locale.ROOT))
                .put("source", v.source());
    }

    @Command(
            name = "get",
            mixinStandardHelpOptions = true,
            description = "Print the value in force for one key.",
            footerHeading = "%nExamples:%n",
            footer = {"  animus config get install.signature_policy"})
    public static final class Get implements Callable<Integer> {
        @ParentCommand
        ConfigCommand parent;

        @Parameters(
                index = "0",
                paramLabel = "<key>",
                description = "agent, color, install.signature_policy or table.width.")
        String key;

        @Override
        public Integer call() {
            AnimusCommand root = parent.root;
            Settings.Key k = key(key);
            Settings.Value v = root.settings().list(flags(root)).stream()
                    .filter(x -> x.key() == k)
                    .findFirst()
                    .orElseThrow();
            if (root.json) {
                root.terminal().printJson(json(Terminal.envelope("config.get"), v));
            } else {
                root.terminal().result(v.value());
            }
            return ExitCodes.OK;
        }
    }

    @Command(
            name = "set",
            mixinStandardHelpOptions = true,
            description = "Set one key's default in config.toml.",
            footerHeading = "%nExamples:%n",
            footer = {"  animus config set agent ci", "  animus config set table.width 100"})
    public static final class Set implements Callable<Integer> {
        @ParentCommand
        ConfigCommand parent;

        @Parameters(
                index = "0",
                paramLabel = "<key>",
                description = "agent, color, install.signature_policy or table.width.")
        String key;

        @Parameters(
                index = "1",
                paramLabel = "<value>",
                description = "A value the key allows (an invalid one is refused).")
        String value;

        @Override
        public Integer call() {
            AnimusCommand root = parent.root;
            Settings.Key k = key(key);
            Settings settings = root.settings();
            String written = changed(settings.set(k, value)).value();
            if (root.json) {
                root.terminal()
                        .printJson(Terminal.envelope("config.set")
                                .put("key", k.dotted())
                                .put("value", written)
                                .put("file", settings.file().toString()));
            } else {
                root.terminal().result("set " + k.dotted() + " = " + written + " in " + settings.file());
            }
            return ExitCodes.OK;
        }
    }

    @Command(
            name = "unset",
            mixinStandardHelpOptions = true,
            description = "Remove one key from config.toml (its built-in default applies again).",
            footerHeading = "%nExamples:%n",
            footer = {"  animus config unset agent"})
    public static final class Unset implements Callable<Integer> {
        @ParentCommand
        ConfigCommand parent;

        @Parameters(
                index = "0",
                paramLabel = "<key>",
                description = "agent, color, install.signature_policy or table.width.")
        String key;

        @Override
        public Integer call() {
            AnimusCommand root = parent.root;
            Settings.Key k = key(key);
            Settings settings = root.settings();
            boolean removed = changed(settings.unset(k)).had();
            if (root.json) {
                root.terminal()
                        .printJson(Terminal.envelope("config.unset")
                                .put("key", k.dotted())
                                .put("removed", removed)
                                .put("default", k.builtIn()));
            } else {
                root.terminal()
                        .result((removed ? "unset " + k.dotted() : k.dotted() + " was not set")
                                + "; the built-in default is " + k.builtIn());
            }
            return ExitCodes.OK;
        }
    }

    @Command(
            name = "list",
            mixinStandardHelpOptions = true,
            description = "List every key, its value in force and where that value comes from.",
            footerHeading = "%nExamples:%n",
            footer = {"  animus config list", "  animus --agent ci config list --json"})
    public static final class ListKeys implements Callable<Integer> {
        @ParentCommand
        ConfigCommand parent;

        @Override
        public Integer call() {
            AnimusCommand root = parent.root;
            Settings settings = root.settings();
            List<Settings.Value> all = settings.list(flags(root));
            Terminal t = root.terminal();
            if (root.json) {
                var env = Terminal.envelope("config.list")
                        .put("file", settings.file().toString());
                var keys = env.putArray("keys");
                all.forEach(
                        v -> json(keys.addObject(), v).put("allowed", v.key().allowed()));
                t.printJson(env);
            } else {
                List<String[]> rows = new ArrayList<>();
                rows.add(new String[] {"KEY", "VALUE", "FROM"});
                all.forEach(v -> rows.add(new String[] {v.key().dotted(), v.value(), v.source()}));
                Table.print(t.out(), rows);
            }
            return ExitCodes.OK;
        }
    }
}
