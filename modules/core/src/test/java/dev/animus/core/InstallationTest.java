package dev.animus.core;

import static dev.animus.core.InstallFixtures.AGENT;
import static dev.animus.core.InstallFixtures.CODE_1;
import static dev.animus.core.InstallFixtures.CODE_2;
import static dev.animus.core.InstallFixtures.CODE_3;
import static dev.animus.core.InstallFixtures.PLUGIN;
import static dev.animus.core.InstallFixtures.assertRefused;
import static dev.animus.core.InstallFixtures.edited;
import static dev.animus.core.InstallFixtures.enabled;
import static dev.animus.core.InstallFixtures.installed;
import static dev.animus.core.InstallFixtures.plugin;
import static dev.animus.core.InstallFixtures.record;
import static dev.animus.core.InstallFixtures.trusted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.InstallationRefused.Reason;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Installing, updating, rolling back, trusting and removing code
 * (docs/lifecycle.md#installation-lifecycle).
 */
class InstallationTest {
    private static final Fix INSTALL = Installation.INSTALL_FIX;
    private static final Fix UPDATE = new Fix.Update(PLUGIN, new Fix.Source.AnyFile());
    private static final Fix INSPECT = new Fix.Inspect(PLUGIN);

    @Nested
    class Install {

        @Test
        void installingANewNameMakesTheRecordCurrentAndTrustsNothing() {
            InstallState s = installed(CODE_1);
            assertEquals(Optional.of(record(CODE_1)), plugin(s).current());
            assertEquals(Optional.empty(), plugin(s).previous());
            assertEquals(Set.of(), plugin(s).trustedDigests());
            assertEquals(InstallStage.UNTRUSTED, Installation.stage(s, PLUGIN, AGENT));
        }

        @Test
        void installingDoesNotChangeTheRevision() {
            InstallState before = InstallState.empty().nextRevision();
            assertEquals(1, Installation.install(before, PLUGIN, record(CODE_1)).revision());
        }

        @Test
        void installingKeepsTheTrustAlreadyRecordedForTheName() {
            InstallState s = Installation.trustDigest(InstallState.empty(), PLUGIN, CODE_1);
            s = Installation.install(s, PLUGIN, record(CODE_1));
            assertEquals(Set.of(CODE_1), plugin(s).trustedDigests());
            assertEquals(InstallStage.TRUSTED, Installation.stage(s, PLUGIN, AGENT));
        }

        @Test
        void installingANameThatIsInstalledIsRefusedPointingAtUpdate() {
            InstallState s = installed(CODE_1);
            assertRefused(Reason.ALREADY_INSTALLED, UPDATE, () -> Installation.install(s, PLUGIN, record(CODE_2)));
        }

        @Test
        void aNameThatIsNotAPluginNameIsRejected() {
            assertThrows(
                    IllegalArgumentException.class,
                    () -> Installation.install(InstallState.empty(), "Echo Plugin", record(CODE_1)));
        }
    }

    @Nested
    class Update {

        @Test
        void updatingMovesTheCurrentInstallToTheRollbackSlot() {
            InstallState s = Installation.update(installed(CODE_1), PLUGIN, record(CODE_2));
            assertEquals(CODE_2, plugin(s).current().orElseThrow().digest());
            assertEquals(CODE_1, plugin(s).previous().orElseThrow().digest());
        }

        @Test
        void updatingClearsEnablementAndLeavesTheNewCodeUntrusted() {
            InstallState s = Installation.enable(enabled(CODE_1), PLUGIN, new AgentScope.All());
            InstallState updated = Installation.update(s, PLUGIN, record(CODE_2));
            assertEquals(Set.of(), plugin(updated).enabledAgents());
            assertFalse(plugin(updated).enabledAllAgents());
            assertEquals(InstallStage.UNTRUSTED, Installation.stage(updated, PLUGIN, AGENT));
        }

        @Test
        void updatingKeepsTrustAndGrants() {
            InstallState s = enabled(CODE_1);
            InstallState updated = Installation.update(s, PLUGIN, record(CODE_2));
            assertEquals(plugin(s).trustedDigests(), plugin(updated).trustedDigests());
            assertEquals(plugin(s).consentGrants(), plugin(updated).consentGrants());
        }

        @Test
        void updatingWhatIsNotInstalledIsRefusedPointingAtInstall() {
            assertRefused(
                    Reason.NOT_INSTALLED,
                    INSTALL,
                    () -> Installation.update(InstallState.empty(), PLUGIN, record(CODE_1)));
        }
    }

    @Nested
    class Rollback {

        @Test
        void rollingBackRestoresThePreviousDigestDisabledUntilEnabledAgain() {
            InstallState s = Installation.update(enabled(CODE_1), PLUGIN, record(CODE_2));
            s = Installation.trust(s, PLUGIN, CODE_2);
            InstallState rolledBack = Installation.rollback(s, PLUGIN);
            assertEquals(CODE_1, plugin(rolledBack).current().orElseThrow().digest());
            assertEquals(CODE_2, plugin(rolledBack).previous().orElseThrow().digest());
            assertEquals(InstallStage.CONSENTED, Installation.stage(rolledBack, PLUGIN, AGENT));
            InstallState again = Installation.enable(rolledBack, PLUGIN, new AgentScope.One(AGENT));
            assertEquals(InstallStage.ENABLED, Installation.stage(again, PLUGIN, AGENT));
        }

        @Test
        void rollingBackClearsEnablement() {
            InstallState s = Installation.update(enabled(CODE_1), PLUGIN, record(CODE_2));
            s = Installation.rollback(s, PLUGIN);
            s = Installation.enable(s, PLUGIN, new AgentScope.All());
            InstallState back = Installation.rollback(s, PLUGIN);
            assertEquals(Set.of(), plugin(back).enabledAgents());
            assertFalse(plugin(back).enabledAllAgents());
        }

        @Test
        void rollingBackTwiceReturnsToWhereItStarted() {
            InstallState s = Installation.update(installed(CODE_1), PLUGIN, record(CODE_2));
            assertEquals(s, Installation.rollback(Installation.rollback(s, PLUGIN), PLUGIN));
        }

        @Test
        void rollingBackWithoutAPreviousInstallIsRefused() {
            assertRefused(Reason.NO_PREVIOUS, UPDATE, () -> Installation.rollback(installed(CODE_1), PLUGIN));
        }

        @Test
        void rollingBackWhatIsNotInstalledIsRefused() {
            assertRefused(Reason.NOT_INSTALLED, INSTALL, () -> Installation.rollback(InstallState.empty(), PLUGIN));
        }
    }

    @Nested
    class RecordManifest {
        private final RecordedManifest other = edited(d -> d.put("data_sent", List.of("file contents")));

        @Test
        void theManifestIsRecordedOnTheInstallWithThatDigest() {
            InstallState s = Installation.update(
                    Installation.install(InstallState.empty(), PLUGIN, record(CODE_1, Optional.empty())),
                    PLUGIN,
                    record(CODE_2, Optional.empty()));
            InstallState previous = Installation.recordManifest(s, PLUGIN, CODE_1, other);
            assertEquals(
                    Optional.of(other),
                    plugin(previous).previous().orElseThrow().manifest());
            assertEquals(
                    Optional.empty(), plugin(previous).current().orElseThrow().manifest());
            InstallState current = Installation.recordManifest(s, PLUGIN, CODE_2, other);
            assertEquals(
                    Optional.of(other), plugin(current).current().orElseThrow().manifest());
            assertEquals(
                    Optional.empty(), plugin(current).previous().orElseThrow().manifest());
        }

        @Test
        void bothSlotsGetTheManifestWhenTheyHoldTheSameCode() {
            InstallState s = Installation.update(installed(CODE_1), PLUGIN, record(CODE_1));
            s = Installation.recordManifest(s, PLUGIN, CODE_1, other);
            assertEquals(Optional.of(other), plugin(s).current().orElseThrow().manifest());
            assertEquals(Optional.of(other), plugin(s).previous().orElseThrow().manifest());
        }

        @Test
        void recordingKeepsGrantsAndEnablement() {
            InstallState s = enabled(CODE_1);
            InstallState recorded = Installation.recordManifest(s, PLUGIN, CODE_1, other);
            assertEquals(plugin(s).consentGrants(), plugin(recorded).consentGrants());
            assertEquals(plugin(s).enabledAgents(), plugin(recorded).enabledAgents());
        }

        @Test
        void aDigestThatNeitherSlotHoldsIsRefused() {
            InstallationRefused e = assertRefused(
                    Reason.NOT_INSTALLED,
                    INSTALL,
                    () -> Installation.recordManifest(installed(CODE_1), PLUGIN, CODE_3, other));
            assertTrue(e.getMessage().contains(CODE_3), e.getMessage());
            assertRefused(
                    Reason.NOT_INSTALLED,
                    INSTALL,
                    () -> Installation.recordManifest(InstallState.empty(), PLUGIN, CODE_1, other));
        }
    }

    @Nested
    class Trust {

        @Test
        void trustingTheShownDigestTrustsTheCurrentCode() {
            InstallState s = trusted(CODE_1);
            assertEquals(Set.of(CODE_1), plugin(s).trustedDigests());
            assertEquals(InstallStage.TRUSTED, Installation.stage(s, PLUGIN, AGENT));
        }

        @Test
        void trustingTwiceChangesNothing() {
            InstallState s = trusted(CODE_1);
            assertEquals(s, Installation.trust(s, PLUGIN, CODE_1));
        }

        @Test
        void codeThatChangedSinceItWasShownIsNotTrustedAndBothDigestsAreNamed() {
            InstallState s = Installation.update(installed(CODE_1), PLUGIN, record(CODE_2));
            InstallationRefused e =
                    assertRefused(Reason.CHANGED_SINCE_SHOWN, INSPECT, () -> Installation.trust(s, PLUGIN, CODE_1));
            assertTrue(e.getMessage().contains(CODE_1) && e.getMessage().contains(CODE_2), e.getMessage());
        }

        @Test
        void trustingWhatIsNotInstalledIsRefused() {
            assertRefused(
                    Reason.NOT_INSTALLED, INSTALL, () -> Installation.trust(InstallState.empty(), PLUGIN, CODE_1));
        }

        @Test
        void aDiscoveredBinaryCanBeTrustedByDigestWithoutBeingInstalled() {
            InstallState s = Installation.trustDigest(InstallState.empty(), PLUGIN, CODE_1);
            assertEquals(Set.of(CODE_1), plugin(s).trustedDigests());
            assertEquals(Optional.empty(), plugin(s).current());
            assertEquals(InstallStage.NOT_INSTALLED, Installation.stage(s, PLUGIN, AGENT));
            assertEquals(
                    Set.of(CODE_1, CODE_2),
                    plugin(Installation.trustDigest(s, PLUGIN, CODE_2)).trustedDigests());
        }

        @Test
        void trustingSomethingThatIsNotADigestIsRejected() {
            assertThrows(
                    IllegalArgumentException.class,
                    () -> Installation.trustDigest(InstallState.empty(), PLUGIN, "latest"));
        }
    }

    @Nested
    class Remove {

        @Test
        void removingForgetsEverythingAboutTheName() {
            InstallState s = Installation.install(enabled(CODE_1), "other", record(CODE_2));
            InstallState removed = Installation.remove(s, PLUGIN);
            assertEquals(Optional.empty(), removed.plugin(PLUGIN));
            assertEquals(s.plugin("other"), removed.plugin("other"));
            assertEquals(InstallStage.NOT_INSTALLED, Installation.stage(removed, PLUGIN, AGENT));
        }

        @Test
        void aTrustedDiscoveredBinaryCanBeRemoved() {
            InstallState s = Installation.trustDigest(InstallState.empty(), PLUGIN, CODE_1);
            assertEquals(InstallState.empty(), Installation.remove(s, PLUGIN));
        }

        @Test
        void removingWhatIsNotRecordedIsRefused() {
            assertRefused(Reason.NOT_INSTALLED, INSTALL, () -> Installation.remove(InstallState.empty(), PLUGIN));
        }
    }

    @Nested
    class AliasKinds {

        @Test
        void aliasesAreRecordedAndReplacedLeavingEverythingElse() {
            InstallState s = enabled(CODE_1);
            InstallState aliased = Installation.aliasKinds(s, PLUGIN, List.of("task=task2", "bug.*=b2.*"));
            assertEquals(List.of("task=task2", "bug.*=b2.*"), plugin(aliased).subjectAliases());
            assertEquals(plugin(s), plugin(aliased).withSubjectAliases(List.of()));
            InstallState cleared = Installation.aliasKinds(aliased, PLUGIN, List.of());
            assertEquals(plugin(s), plugin(cleared));
        }

        @Test
        void updateAndRollbackKeepTheAliases() {
            InstallState s = Installation.aliasKinds(enabled(CODE_1), PLUGIN, List.of("task2"));
            InstallState updated = Installation.update(s, PLUGIN, record(CODE_2));
            assertEquals(List.of("task2"), plugin(updated).subjectAliases());
            assertEquals(
                    List.of("task2"),
                    plugin(Installation.rollback(updated, PLUGIN)).subjectAliases());
        }

        @Test
        void removingForgetsThem() {
            InstallState s = Installation.aliasKinds(installed(CODE_1), PLUGIN, List.of("task2"));
            InstallState again = Installation.install(Installation.remove(s, PLUGIN), PLUGIN, record(CODE_1));
            assertEquals(List.of(), plugin(again).subjectAliases());
        }

        @Test
        void aliasingWhatIsNotInstalledIsRefused() {
            assertRefused(
                    Reason.NOT_INSTALLED,
                    INSTALL,
                    () -> Installation.aliasKinds(InstallState.empty(), PLUGIN, List.of("task2")));
        }

        @Test
        void aBlankOrSpacedAliasIsRejectedInOneLine() {
            for (String bad : List.of("", " ", "task = task2", "a\nb")) {
                var e = assertThrows(
                        IllegalArgumentException.class,
                        () -> Installation.aliasKinds(installed(CODE_1), PLUGIN, List.of(bad)));
                assertTrue(e.getMessage().contains("is not a subject alias"), e.getMessage());
                assertFalse(e.getMessage().contains("\n"), e.getMessage());
            }
        }
    }

    @Test
    void refusalsAreIllegalStateExceptions() {
        var e = assertThrows(IllegalStateException.class, () -> Installation.remove(InstallState.empty(), PLUGIN));
        assertTrue(e instanceof InstallationRefused);
    }
}
