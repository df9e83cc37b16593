package dev.animus.install;

import dev.animus.core.InstallRecord;
import dev.animus.core.InstallState;
import dev.animus.core.Interpreter;
import dev.animus.core.PluginState;
import dev.animus.process.Interpreters;
import dev.animus.store.LockEntry;
import dev.animus.store.Verification;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code plugin doctor --fix} (docs/operations.md#repairing-a-plugin): what can be repaired of what
 * the doctor finds, each as a {@link Step} that says whether the operator must confirm it. Putting
 * the trusted bytes back into the store from the original file needs no confirmation (nothing new
 * runs, no grant changes); moving a pin, recording an interpreter anew, pruning a project's pins
 * and setting an unreadable state document aside do. What no step covers is left to the
 * operator, with the doctor's fix.
 *
 * <p>Thread-safe; every step re-reads what it changes and does nothing when that moved on.
 */
public final class PluginRepair {
    private final AnimusHome home;

    public PluginRepair(AnimusHome home) {
        this.home = Objects.requireNonNull(home, "home");
    }

    /** One repair. */
    public sealed interface Step {
        /** The plugin it is for; empty for the lockfile or the state document as a whole. */
        Optional<String> plugin();

        /** What it does, one line, for a report or a question. */
        String act();

        /** Whether the operator must confirm it first. */
        boolean needsConsent();

        /** Put the trusted bytes back into the store from the original file, which still has them. */
        record RestoreStoreCopy(String name, String digest, Path original) implements Step {
            @Override
            public Optional<String> plugin() {
                return Optional.of(name);
            }

            @Override
            public String act() {
                return "restore the stored code of " + name + " (sha256 " + digest + ") from " + original
                        + ", which has the trusted bytes";
            }

            @Override
            public boolean needsConsent() {
                return false;
            }
        }

        /** Trust the installed code again, so that its interpreter is resolved and recorded anew. */
        record RecordInterpreter(String name, String digest, String reason) implements Step {
            @Override
            public Optional<String> plugin() {
                return Optional.of(name);
            }

            @Override
            public String act() {
                return "trust " + name + " (sha256 " + digest + ") again to record its interpreter anew (" + reason
                        + ")";
            }

            @Override
            public boolean needsConsent() {
                return true;
            }
        }

        /** Pin the installed code in the lockfile, replacing a pin of other code. */
        record RepinLock(String name, String pinned, String installed, Path lockfile) implements Step {
            @Override
            public Optional<String> plugin() {
                return Optional.of(name);
            }

            @Override
            public String act() {
                return "pin " + name + " in " + lockfile + " to the installed sha256 " + installed + " (it pins sha256 "
                        + pinned + ")";
            }

            @Override
            public boolean needsConsent() {
                return true;
            }
        }

        /**
         * Drop the pins of plugins that are not installed; safe without a question in this home's
         * own lockfile, asked in a project's (whose pins others may rely on).
         */
        record PruneLock(List<String> names, Path lockfile, boolean projectLockfile) implements Step {
            public PruneLock {
                names = List.copyOf(names);
            }

            @Override
            public Optional<String> plugin() {
                return Optional.empty();
            }

            @Override
            public String act() {
                return "drop the pins of " + String.join(", ", names) + " from " + lockfile + " (not installed)";
            }

            @Override
            public boolean needsConsent() {
                return projectLockfile;
            }
        }

        /** Move the unreadable state document aside (kept, never deleted); its grants are not carried over. */
        record SetStateAside(Path file, String reason) implements Step {
            @Override
            public Optional<String> plugin() {
                return Optional.empty();
            }

            @Override
            public String act() {
                return "move the unreadable " + file + " aside and start an empty one (" + reason
                        + "); its installs and grants are not carried over";
            }

            @Override
            public boolean needsConsent() {
                return true;
            }
        }
    }

    /** What {@code only} (or every installed plugin), the lockfile and the state document need. */
    public List<Step> plan(Optional<String> only) {
        switch (new StateRepair(home).diagnose()) {
            case StateRepair.Diagnosis.Unreadable u -> {
                return List.of(new Step.SetStateAside(u.file(), u.reason().toString()));
            }
            case StateRepair.Diagnosis.Newer n -> {
                return List.of(); // never touched: the doctor's finding says to upgrade
            }
            case StateRepair.Diagnosis.Healthy h -> {}
        }
        InstallState state = home.state().read().state();
        List<Step> steps = new ArrayList<>();
        List<String> names =
                only.map(List::of).orElseGet(() -> List.copyOf(state.plugins().keySet()));
        for (String name : names) {
            state.plugin(name).ifPresent(p -> p.current().ifPresent(r -> plan(name, p, r, steps)));
        }
        if (only.isEmpty()) {
            List<String> stale = home.lockfile().read().entries().values().stream()
                    .map(LockEntry::name)
                    .filter(n -> state.plugin(n).flatMap(PluginState::current).isEmpty())
                    .sorted()
                    .toList();
            if (!stale.isEmpty()) {
                Path file = home.lockfile().file();
                steps.add(new Step.PruneLock(
                        stale, file, !file.equals(home.layout().globalLockfile())));
            }
        }
        return List.copyOf(steps);
    }

    private void plan(String name, PluginState p, InstallRecord r, List<Step> steps) {
        Verification stored = home.store().verify(r.digest(), r.shape(), r.entry());
        if (!(stored instanceof Verification.Intact)) {
            if (Original.of(r) instanceof Original.Matches m) {
                steps.add(new Step.RestoreStoreCopy(name, r.digest(), m.path()));
            }
        } else if (p.trustedDigests().contains(r.digest())) {
            unusableInterpreter(p, r, (Verification.Intact) stored)
                    .ifPresent(why -> steps.add(new Step.RecordInterpreter(name, r.digest(), why)));
        }
        home.lockfile()
                .read()
                .entry(name)
                .filter(e -> !e.artifactSha256().equals(r.digest()))
                .ifPresent(e -> steps.add(new Step.RepinLock(
                        name, e.artifactSha256(), r.digest(), home.lockfile().file())));
    }

    private static Optional<String> unusableInterpreter(PluginState p, InstallRecord r, Verification.Intact stored) {
        try {
            Optional<Interpreter> recorded = p.interpreter(r.digest());
            if (recorded.isPresent()) {
                Interpreters.check(recorded.get());
            } else if (Interpreters.isScript(stored.executable())) {
                return Optional.of("it is a script trusted before its interpreter was recorded");
            }
            return Optional.empty();
        } catch (Interpreters.Unresolved e) {
            return Optional.of(e.getMessage());
        } catch (UncheckedIOException e) {
            return Optional.empty();
        }
    }

    /**
     * Carries {@code step} out; returns what was done, one line.
     *
     * @throws InstallFailed when what the step was planned on changed in between (nothing is done)
     */
    public String apply(Step step) {
        return switch (step) {
            case Step.RestoreStoreCopy s -> {
                InstallRecord r = current(s.name(), s.digest());
                SourceArtifact source = SourceArtifact.read(s.original());
                if (!PluginInstaller.digest(source).equals(r.digest())) {
                    throw InstallFailed.verification(
                            s.original() + " no longer has sha256 " + r.digest() + "; nothing was restored");
                }
                boolean restored = new PluginInstaller(home).restore(source, r);
                yield restored
                        ? "restored the stored code of " + s.name() + " from " + s.original()
                                + "; its trust, consent and enablement hold again"
                        : "the stored code of " + s.name() + " is intact again; nothing to restore";
            }
            case Step.RecordInterpreter s -> {
                current(s.name(), s.digest());
                new TrustService(home).trust(s.name(), s.digest());
                InstallState now = home.state().read().state();
                String shown = now.plugin(s.name())
                        .flatMap(p -> p.interpreter(s.digest()))
                        .map(Interpreter::shown)
                        .orElse("none");
                yield "trusted " + s.name() + " again; its interpreter is now " + shown;
            }
            case Step.RepinLock s -> {
                InstallRecord r = current(s.name(), s.installed());
                new PluginInstaller(home).pin(s.name(), r);
                yield "pinned " + s.name() + " in " + s.lockfile() + " to sha256 " + s.installed()
                        + " (it pinned sha256 " + s.pinned() + ")";
            }
            case Step.PruneLock s -> {
                List<String> dropped = new TrustService(home)
                        .pruneLock(false).stream().map(LockEntry::name).toList();
                yield dropped.isEmpty()
                        ? "every pin in " + s.lockfile() + " is of an installed plugin now; nothing was dropped"
                        : "dropped the pins of " + String.join(", ", dropped) + " from " + s.lockfile();
            }
            case Step.SetStateAside s -> {
                Path moved = new StateRepair(home).quarantine();
                yield "moved " + s.file() + " to " + moved + "; an empty state document starts now (its installs"
                        + " and grants were not carried over: install and trust your plugins again)";
            }
        };
    }

    private InstallRecord current(String name, String digest) {
        return home.state()
                .read()
                .state()
                .plugin(name)
                .flatMap(PluginState::current)
                .filter(r -> r.digest().equals(digest))
                .orElseThrow(() -> InstallFailed.usage(
                        "plugin " + name + " no longer has sha256 " + digest + " installed; nothing was done"));
    }
}
