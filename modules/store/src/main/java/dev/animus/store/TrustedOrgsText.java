package dev.animus.store;

import java.nio.charset.StandardCharsets;
import java.util.Collection;

/**
 * Writes the trust-on-first-use decisions as the text of {@code trusted-orgs.toml},
 * deterministically: the header comment, {@code schema_version}, then one {@code [[org]]} table
 * per decision in the order given (the caller sorts by owner).
 *
 * <pre>
 * # trusted-orgs.toml: written by animus; GitHub owners whose releases may be installed (trust on first use).
 * schema_version = 1
 *
 * [[org]]
 * name = "acme"
 * how = "allow-org"
 * decided_at = "2026-11-30T12:00:00Z"
 * </pre>
 */
final class TrustedOrgsText {
    static final int SCHEMA_VERSION = 1;
    static final String HEADER = "# trusted-orgs.toml: written by animus; GitHub owners whose releases may be installed"
            + " (trust on first use).\n";

    private TrustedOrgsText() {}

    /** The file's bytes: UTF-8, {@code \n} line ends. */
    static byte[] render(Collection<OrgDecision> decisions) {
        StringBuilder b = new StringBuilder(HEADER)
                .append("schema_version = ")
                .append(SCHEMA_VERSION)
                .append('\n');
        for (OrgDecision d : decisions) {
            b.append("\n[[org]]\n");
            key(b, "name", d.org());
            key(b, "how", d.how());
            key(b, "decided_at", d.decidedAt().toString());
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void key(StringBuilder b, String key, String value) {
        b.append(key).append(" = ");
        LockfileText.basicString(b, value);
        b.append('\n');
    }
}
