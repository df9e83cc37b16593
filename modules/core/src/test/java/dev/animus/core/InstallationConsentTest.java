package dev.animus.core;

import static dev.animus.core.InstallFixtures.AGENT;
import static dev.animus.core.InstallFixtures.CODE_1;
import static dev.animus.core.InstallFixtures.CODE_2;
import static dev.animus.core.InstallFixtures.PLUGIN;
import static dev.animus.core.InstallFixtures.T0;
import static dev.animus.core.InstallFixtures.assertRefused;
import static dev.animus.core.InstallFixtures.consentDigest;
import static dev.animus.core.InstallFixtures.consented;
import static dev.animus.core.InstallFixtures.edited;
import static dev.animus.core.InstallFixtures.enabled;
import static dev.animus.core.InstallFixtures.installed;
import static dev.animus.core.InstallFixtures.plugin;
import static dev.animus.core.InstallFixtures.record;
import static dev.animus.core.InstallFixtures.trusted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.InstallationRefused.Reason;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Consenting, enabling, disabling, and whether code may launch
 * (docs/lifecycle.md#installation-lifecycle).
 */
class InstallationConsentTest {
    private static final Fix TRUST = new Fix.Trust(PLUGIN);
    private static final Fix CONSENT = new Fix.Consent(PLUGIN);
    private static final Fix INSTALL = Installation.INSTALL_FIX;
    private static final Fix INSPECT = new Fix.Inspect(PLUGIN);
    private static final RecordedManifest BROKEN = edited(d -> d.put("hooks", List.of("route.skilz")));
    private static final AgentScope.One ALICE = new AgentScope.One(AGENT);
    private static final AgentScope.One BOB = new AgentScope.One("bob");

    @Nested
    class Consent {

        @Test
        void consentingToTheShownDisclosureRecordsAGrantForItsDigest() {
            InstallState s = consented(CODE_1);
            String digest = Disclosure.of(CODE_1, InstallFixtures.manifest()).digest();
            assertEquals(List.of(new ConsentGrant(digest, T0)), plugin(s).consentGrants());
            assertEquals(InstallStage.CONSENTED, Installation.stage(s, PLUGIN, AGENT));
        }

        @Test
        void consentingAgainKeepsTheFirstGrantAsItWas() {
            InstallState s = consented(CODE_1);
            InstallState again = Installation.consent(s, PLUGIN, consentDigest(s), T0.plus(Duration.ofDays(3)));
            assertEquals(plugin(s).consentGrants(), plugin(again).consentGrants());
        }

        @Test
        void aDisclosureThatChangedSinceItWasShownIsRefusedAndBothDigestsAreNamed() {
            InstallState s = trusted(CODE_1);
            String shown = consentDigest(s);
            InstallState changed = Installation.recordManifest(
                    s,
                    PLUGIN,
                    CODE_1,
                    edited(d -> d.put("network", Map.of("destinations", List.of("evil.example.com")))));
            InstallationRefused e = assertRefused(
                    Reason.CHANGED_SINCE_SHOWN, INSPECT, () -> Installation.consent(changed, PLUGIN, shown, T0));
            assertTrue(
                    e.getMessage().contains(shown) && e.getMessage().contains(consentDigest(changed)), e.getMessage());
        }

        @Test
        void consentingToUntrustedCodeIsRefused() {
            InstallState s = installed(CODE_1);
            String digest = Disclosure.of(CODE_1, InstallFixtures.manifest()).digest();
            assertEquals(
                    List.of(TRUST, CONSENT),
                    assertRefused(Reason.NOT_TRUSTED, TRUST, () -> Installation.consent(s, PLUGIN, digest, T0))
                            .fixes());
        }

        @Test
        void consentingWithoutAManifestIsRefusedPointingAtTrustToReadIt() {
            InstallState s = Installation.trust(
                    Installation.install(InstallState.empty(), PLUGIN, record(CODE_1, Optional.empty())),
                    PLUGIN,
                    CODE_1);
            InstallationRefused e =
                    assertRefused(Reason.NO_MANIFEST, TRUST, () -> Installation.consent(s, PLUGIN, CODE_2, T0));
            assertEquals(List.of(TRUST), e.fixes(), e.getMessage());
        }

        @Test
        void consentingToAManifestThatNoLongerValidatesIsRefusedNamingTheProblem() {
            InstallState s = Installation.recordManifest(trusted(CODE_1), PLUGIN, CODE_1, BROKEN);
            InstallationRefused e =
                    assertRefused(Reason.NO_MANIFEST, TRUST, () -> Installation.consent(s, PLUGIN, CODE_2, T0));
            assertTrue(e.getMessage().contains("route.skilz"), e.getMessage());
        }

        @Test
        void consentingToWhatIsNotInstalledIsRefused() {
            assertRefused(
                    Reason.NOT_INSTALLED,
                    INSTALL,
                    () -> Installation.consent(InstallState.empty(), PLUGIN, CODE_1, T0));
        }
    }

    @Nested
    class EnableAndDisable {

        @Test
        void enablingForOneAgentEnablesItForThatAgentOnly() {
            InstallState s = enabled(CODE_1);
            assertEquals(Set.of(AGENT), plugin(s).enabledAgents());
            assertEquals(InstallStage.ENABLED, Installation.stage(s, PLUGIN, AGENT));
            assertEquals(InstallStage.CONSENTED, Installation.stage(s, PLUGIN, "bob"));
        }

        @Test
        void enablingForAllAgentsCoversAgentsNeverNamed() {
            InstallState s = Installation.enable(consented(CODE_1), PLUGIN, new AgentScope.All());
            assertTrue(plugin(s).enabledAllAgents());
            assertEquals(InstallStage.ENABLED, Installation.stage(s, PLUGIN, "someone-new"));
        }

        @Test
        void enablingIsRefusedAtTheFirstMissingStep() {
            assertRefused(
                    Reason.NOT_INSTALLED, INSTALL, () -> Installation.enable(InstallState.empty(), PLUGIN, ALICE));
            Fix enable = new Fix.Enable(PLUGIN, ALICE);
            assertEquals(
                    List.of(TRUST, CONSENT, enable),
                    assertRefused(
                                    Reason.NOT_TRUSTED,
                                    TRUST,
                                    () -> Installation.enable(installed(CODE_1), PLUGIN, ALICE))
                            .fixes(),
                    "the whole chain the enable needs");
            assertEquals(
                    List.of(CONSENT, enable),
                    assertRefused(
                                    Reason.NOT_CONSENTED,
                                    CONSENT,
                                    () -> Installation.enable(trusted(CODE_1), PLUGIN, ALICE))
                            .fixes());
            InstallState bare = Installation.trust(
                    Installation.install(InstallState.empty(), PLUGIN, record(CODE_1, Optional.empty())),
                    PLUGIN,
                    CODE_1);
            assertRefused(Reason.NO_MANIFEST, TRUST, () -> Installation.enable(bare, PLUGIN, ALICE));
        }

        @Test
        void enablingNewCodeIsRefusedUntilItIsTrustedAndItsDisclosureConsented() {
            InstallState s = Installation.update(enabled(CODE_1), PLUGIN, record(CODE_2));
            assertRefused(Reason.NOT_TRUSTED, TRUST, () -> Installation.enable(s, PLUGIN, ALICE));
            InstallState trusted = Installation.trust(s, PLUGIN, CODE_2);
            assertRefused(Reason.NOT_CONSENTED, CONSENT, () -> Installation.enable(trusted, PLUGIN, ALICE));
        }

        @Test
        void disablingOneAgentLeavesTheOthersEnabled() {
            InstallState s = Installation.enable(enabled(CODE_1), PLUGIN, BOB);
            InstallState disabled = Installation.disable(s, PLUGIN, ALICE);
            assertEquals(Set.of("bob"), plugin(disabled).enabledAgents());
            assertEquals(InstallStage.CONSENTED, Installation.stage(disabled, PLUGIN, AGENT));
        }

        @Test
        void disablingAllAgentsClearsTheAgentsAndTheFlag() {
            InstallState s = Installation.enable(
                    Installation.enable(enabled(CODE_1), PLUGIN, BOB), PLUGIN, new AgentScope.All());
            InstallState disabled = Installation.disable(s, PLUGIN, new AgentScope.All());
            assertEquals(Set.of(), plugin(disabled).enabledAgents());
            assertFalse(plugin(disabled).enabledAllAgents());
        }

        @Test
        void disablingOneAgentDoesNotOverrideEnablingForAll() {
            InstallState s = Installation.enable(enabled(CODE_1), PLUGIN, new AgentScope.All());
            InstallState disabled = Installation.disable(s, PLUGIN, ALICE);
            assertEquals(InstallStage.ENABLED, Installation.stage(disabled, PLUGIN, AGENT));
        }

        @Test
        void disablingAnAgentThatWasNotEnabledIsNotAnError() {
            InstallState s = enabled(CODE_1);
            assertEquals(s, Installation.disable(s, PLUGIN, BOB));
        }

        @Test
        void disablingWhatIsNotInstalledIsRefused() {
            assertRefused(
                    Reason.NOT_INSTALLED, INSTALL, () -> Installation.disable(InstallState.empty(), PLUGIN, ALICE));
        }
    }

    @Nested
    class StageAndLaunch {

        @Test
        void eachStageReadsAsItsWord() {
            assertEquals(
                    List.of("not installed", "untrusted", "trusted", "consented", "enabled"),
                    List.of(InstallStage.values()).stream()
                            .map(InstallStage::word)
                            .toList());
        }

        @Test
        void eachStageBeforeEnabledRefusesTheLaunchWithItsFailure() {
            assertEquals(
                    new LaunchVerdict.Refused(new HostFailure.NotInstalled(PLUGIN, Installation.INSTALL_FIX)),
                    Installation.launch(InstallState.empty(), PLUGIN, AGENT));
            assertEquals(
                    new LaunchVerdict.Refused(new HostFailure.NotTrusted(PLUGIN, AGENT)),
                    Installation.launch(installed(CODE_1), PLUGIN, AGENT));
            assertEquals(
                    new LaunchVerdict.Refused(new HostFailure.NotConsented(PLUGIN, AGENT)),
                    Installation.launch(trusted(CODE_1), PLUGIN, AGENT));
            assertEquals(
                    new LaunchVerdict.Refused(new HostFailure.NotEnabled(PLUGIN, AGENT)),
                    Installation.launch(consented(CODE_1), PLUGIN, AGENT));
        }

        @Test
        void anEnabledPluginLaunchesItsCurrentCodeWithItsValidatedManifestAndConsentDigest() {
            InstallState s = enabled(CODE_1);
            assertEquals(
                    new LaunchVerdict.Allowed(record(CODE_1), InstallFixtures.manifest(), consentDigest(s)),
                    Installation.launch(s, PLUGIN, AGENT));
        }

        @Test
        void aRecordedManifestThatNoLongerValidatesReadsAsNotConsented() {
            InstallState s = Installation.recordManifest(enabled(CODE_1), PLUGIN, CODE_1, BROKEN);
            assertEquals(InstallStage.TRUSTED, Installation.stage(s, PLUGIN, AGENT));
            assertEquals(Optional.empty(), Installation.consentDigest(s, PLUGIN));
            assertEquals(
                    new LaunchVerdict.Refused(new HostFailure.NotConsented(PLUGIN, AGENT)),
                    Installation.launch(s, PLUGIN, AGENT));
        }

        @Test
        void aTrustedInstallWithoutAManifestReadsAsTrustedAndHasNoConsentDigest() {
            InstallState s = Installation.trust(
                    Installation.install(InstallState.empty(), PLUGIN, record(CODE_1, Optional.empty())),
                    PLUGIN,
                    CODE_1);
            assertEquals(InstallStage.TRUSTED, Installation.stage(s, PLUGIN, AGENT));
            assertEquals(Optional.empty(), Installation.consentDigest(s, PLUGIN));
        }

        @Test
        void aDirectoryPluginsManifestIsValidatedAsADirectoryPlugin() {
            InstallRecord tree = new InstallRecord(
                    CODE_1,
                    ArtifactShape.TREE,
                    "bin/echo",
                    InstallSource.path("/src"),
                    Optional.of(InstallFixtures.recorded()),
                    SignatureCheck.unsigned(),
                    T0);
            InstallState s =
                    Installation.trust(Installation.install(InstallState.empty(), PLUGIN, tree), PLUGIN, CODE_1);
            // docs/protocol.md#the-manifest: a plugin directory's manifest must name its entry
            assertEquals(Optional.empty(), Installation.consentDigest(s, PLUGIN));
            InstallState withEntry =
                    Installation.recordManifest(s, PLUGIN, CODE_1, edited(d -> d.put("entry", "bin/echo")));
            assertTrue(Installation.consentDigest(withEntry, PLUGIN).isPresent());
        }
    }

    /** The consent digest covers every disclosed field: change one, and consent must be given again. */
    @Nested
    class ChangedDisclosure {
        private static final Map<String, RecordedManifest> CHANGES = Map.ofEntries(
                Map.entry(
                        "a network destination",
                        edited(d -> d.put(
                                "network", Map.of("destinations", List.of("api.example.com", "evil.example.com"))))),
                Map.entry("a hook", edited(d -> d.put("hooks", List.of("route.skills", "classify.page")))),
                Map.entry("a policy hook", edited(d -> d.remove("policy_hooks"))),
                Map.entry("an event", edited(d -> d.put("events", List.of("session-start", "session-end")))),
                Map.entry("an env name", edited(d -> d.put("env_required", List.of(Map.of("name", "ECHO_LEVEL"))))),
                Map.entry(
                        "a method",
                        edited(d -> d.put("capabilities", InstallFixtures.plus(d.get("capabilities"), "agent/stop")))),
                Map.entry(
                        "a subject kind",
                        edited(d ->
                                d.put("capabilities", List.of("agent/run", "$/ping", "subject_kind:note", "$ui/web")))),
                Map.entry(
                        "a flag",
                        edited(d -> d.put("capabilities", List.of("agent/run", "$/ping", "subject_kind:task")))),
                Map.entry(
                        "a secret",
                        edited(d -> d.put("secrets", List.of(Map.of("name", "echo.key", "env", "ECHO_TOKEN"))))),
                Map.entry(
                        "a secret's variable",
                        edited(d -> d.put("secrets", List.of(Map.of("name", "echo.token", "env", "OTHER_TOKEN"))))),
                Map.entry("the kind", edited(d -> d.put("plugin_kind", "custom"))),
                Map.entry("an extra kind", edited(d -> d.put("plugin_kinds", List.of("subject_backend", "queue")))),
                Map.entry("data sent", edited(d -> d.put("data_sent", List.of("prompt text", "file contents")))));

        @Test
        void changingAnyDisclosedFieldChangesTheConsentDigestToADigestOfItsOwn() {
            InstallState s = enabled(CODE_1);
            Set<String> digests = new HashSet<>(Set.of(consentDigest(s)));
            CHANGES.forEach((what, manifest) -> {
                InstallState changed = Installation.recordManifest(s, PLUGIN, CODE_1, manifest);
                assertTrue(digests.add(consentDigest(changed)), "changing " + what + " kept a known digest");
            });
        }

        @Test
        void changingAnyDisclosedFieldReadsAsNotConsentedUntilConsentedAgain() {
            InstallState s = enabled(CODE_1);
            CHANGES.forEach((what, manifest) -> {
                InstallState changed = Installation.recordManifest(s, PLUGIN, CODE_1, manifest);
                assertEquals(InstallStage.TRUSTED, Installation.stage(changed, PLUGIN, AGENT), what);
                assertEquals(
                        new LaunchVerdict.Refused(new HostFailure.NotConsented(PLUGIN, AGENT)),
                        Installation.launch(changed, PLUGIN, AGENT),
                        what);
                InstallState again = Installation.consent(changed, PLUGIN, consentDigest(changed), T0);
                assertEquals(InstallStage.ENABLED, Installation.stage(again, PLUGIN, AGENT), what);
                assertInstanceOf(LaunchVerdict.Allowed.class, Installation.launch(again, PLUGIN, AGENT), what);
                assertEquals(
                        plugin(s).consentGrants(), plugin(again).consentGrants().subList(0, 1), what);
            });
        }

        @Test
        void changingWhatIsNotDisclosedKeepsTheConsent() {
            InstallState s = enabled(CODE_1);
            InstallState changed = Installation.recordManifest(s, PLUGIN, CODE_1, edited(d -> {
                d.put("description", "another description");
                d.put("version", "9.9.9");
                d.put("timeouts", Map.of("launch", "5s"));
                d.put("env_required", List.of(Map.of("name", "ECHO_MODE", "required", true, "sensitive", true)));
                d.put("secrets", List.of(Map.of("name", "echo.token", "description", "the API token")));
            }));
            assertEquals(consentDigest(s), consentDigest(changed));
            assertEquals(InstallStage.ENABLED, Installation.stage(changed, PLUGIN, AGENT));
        }

        @Test
        void newCodeWithTheSameManifestNeedsItsOwnConsent() {
            InstallState s =
                    Installation.trust(Installation.update(enabled(CODE_1), PLUGIN, record(CODE_2)), PLUGIN, CODE_2);
            assertNotEquals(consentDigest(enabled(CODE_1)), consentDigest(s));
            assertEquals(InstallStage.TRUSTED, Installation.stage(s, PLUGIN, AGENT));
            s = Installation.consent(s, PLUGIN, consentDigest(s), T0);
            assertEquals(InstallStage.CONSENTED, Installation.stage(s, PLUGIN, AGENT));
            s = Installation.enable(s, PLUGIN, ALICE);
            assertEquals(InstallStage.ENABLED, Installation.stage(s, PLUGIN, AGENT));
            assertEquals(2, plugin(s).consentGrants().size());
        }
    }
}
