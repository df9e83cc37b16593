package dev.animus.runtime;

import dev.animus.store.HomeLayout;
import dev.animus.store.OrgDecision;
import dev.animus.store.TrustedOrgs;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Trust on first use of GitHub owners (docs/security.md#install-guards): the owners this machine
 * trusts, how and when each was decided, kept in {@code <animus_home>/trusted-orgs.toml}. Deciding
 * whether to ask is the front end's; this records and answers.
 *
 * <p>Thread-safe; every call reads the file afresh under its lock.
 */
public final class Owners {
    private final TrustedOrgs orgs;
    private final Supplier<Instant> now;

    Owners(HomeLayout layout, Supplier<Instant> now) {
        this.orgs = new TrustedOrgs(layout.trustedOrgs(), Duration.ofSeconds(10));
        this.now = now;
    }

    /** How an owner came to be trusted, as recorded. */
    public enum How {
        /** The operator answered yes at a prompt. */
        PROMPT(OrgDecision.PROMPT),
        /** The operator named the owner on the command line. */
        ALLOW_ORG(OrgDecision.ALLOW_ORG),
        /** The operator confirmed everything in advance. */
        YES(OrgDecision.YES);

        private final String word;

        How(String word) {
            this.word = word;
        }

        /** The word recorded in the file and shown. */
        public String word() {
            return word;
        }
    }

    /** One trusted owner: who, how it was decided (a {@link How#word()}), and when. */
    public record Decision(String owner, String how, Instant decidedAt) {}

    /** Every trusted owner, in the file's order. */
    public List<Decision> list() {
        return orgs.list().stream().map(Owners::decision).toList();
    }

    /** The decision that trusts {@code owner}, if any. */
    public Optional<Decision> find(String owner) {
        return orgs.find(owner).map(Owners::decision);
    }

    /** Records that {@code owner} is trusted now, decided {@code how}. */
    public Decision trust(String owner, How how) {
        return decision(orgs.record(owner, how.word(), now.get()));
    }

    /** Forgets {@code owner}; false when it was not trusted. */
    public boolean revoke(String owner) {
        return orgs.revoke(owner);
    }

    private static Decision decision(OrgDecision d) {
        return new Decision(d.org(), d.how(), d.decidedAt());
    }
}
