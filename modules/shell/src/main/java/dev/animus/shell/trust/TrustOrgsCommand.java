package dev.animus.shell.trust;

import dev.animus.runtime.Owners;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Layout;
import dev.animus.shell.render.Table;
import dev.animus.shell.render.Terminal;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code animus trust-orgs list | revoke <org>}: trust-on-first-use decisions about GitHub owners. */
@Command(
        name = "trust-orgs",
        mixinStandardHelpOptions = true,
        description = {
            "List and revoke the GitHub owners you trust.",
            "",
            "GitHub owners you allowed to publish plugins to this machine (trust on first use), with how",
            "and when. Revoking one makes the next install from it ask again."
        },
        footerHeading = "%nExamples:%n",
        footer = {"  animus trust-orgs list", "  animus trust-orgs revoke acme"})
public final class TrustOrgsCommand implements Runnable {

    @ParentCommand
    AnimusCommand root;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "missing subcommand: list or revoke");
    }

    @Command(
            name = "list",
            aliases = "ls",
            mixinStandardHelpOptions = true,
            description = "List the trusted GitHub owners.",
            footerHeading = "%nExamples:%n",
            footer = {"  animus trust-orgs list --json"})
    public static final class ListOrgs implements Callable<Integer> {
        @ParentCommand
        TrustOrgsCommand parent;

        @Override
        public Integer call() {
            AnimusCommand root = parent.root;
            List<Owners.Decision> all = OrgTrust.store(root).list();
            Terminal t = root.terminal();
            if (root.json) {
                var env = Terminal.envelope("trust-orgs.list");
                var list = env.putArray("orgs");
                all.forEach(d -> list.addObject()
                        .put("org", d.owner())
                        .put("how", d.how())
                        .put("decided_at", d.decidedAt().toString()));
                t.printJson(env);
            } else if (all.isEmpty()) {
                t.result("no GitHub owner is trusted yet");
            } else {
                Layout layout = root.layout();
                Table table = Table.of("ORG", "HOW", "DECIDED AT");
                all.forEach(d -> table.row(d.owner(), d.how(), layout.time(d.decidedAt())));
                table.print(t.out(), layout);
            }
            return ExitCodes.OK;
        }
    }

    @Command(
            name = "revoke",
            aliases = "rm",
            mixinStandardHelpOptions = true,
            description = "Forget a trusted GitHub owner.",
            footerHeading = "%nExamples:%n",
            footer = {"  animus trust-orgs revoke acme"})
    public static final class Revoke implements Callable<Integer> {
        @ParentCommand
        TrustOrgsCommand parent;

        @Parameters(index = "0", paramLabel = "<org>", description = "The GitHub owner.")
        String org;

        @Override
        public Integer call() {
            AnimusCommand root = parent.root;
            if (!OrgTrust.store(root).revoke(org)) {
                throw new CommandFailed(
                        ExitCodes.USAGE,
                        "org_not_trusted",
                        "GitHub owner " + org + " is not trusted ('animus trust-orgs" + " list' shows who is)");
            }
            if (root.json) {
                root.terminal().printJson(Terminal.envelope("trust-orgs.revoke").put("org", org));
            } else {
                root.terminal().out().println("revoked GitHub owner " + org + "; the next install from it asks again");
                root.terminal().out().flush();
            }
            return ExitCodes.OK;
        }
    }
}
