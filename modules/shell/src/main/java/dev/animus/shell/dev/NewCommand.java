package dev.animus.shell.dev;

import dev.animus.runtime.PluginScaffold;
import dev.animus.scaffold.PluginProject;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.plugin.PluginCommand;
import dev.animus.shell.render.Terminal;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code animus plugin new <name> --kind K}: a plugin project that passes conformance as written. */
@Command(
        name = "new",
        mixinStandardHelpOptions = true,
        description = {
            "Write a new plugin project, for plugin authors.",
            "The project is a directory named after the plugin: its executable, its Plugin.toml and a README;"
                    + " it passes 'animus plugin conformance' as written. Nothing is installed."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus plugin new tickets --kind subject_backend",
            "  animus plugin new my-model --kind provider --dir ~/src",
            "  animus plugin new guard --kind hooks --lang python"
        })
public final class NewCommand implements Callable<Integer> {

    @ParentCommand
    PluginCommand plugin;

    @Parameters(
            index = "0",
            paramLabel = "<name>",
            description = "The plugin's name (lowercase letters, digits, . _ -).")
    String name;

    @Option(
            names = "--kind",
            required = true,
            paramLabel = "KIND",
            description = "custom, provider, subject_backend, trigger_backend, transport_backend,"
                    + " log_storage_backend or hooks.")
    String kind;

    @Option(
            names = "--lang",
            paramLabel = "LANG",
            defaultValue = "python",
            description = "The language of the project (default: ${DEFAULT-VALUE}; one file, no dependencies).")
    String lang;

    @Option(
            names = "--dir",
            paramLabel = "DIR",
            description = "Where the project's directory goes (default: the current directory).")
    Path dir;

    @Override
    public Integer call() {
        AnimusCommand root = plugin.root;
        Terminal t = root.terminal();
        PluginProject project;
        try {
            project = PluginScaffold.write(name, kind, lang, dir == null ? Path.of("") : dir);
        } catch (IllegalArgumentException e) { // ManifestInvalid too: the name
            throw new CommandFailed(ExitCodes.USAGE, "plugin_new_invalid", e.getMessage());
        } catch (IllegalStateException e) {
            throw new CommandFailed(ExitCodes.FAILED, "plugin_new_exists", e.getMessage());
        }
        if (root.json) {
            ObjectNode env = Terminal.envelope("plugin.new");
            env.put("directory", project.directory().toString());
            env.put("executable", project.executable().toString());
            ArrayNode files = env.putArray("files");
            project.files().forEach(f -> files.add(f.toString()));
            t.printJson(env);
            return ExitCodes.OK;
        }
        PrintWriter out = t.out();
        out.println("wrote " + project.directory() + " (" + kind + ", " + lang + "):");
        project.files().forEach(f -> out.println("  " + f));
        out.println("next:");
        out.println("  animus plugin conformance " + project.executable());
        out.println("  animus plugin install --path " + project.directory());
        out.flush();
        return ExitCodes.OK;
    }
}
