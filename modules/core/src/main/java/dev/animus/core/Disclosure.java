package dev.animus.core;

import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * What a plugin discloses and the operator consents to (docs/lifecycle.md#installation-lifecycle):
 * the exact code, the roles it serves, what it offers, which advice it gives, where it talks to,
 * what data leaves the machine, and which variables and secrets it receives. The operator's consent
 * is keyed by {@link #digest()}; any change to any of these fields changes it, so a changed plugin
 * matches no earlier grant and reads as "not consented".
 *
 * <p>Every list is sorted and deduplicated, so the order in which a manifest lists things does not
 * change the disclosure. No value may be empty (a manifest never declares an empty one): that
 * keeps {@link #canonical()} unambiguous. Immutable and thread-safe.
 *
 * @param codeDigest the code digest (SHA-256 of the file, or the tree digest of a directory)
 * @param kinds {@code plugin_kind} and {@code plugin_kinds}, as declared
 * @param capabilities every capability: methods, {@code subject_kind:} markers and {@code $vendor/} flags
 * @param hooks advisory hooks
 * @param policyHooks policy hooks
 * @param events lifecycle events it observes
 * @param networkDestinations {@code host[:port]}, normalised
 * @param dataSent classes of data sent off the machine
 * @param envNames the names of the variables of {@code env_required}
 * @param secretNames each secret as {@code name=ENV}: its name and the variable it is passed as
 */
public record Disclosure(
        String codeDigest,
        List<String> kinds,
        List<String> capabilities,
        List<String> hooks,
        List<String> policyHooks,
        List<String> events,
        List<String> networkDestinations,
        List<String> dataSent,
        List<String> envNames,
        List<String> secretNames) {

    /** The first line of {@link #canonical()}; a new format gets a new version. */
    public static final String FORMAT = "animus-disclosure/1";

    private static final HexFormat HEX = HexFormat.of().withUpperCase();

    /** @throws IllegalArgumentException when {@code codeDigest} is not a SHA-256 digest or a value is empty */
    public Disclosure {
        Digests.requireSha256(codeDigest, "code digest");
        kinds = sortedSet("kinds", kinds);
        capabilities = sortedSet("capabilities", capabilities);
        hooks = sortedSet("hooks", hooks);
        policyHooks = sortedSet("policy_hooks", policyHooks);
        events = sortedSet("events", events);
        networkDestinations = sortedSet("network_destinations", networkDestinations);
        dataSent = sortedSet("data_sent", dataSent);
        envNames = sortedSet("env_names", envNames);
        secretNames = sortedSet("secret_names", secretNames);
    }

    /** What {@code manifest} discloses about the code with digest {@code codeDigest}. */
    public static Disclosure of(String codeDigest, Manifest manifest) {
        Objects.requireNonNull(manifest, "manifest");
        return new Disclosure(
                codeDigest,
                Stream.concat(Stream.of(manifest.kind()), manifest.extraKinds().stream())
                        .map(PluginKind::declared)
                        .toList(),
                manifest.capabilities(),
                manifest.hooks(),
                manifest.policyHooks(),
                manifest.events(),
                manifest.networkDestinations(),
                manifest.dataSent(),
                manifest.envRequired().stream().map(EnvDeclaration::name).toList(),
                manifest.secrets().stream().map(s -> s.name() + "=" + s.env()).toList());
    }

    /**
     * The canonical text the consent digest is computed over. Changing it invalidates every
     * consent ever granted, so it is versioned and fixed:
     *
     * <pre>
     * animus-disclosure/1
     * code_digest=&lt;digest&gt;
     * kinds=&lt;v&gt;,&lt;v&gt;,...
     * capabilities=...
     * hooks=...
     * policy_hooks=...
     * events=...
     * network_destinations=...
     * data_sent=...
     * env_names=...
     * secret_names=...
     * </pre>
     *
     * Every line ends with {@code \n}; values are in sorted order, separated by {@code ,}, and
     * escaped by {@link #escape(String)} so that none contains {@code \n}, {@code ,} or {@code =}.
     * Since every value is non-empty, the text determines the disclosure: two different
     * disclosures never share a canonical text.
     */
    public String canonical() {
        StringBuilder b = new StringBuilder(256).append(FORMAT).append('\n');
        line(b, "code_digest", List.of(codeDigest));
        line(b, "kinds", kinds);
        line(b, "capabilities", capabilities);
        line(b, "hooks", hooks);
        line(b, "policy_hooks", policyHooks);
        line(b, "events", events);
        line(b, "network_destinations", networkDestinations);
        line(b, "data_sent", dataSent);
        line(b, "env_names", envNames);
        line(b, "secret_names", secretNames);
        return b.toString();
    }

    /** The consent digest: {@link ConsentDigest#of(Disclosure)}. */
    public String digest() {
        return ConsentDigest.of(this);
    }

    /**
     * {@code value} with every character that could forge structure replaced by a self-delimiting
     * escape: {@code %}, {@code ,}, {@code =} and control characters (code units up to
     * {@code U+00FF}) become {@code %XX}; the line and paragraph separators {@code U+2028},
     * {@code U+2029} and unpaired surrogates become {@code %uXXXX} (hex upper case). Unpaired
     * surrogates are escaped because UTF-8 cannot encode them: two different ones would otherwise
     * encode alike. The escape is a prefix-free code over UTF-16 code units, hence injective.
     */
    static String escape(String value) {
        StringBuilder b = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            boolean paired = Character.isHighSurrogate(c)
                    && i + 1 < value.length()
                    && Character.isLowSurrogate(value.charAt(i + 1));
            if (paired) {
                b.append(c).append(value.charAt(++i));
            } else if (c == '%' || c == ',' || c == '=' || Character.isISOControl(c)) {
                b.append('%').append(HEX.toHexDigits((byte) c));
            } else if (c == '\u2028' || c == '\u2029' || Character.isSurrogate(c)) {
                b.append("%u").append(HEX.toHexDigits(c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static void line(StringBuilder b, String field, List<String> values) {
        b.append(field).append('=');
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append(escape(values.get(i)));
        }
        b.append('\n');
    }

    private static List<String> sortedSet(String field, List<String> values) {
        List<String> sorted = List.copyOf(new TreeSet<>(List.copyOf(values)));
        if (!sorted.isEmpty() && sorted.getFirst().isEmpty()) {
            throw new IllegalArgumentException("a disclosure's " + field + " holds an empty value");
        }
        return sorted;
    }
}
