package dev.animus.store;

import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The operator's decision to trust a GitHub owner on first use (docs/security.md#install-guards):
 * releases of this owner's repositories may be installed without asking again.
 *
 * @param org the owner's login, lower-cased here (GitHub logins are case-insensitive): 1 to 39
 *     ASCII letters, digits or {@code -}, not starting with {@code -}
 * @param how how the operator decided: {@value #PROMPT} (answered yes when asked),
 *     {@value #ALLOW_ORG} ({@code --allow-org OWNER}) or {@value #YES} ({@code --yes})
 * @param decidedAt when
 */
public record OrgDecision(String org, String how, Instant decidedAt) {
    /** The operator answered yes when asked. */
    public static final String PROMPT = "prompt";
    /** The operator passed {@code --allow-org OWNER}. */
    public static final String ALLOW_ORG = "allow-org";
    /** The operator passed {@code --yes}. */
    public static final String YES = "yes";

    private static final Set<String> HOWS = Set.of(PROMPT, ALLOW_ORG, YES);
    private static final Pattern LOGIN = Pattern.compile("[a-z0-9][a-z0-9-]{0,38}");

    /** @throws IllegalArgumentException when {@code org} is not a GitHub login or {@code how} is not one of the three */
    public OrgDecision {
        org = key(Objects.requireNonNull(org, "org"));
        Objects.requireNonNull(how, "how");
        Objects.requireNonNull(decidedAt, "decidedAt");
        if (!isLogin(org)) {
            throw new IllegalArgumentException(LockfileText.quote(org)
                    + " is not a GitHub owner (1 to 39 letters, digits or '-', not starting with '-')");
        }
        if (!HOWS.contains(how)) {
            throw new IllegalArgumentException(LockfileText.quote(how) + " is not how an owner is trusted (one of "
                    + PROMPT + ", " + ALLOW_ORG + ", " + YES + ")");
        }
    }

    /** {@code org} as decisions are keyed: lower case. */
    static String key(String org) {
        return org.toLowerCase(Locale.ROOT);
    }

    /** Whether {@code org}, lower-cased, is a GitHub login. */
    static boolean isLogin(String org) {
        return LOGIN.matcher(key(org)).matches();
    }
}
