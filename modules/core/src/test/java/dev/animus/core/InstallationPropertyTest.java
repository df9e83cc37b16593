package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.animus.core.InstallationModel.Op;
import dev.animus.core.InstallationRefused.Reason;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The installation lifecycle against {@link InstallationModel}: random operations on random names
 * and digests, with the invariants of docs/lifecycle.md#installation-lifecycle checked after every
 * step. A failure names its seed and step, which reproduce it.
 */
class InstallationPropertyTest {
    private static final int SEEDS = 250;
    private static final int STEPS = 50;

    static LongStream seeds() {
        return LongStream.range(0, SEEDS);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void theLifecycleBehavesAsTheModelAndKeepsItsInvariantsAtEveryStep(long seed) {
        run(seed, EnumSet.noneOf(InstallStage.class));
    }

    /** Guards the generator: a property that never reaches a stage proves nothing about it. */
    @Test
    void theRandomSequencesReachEveryStage() {
        Set<InstallStage> seen = EnumSet.noneOf(InstallStage.class);
        seeds().forEach(seed -> run(seed, seen));
        assertEquals(EnumSet.allOf(InstallStage.class), seen);
    }

    private static void run(long seed, Set<InstallStage> seen) {
        var random = new SplittableRandom(seed);
        var model = new InstallationModel();
        InstallState state = InstallState.empty();
        for (int step = 0; step < STEPS; step++) {
            Op op = model.next(random, Instant.parse("2026-01-01T00:00:00Z").plus(Duration.ofMinutes(step)));
            String where = "seed " + seed + ", step " + step + ": " + op;
            Optional<Reason> expected = model.apply(op);
            InstallState next;
            try {
                next = apply(state, op);
                assertEquals(Optional.empty(), expected, where + ": should be refused");
            } catch (InstallationRefused e) {
                assertEquals(expected, Optional.of(e.reason()), where + ": " + e.getMessage());
                assertEquals(op.name(), e.plugin(), where);
                assertTrue(e.getMessage().contains(op.name()) && !e.fixes().isEmpty(), where);
                assertFalse(e.getMessage().contains("\n"), where);
                next = state;
            }
            checkInvariants(state, next, op, where);
            checkAgainstModel(next, model, where, seen);
            state = next;
        }
    }

    private static InstallState apply(InstallState s, Op op) {
        return switch (op) {
            case InstallationModel.Install i ->
                Installation.install(s, i.name(), i.slot().record());
            case InstallationModel.Update u ->
                Installation.update(s, u.name(), u.slot().record());
            case InstallationModel.Rollback r -> Installation.rollback(s, r.name());
            case InstallationModel.RecordManifest m ->
                Installation.recordManifest(
                        s,
                        m.name(),
                        m.slot().code(),
                        m.slot().record().manifest().orElseThrow());
            case InstallationModel.Trust t -> Installation.trust(s, t.name(), t.shown());
            case InstallationModel.TrustDigest t -> Installation.trustDigest(s, t.name(), t.code());
            case InstallationModel.Consent c -> Installation.consent(s, c.name(), c.shown(), c.now());
            case InstallationModel.Enable e -> Installation.enable(s, e.name(), e.scope());
            case InstallationModel.Disable d -> Installation.disable(s, d.name(), d.scope());
            case InstallationModel.Remove r -> Installation.remove(s, r.name());
        };
    }

    private static void checkInvariants(InstallState before, InstallState after, Op op, String where) {
        assertEquals(before.revision(), after.revision(), where + ": the store bumps the revision, not the lifecycle");
        for (String name : InstallationModel.NAMES) {
            Optional<PluginState> was = before.plugin(name);
            Optional<PluginState> is = after.plugin(name);
            if (was.isPresent() && is.isPresent()) {
                List<ConsentGrant> old = was.get().consentGrants();
                List<ConsentGrant> now = is.get().consentGrants();
                assertTrue(
                        now.size() >= old.size() && now.subList(0, old.size()).equals(old),
                        where + ": grants only grow and are never rewritten");
            } else if (was.isPresent()) {
                assertTrue(op instanceof InstallationModel.Remove r && r.name().equals(name), where);
            }
            if (after != before
                    && op.name().equals(name)
                    && (op instanceof InstallationModel.Update || op instanceof InstallationModel.Rollback)) {
                assertEquals(Set.of(), is.orElseThrow().enabledAgents(), where + ": enablement is cleared");
                assertFalse(is.orElseThrow().enabledAllAgents(), where + ": enablement is cleared");
            }
            for (String agent : InstallationModel.AGENTS) {
                checkLaunch(after, name, agent, where);
            }
        }
    }

    /** Launch is allowed exactly when enabled, and then only for trusted, consented, current code. */
    private static void checkLaunch(InstallState s, String name, String agent, String where) {
        InstallStage stage = Installation.stage(s, name, agent);
        switch (Installation.launch(s, name, agent)) {
            case LaunchVerdict.Allowed allowed -> {
                assertEquals(InstallStage.ENABLED, stage, where);
                PluginState p = s.plugin(name).orElseThrow();
                assertEquals(p.current(), Optional.of(allowed.record()), where + ": launches the current record");
                assertTrue(p.trustedDigests().contains(allowed.record().digest()), where + ": its digest is trusted");
                assertEquals(
                        Disclosure.of(allowed.record().digest(), allowed.manifest())
                                .digest(),
                        allowed.consentDigest(),
                        where);
                assertTrue(
                        p.consentGrants().stream().anyMatch(g -> g.digest().equals(allowed.consentDigest())),
                        where + ": its disclosure is consented");
                assertTrue(p.enabledAllAgents() || p.enabledAgents().contains(agent), where + ": it is enabled");
            }
            case LaunchVerdict.Refused refused -> {
                HostFailure expected = switch (stage) {
                    case NOT_INSTALLED -> new HostFailure.NotInstalled(name, Installation.INSTALL_FIX);
                    case UNTRUSTED -> new HostFailure.NotTrusted(name, agent);
                    case TRUSTED -> new HostFailure.NotConsented(name, agent);
                    case CONSENTED -> new HostFailure.NotEnabled(name, agent);
                    case ENABLED -> fail(where + ": an enabled plugin was refused: " + refused);
                };
                assertEquals(expected, refused.failure(), where);
            }
        }
    }

    private static void checkAgainstModel(
            InstallState s, InstallationModel model, String where, Set<InstallStage> seen) {
        assertEquals(model.entries.keySet(), s.plugins().keySet(), where);
        model.entries.forEach((name, e) -> {
            PluginState p = s.plugin(name).orElseThrow();
            assertEquals(Optional.ofNullable(e.current).map(InstallationModel.Slot::record), p.current(), where);
            assertEquals(Optional.ofNullable(e.previous).map(InstallationModel.Slot::record), p.previous(), where);
            assertEquals(e.trusted, p.trustedDigests(), where);
            assertEquals(e.grants, p.consentGrants(), where);
            assertEquals(e.agents, p.enabledAgents(), where);
            assertEquals(e.all, p.enabledAllAgents(), where);
            assertEquals(
                    Optional.ofNullable(e.current).flatMap(InstallationModel.Slot::consentDigest),
                    Installation.consentDigest(s, name),
                    where);
        });
        for (String name : InstallationModel.NAMES) {
            for (String agent : InstallationModel.AGENTS) {
                InstallStage stage = Installation.stage(s, name, agent);
                assertEquals(model.stage(name, agent), stage, where + ": " + name + " for " + agent);
                seen.add(stage);
            }
        }
    }
}
