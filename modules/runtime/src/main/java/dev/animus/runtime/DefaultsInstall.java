package dev.animus.runtime;

import dev.animus.core.PluginState;
import dev.animus.fetch.Progress;
import dev.animus.install.AnimusHome;
import dev.animus.install.InstallChain;
import dev.animus.install.InstallRequest;
import dev.animus.install.PluginInstaller;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Installs a set of default plugins through the normal gate with one question for all of them
 * (docs/operations.md#default-plugins): each is stored, pinned, trusted and probed
 * ({@link InstallChain#prepare}); the screens of all are confirmed at once; then each is consented
 * and enabled. A default that fails on the way is reported and left out; a refusal of the question
 * puts every one of them back.
 */
final class DefaultsInstall {
    private DefaultsInstall() {}

    /** Where the image keeps its first-party plugins: {@code <image>/plugins/}. */
    static Path bundledPlugins() {
        return Path.of(System.getProperty("java.home")).resolve("plugins");
    }

    /** Each of {@code entries}: skipped when a plugin of its name is installed (unless {@code force}), else installed. */
    static DefaultsPlan plan(AnimusHome home, String origin, List<PluginDefaults.Entry> entries, DefaultsOptions o) {
        var state = home.state().read().state();
        List<DefaultsPlan.Step> steps = new ArrayList<>();
        for (PluginDefaults.Entry e : entries) {
            boolean installed =
                    state.plugin(e.name()).flatMap(PluginState::current).isPresent();
            steps.add(
                    installed && !o.force()
                            ? new DefaultsPlan.Step.Skip(e, "installed already")
                            : new DefaultsPlan.Step.Install(e));
        }
        return new DefaultsPlan(origin, steps, o);
    }

    static DefaultsReport install(
            AnimusHome home, DefaultsPlan plan, DefaultsConfirmation confirmation, Progress progress) {
        InstallChain chain = new InstallChain(home);
        List<DefaultsReport.Outcome> outcomes =
                new ArrayList<>(Collections.nCopies(plan.steps().size(), null));
        Map<Integer, InstallChain.Prepared> prepared = new LinkedHashMap<>();
        for (int i = 0; i < plan.steps().size(); i++) {
            DefaultsPlan.Step step = plan.steps().get(i);
            switch (step) {
                case DefaultsPlan.Step.Skip s ->
                    outcomes.set(i, new DefaultsReport.Outcome.Skipped(s.entry(), s.reason()));
                case DefaultsPlan.Step.Install in -> {
                    try {
                        InstallChain.Request request = request(plan.origin(), in.entry(), plan.options());
                        prepared.put(
                                i, chain.prepare(request, in.entry().source().expectedSha256(), progress));
                    } catch (RuntimeException e) {
                        outcomes.set(i, new DefaultsReport.Outcome.Failed(in.entry(), e));
                    }
                }
            }
        }
        List<InstallChain.Screen> screens =
                prepared.values().stream().flatMap(p -> p.screen().stream()).toList();
        if (!screens.isEmpty()) {
            try {
                confirmation.confirm(screens);
            } catch (RuntimeException e) {
                List<InstallChain.Prepared> all = new ArrayList<>(prepared.values());
                Collections.reverse(all);
                for (InstallChain.Prepared p : all) {
                    try {
                        chain.abandon(p);
                    } catch (RuntimeException restoring) {
                        e.addSuppressed(restoring);
                    }
                }
                throw e;
            }
        }
        for (var p : prepared.entrySet()) {
            PluginDefaults.Entry entry = plan.steps().get(p.getKey()).entry();
            try {
                outcomes.set(p.getKey(), new DefaultsReport.Outcome.Installed(entry, chain.complete(p.getValue())));
            } catch (RuntimeException e) {
                outcomes.set(p.getKey(), new DefaultsReport.Outcome.Failed(entry, e));
            }
        }
        return new DefaultsReport(plan.origin(), outcomes);
    }

    private static InstallChain.Request request(String origin, PluginDefaults.Entry e, DefaultsOptions o) {
        InstallChain.Source source = switch (e.source()) {
            case PluginDefaults.Source.Bundled b -> new InstallChain.Source.Local(bundled(origin, e, b));
            case PluginDefaults.Source.Release r -> r.release().source();
            case PluginDefaults.Source.Local l -> new InstallChain.Source.Local(l.path());
        };
        return new InstallChain.Request(
                source,
                Optional.of(e.name()),
                new PluginInstaller.PinPolicy(o.force(), false),
                new InstallRequest.Guards(Optional.empty(), o.force(), false),
                o.signatures(),
                o.scope(),
                InstallChain.Until.ENABLE);
    }

    private static Path bundled(String origin, PluginDefaults.Entry e, PluginDefaults.Source.Bundled b) {
        Path p = bundledPlugins().resolve(b.plugin());
        if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
            throw new DefaultsInvalid(
                    origin,
                    e.key() + ".bundled",
                    "'" + b.plugin() + "' is not a plugin of this image (" + p
                            + " does not exist); name a plugin the image ships, or give release or path instead");
        }
        return p;
    }
}
