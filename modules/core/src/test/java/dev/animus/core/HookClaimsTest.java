package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** At most one handler per hook per agent: enabling a second claimant is refused naming both. */
class HookClaimsTest {
    private static final String OTHER = "skills.pro";

    /** {@link InstallFixtures#PLUGIN} enabled for alice, and {@link #OTHER} (same hooks) consented, not enabled. */
    private static InstallState twoClaimants() {
        InstallState s = InstallFixtures.enabled(InstallFixtures.CODE_1);
        s = Installation.install(s, OTHER, InstallFixtures.record(InstallFixtures.CODE_2));
        s = Installation.trust(s, OTHER, InstallFixtures.CODE_2);
        return Installation.consent(
                s, OTHER, Installation.consentDigest(s, OTHER).orElseThrow(), InstallFixtures.T0);
    }

    @Test
    void theSecondClaimantForOneAgentIsRefusedNamingBoth() {
        InstallState s = twoClaimants();
        InstallationRefused e = assertThrows(
                InstallationRefused.class, () -> Installation.enable(s, OTHER, new AgentScope.One("alice")));
        assertEquals(InstallationRefused.Reason.HOOK_CONFLICT, e.reason());
        assertEquals(
                "plugin skills.pro answers hook route.skills, which plugin echo already answers for agent alice:"
                        + " one plugin answers a hook for an agent",
                e.getMessage());
        assertEquals(List.of(new Fix.Disable("echo", new AgentScope.One("alice"))), e.fixes());
        InstallationRefused all =
                assertThrows(InstallationRefused.class, () -> Installation.enable(s, OTHER, new AgentScope.All()));
        assertTrue(all.getMessage().contains("plugin echo already answers for agent alice"), all.getMessage());
    }

    @Test
    void forDifferentAgentsBothAnswer() {
        InstallState s = Installation.enable(twoClaimants(), OTHER, new AgentScope.One("bob"));
        HookClaims.ForAgent alice = HookClaims.forAgent(s, "alice");
        HookClaims.ForAgent bob = HookClaims.forAgent(s, "bob");
        assertEquals(List.of("echo"), alice.handlers().get(HookId.ROUTE_SKILLS));
        assertEquals(List.of("skills.pro"), bob.handlers().get(HookId.ROUTE_SKILLS));
        assertEquals(List.of("skills.pro"), bob.handlers().get(HookId.COMMAND_RISK));
        assertEquals(Map.of("session-start", List.of("skills.pro")), bob.observers());
        assertEquals(Map.of(), HookClaims.forAgent(s, "carol").handlers());
        // once echo is disabled for alice, skills.pro may take the hook there too
        InstallState moved = Installation.enable(
                Installation.disable(s, "echo", new AgentScope.One("alice")), OTHER, new AgentScope.One("alice"));
        assertEquals(
                List.of("skills.pro"),
                HookClaims.forAgent(moved, "alice").handlers().get(HookId.ROUTE_SKILLS));
    }

    @Test
    void aPluginEnabledForAllAgentsConflictsEverywhere() {
        InstallState s = Installation.enable(twoClaimants(), "echo", new AgentScope.All());
        InstallationRefused e =
                assertThrows(InstallationRefused.class, () -> Installation.enable(s, OTHER, new AgentScope.One("zed")));
        assertTrue(e.getMessage().endsWith("already answers for all agents: one plugin answers a hook for an agent"));
        assertEquals(List.of(new Fix.Disable("echo", new AgentScope.All())), e.fixes());
        // a plugin that declares no hook is never refused
        InstallState plain = Installation.install(
                s,
                "plain",
                InstallFixtures.record(InstallFixtures.CODE_3, java.util.Optional.of(InstallFixtures.edited(d -> {
                    d.remove("hooks");
                    d.remove("policy_hooks");
                }))));
        plain = Installation.trust(plain, "plain", InstallFixtures.CODE_3);
        plain = Installation.consent(
                plain, "plain", Installation.consentDigest(plain, "plain").orElseThrow(), InstallFixtures.T0);
        assertEquals(
                InstallStage.ENABLED,
                Installation.stage(Installation.enable(plain, "plain", new AgentScope.One("zed")), "plain", "zed"));
    }
}
