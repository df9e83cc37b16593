package dev.animus.install;

import dev.animus.core.Fix;
import dev.animus.core.Guidance;
import dev.animus.core.InstallRecord;
import dev.animus.core.InstallState;
import dev.animus.core.PluginState;
import dev.animus.store.DocumentUnreadable;
import dev.animus.store.StateView;
import dev.animus.store.Verification;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code plugin state repair}: explicit recovery that never loses anything silently
 * (docs/security.md#the-state-document). A readable document is never rewritten, only checked; an
 * unreadable one is moved aside (kept) so an empty one can start; a document of a newer schema is
 * left alone (upgrade instead).
 */
public final class StateRepair {
    private final AnimusHome home;

    public StateRepair(AnimusHome home) {
        this.home = Objects.requireNonNull(home, "home");
    }

    /** What {@link #diagnose} found. */
    public sealed interface Diagnosis {
        /** Readable; {@code problems} lists records to fix by hand (nothing is changed). */
        record Healthy(Path file, long revision, int plugins, List<DoctorFinding> problems) implements Diagnosis {}

        /** Written by a newer Animus: never touched. */
        record Newer(Path file, Guidance reason) implements Diagnosis {}

        /** Corrupt: can be moved aside. */
        record Unreadable(Path file, Guidance reason) implements Diagnosis {}
    }

    public Diagnosis diagnose() {
        Path file = home.state().file();
        StateView view;
        try {
            view = home.state().read();
        } catch (DocumentUnreadable e) {
            return newerSchema(file)
                    .<Diagnosis>map(v -> new Diagnosis.Newer(file, e.guidance()))
                    .orElseGet(() -> new Diagnosis.Unreadable(file, e.guidance()));
        }
        List<DoctorFinding> problems = new ArrayList<>();
        view.problems()
                .forEach(p -> problems.add(new DoctorFinding(
                        p.plugin(),
                        "the recorded " + p.slot() + " manifest no longer validates: " + p.reason(),
                        Guidance.of(new Fix.Update(p.plugin(), new Fix.Source.FixedPlugin())))));
        InstallState s = view.state();
        for (Map.Entry<String, PluginState> e : s.plugins().entrySet()) {
            e.getValue().current().ifPresent(r -> stored(e.getKey(), "current", r, problems));
            e.getValue().previous().ifPresent(r -> stored(e.getKey(), "previous", r, problems));
        }
        return new Diagnosis.Healthy(file, s.revision(), s.plugins().size(), problems);
    }

    private void stored(String name, String slot, InstallRecord r, List<DoctorFinding> out) {
        Guidance fix = slot.equals("current")
                ? PluginInspector.restore(name, r)
                : Guidance.of(
                        "nothing needed unless you roll back; '",
                        new Fix.Update(name, new Fix.Source.AnyFile()),
                        "' replaces it");
        switch (home.store().verify(r.digest(), r.shape(), r.entry())) {
            case Verification.Intact i -> {}
            case Verification.Changed c ->
                out.add(new DoctorFinding(
                        name,
                        "the " + slot + " stored code changed (sha256 " + r.digest() + " expected, " + c.actualDigest()
                                + " found)",
                        fix));
            case Verification.Missing m ->
                out.add(new DoctorFinding(name, "the " + slot + " stored code is gone", fix));
            case Verification.Refused f ->
                out.add(new DoctorFinding(name, "the " + slot + " stored code: " + f.reason(), fix));
        }
    }

    /** Moves an unreadable document aside; returns where it now is. */
    public Path quarantine() {
        Optional<Path> moved = home.state().quarantine(home.now());
        return moved.orElseThrow(
                () -> InstallFailed.usage(home.state().file() + " is readable now; nothing was moved"));
    }

    private static Optional<Long> newerSchema(Path file) {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty(); // a FIFO in its place would block the read (the store has refused it already)
        }
        try {
            JsonNode root = JsonMapper.shared().readTree(Files.readAllBytes(file));
            JsonNode v = root.get("schema_version");
            return v != null && v.canConvertToLong() && v.asLong() > InstallState.SCHEMA_VERSION
                    ? Optional.of(v.asLong())
                    : Optional.empty();
        } catch (IOException | JacksonException e) {
            return Optional.empty();
        }
    }
}
