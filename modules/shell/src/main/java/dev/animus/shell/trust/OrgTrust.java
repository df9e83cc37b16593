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

    /** Returns when {@code owner} may publish plugins to this machine; records a first decision. */
    public static void require(AnimusCommand root, String owner, Optional<String> allowOrg, boolean yes) {
        Owners orgs = store(root);
        if (orgs.find(owner).isPresent()) {
            return;
        }
        Owners.How how;
        if (allowOrg.map(o -> o.toLowerCase(Locale.ROOT)).filter(owner::equals).isPresent()) {
            how = Owners.How.ALLOW_ORG;
        } else if (yes) {
            how = Owners.How.YES;
        } else {
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
            how = Owners.How.PROMPT;
        }
        orgs.trust(owner, how);
        root.terminal()
                .info("trusted GitHub owner " + owner + " (" + how.word() + "); 'animus trust-orgs revoke " + owner
                        + "' undoes it");
    }
}
