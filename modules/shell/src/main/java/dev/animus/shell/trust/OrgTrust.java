package dev.animus.shell.trust;

import dev.animus.runtime.Owners;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.Confirm;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Terminal;
import java.util.Locale;
import java.util.Optional;

/**
 * Trust-on-first-use of GitHub owners (docs/security.md#install-guards): an owner installed from
 * before passes; an unknown one needs {@code --allow-org OWNER}, {@code --yes}, or a yes at a
 * terminal, and the decision is recorded (how and when) in {@code trusted-orgs.toml}.
 */
public final class OrgTrust {
    private OrgTrust() {}

    static Owners store(AnimusCommand root) {
        return root.animus().owners();
    }

    /**
     * How {@code owner} comes to be trusted by this command: empty when it is trusted already.
     * Nothing is recorded here: the install records the decision only when it succeeds
     * ({@link #announce} then says so), so a failed install leaves the owner untrusted.
     */
    public static Optional<Owners.How> decide(
            AnimusCommand root, String owner, Optional<String> allowOrg, boolean yes) {
        Owners orgs = store(root);
        if (orgs.find(owner).isPresent()) {
            return Optional.empty();
        }
        if (allowOrg.map(o -> o.toLowerCase(Locale.ROOT)).filter(owner::equals).isPresent()) {
            return Optional.of(Owners.How.ALLOW_ORG);
        }
        if (yes) {
            return Optional.of(Owners.How.YES);
        }
        Terminal t = root.terminal();
        if (!t.interactive() || root.context().scriptMode()) {
            throw new CommandFailed(
                    ExitCodes.USAGE,
                    "org_not_trusted",
                    "GitHub owner '" + owner + "' is not trusted yet; pass" + " --allow-org " + owner
                            + " (or --yes) to trust it, after checking who publishes there");
        }
        Confirm.require(
                root,
                false,
                "trust GitHub owner " + owner,
                "Plugins from GitHub owner '" + owner + "' were never installed here. Trust this owner?");
        return Optional.of(Owners.How.PROMPT);
    }

    /** Says that {@code owner} is trusted now, as {@code how} decided, when it was decided by this command. */
    public static void announce(AnimusCommand root, String owner, Optional<Owners.How> how) {
        how.ifPresent(h -> root.terminal()
                .info("trusted GitHub owner " + owner + " (" + h.word() + "); 'animus trust-orgs revoke " + owner
                        + "' undoes it"));
    }
}
