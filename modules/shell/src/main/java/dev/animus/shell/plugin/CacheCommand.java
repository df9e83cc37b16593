package dev.animus.shell.plugin;

import dev.animus.core.Plural;
import dev.animus.runtime.Animus;
import dev.animus.runtime.ManifestCacheHandle;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Layout;
import dev.animus.shell.render.Table;
import dev.animus.shell.render.Terminal;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;
import tools.jackson.databind.node.ArrayNode;

/** {@code animus plugin cache list|clear}: the manifest cache. */
@Command(
        name = "cache",
        mixinStandardHelpOptions = true,
        description = {
            "List or clear the manifest cache.",
            "",
            "The manifest cache: manifests printed by plugin binaries, keyed by the binary's SHA-256,",
            "so an unchanged binary is not run again to be listed. ANIMUS_DISABLE_MANIFEST_CACHE=1 turns it off."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus plugin cache list", "  animus plugin cache clear"})
public final class CacheCommand implements Runnable {

    @ParentCommand
    PluginCommand plugin;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "missing subcommand: list or clear");
    }

    ManifestCacheHandle cache() {
        return Animus.manifestCache(plugin.root.paths());
    }

    @Command(
            name = "list",
            aliases = "ls",
            mixinStandardHelpOptions = true,
            description = "List the cached manifests.",
            footerHeading = "%nExamples:%n",
            footer = {"  animus plugin cache list --json"})
    public static final class ListCached implements Callable<Integer> {
        @ParentCommand
        CacheCommand cache;

        @Override
        public Integer call() {
            ManifestCacheHandle c = cache.cache();
            var entries = c.list();
            Terminal t = cache.plugin.root.terminal();
            if (cache.plugin.root.json) {
                var env = Terminal.envelope("plugin.cache.list")
                        .put("directory", c.directory().toString());
                ArrayNode list = env.putArray("entries");
                entries.forEach(e -> list.addObject()
                        .put("sha256", e.sha256())
                        .put("name", e.name())
                        .put("version", e.version())
                        .put("binary", e.binary())
                        .put("cached_at", e.cachedAt().toString())
                        .put("bytes", e.bytes())
                        .put("failure", e.failure().orElse(null)));
                t.printJson(env);
            } else if (entries.isEmpty()) {
                t.result("the manifest cache is empty (" + c.directory() + ")");
            } else {
                Layout layout = cache.plugin.root.layout();
                Table table = Table.of("NAME", "VERSION", "SHA256", "CACHED", Table.middle("BINARY"));
                entries.forEach(e -> table.row(
                        e.name(),
                        e.version(),
                        layout.digest(e.sha256()),
                        layout.time(e.cachedAt()),
                        layout.path(e.binary())));
                table.print(t.out(), layout);
            }
            return ExitCodes.OK;
        }
    }

    @Command(
            name = "clear",
            mixinStandardHelpOptions = true,
            description = {"Remove every cached manifest. The next discovery probes every binary again."},
            footerHeading = "%nExamples:%n",
            footer = {"  animus plugin cache clear"})
    public static final class Clear implements Callable<Integer> {
        @ParentCommand
        CacheCommand cache;

        @Override
        public Integer call() {
            ManifestCacheHandle c = cache.cache();
            int n = c.clear();
            Terminal t = cache.plugin.root.terminal();
            if (cache.plugin.root.json) {
                t.printJson(Terminal.envelope("plugin.cache.clear")
                        .put("removed", n)
                        .put("directory", c.directory().toString()));
            } else {
                t.result("removed " + Plural.of(n, "cached manifest") + " from " + c.directory());
            }
            return ExitCodes.OK;
        }
    }
}
