package dev.animus.sigstore;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Who must have signed, for a certificate (keyless) signature: a subject alternative name, exact or
 * as a regular expression (matching the whole name), and the exact OIDC issuer.
 *
 * @param identity the expected name, or the regular expression
 * @param regex whether {@code identity} is a regular expression
 * @param issuer the expected OIDC issuer URL
 */
public record IdentityPolicy(String identity, boolean regex, String issuer) implements VerificationPolicy {
    public IdentityPolicy {
        Objects.requireNonNull(identity, "identity");
        Objects.requireNonNull(issuer, "issuer");
        if (regex) {
            try {
                Pattern.compile(identity);
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException(
                        "the identity regular expression is invalid: " + e.getDescription(), e);
            }
        }
    }

    /** An exact identity and issuer. */
    public static IdentityPolicy exact(String identity, String issuer) {
        return new IdentityPolicy(identity, false, issuer);
    }

    /** An identity regular expression (a whole-name match, not a search) and an exact issuer. */
    public static IdentityPolicy matching(String identityRegex, String issuer) {
        return new IdentityPolicy(identityRegex, true, issuer);
    }

    boolean matches(List<String> names) {
        if (!regex) {
            return names.contains(identity);
        }
        Pattern pattern = Pattern.compile(identity);
        return names.stream().anyMatch(name -> pattern.matcher(name).matches());
    }

    @Override
    public String toString() {
        return (regex ? "identity matching " : "identity ") + identity + " from issuer " + issuer;
    }
}
