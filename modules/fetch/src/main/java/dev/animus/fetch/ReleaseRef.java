package dev.animus.fetch;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A GitHub release as the operator typed it: {@code owner/repo} (the latest release) or
 * {@code owner/repo@tag}.
 *
 * <p>{@code owner} follows GitHub's login rules: ASCII letters, digits and {@code -}, 1 to 39
 * characters, not starting with {@code -}. {@code repo} is 1 to 100 of ASCII letters, digits,
 * {@code .}, {@code _} and {@code -}, and is neither {@code .} nor {@code ..}. {@code tag} is 1 to
 * 255 characters with no whitespace or control character, and is neither {@code .} nor {@code ..}
 * (either would change the API path it is put in); it is percent-encoded as one path segment
 * wherever it is used in a URL, so a tag like {@code release/1.0} stays one segment.
 */
public record ReleaseRef(String owner, String repo, Optional<String> tag) {
    private static final Pattern OWNER = Pattern.compile("[A-Za-z0-9][A-Za-z0-9-]{0,38}");
    private static final Pattern REPO = Pattern.compile("[A-Za-z0-9._-]{1,100}");
    private static final int TAG_LIMIT = 255;
    private static final String FORM = "expected owner/repo or owner/repo@tag, like acme/animus-plugin-clock@v1.2.0";

    /** @throws IllegalArgumentException when a part breaks the rules above */
    public ReleaseRef {
        Objects.requireNonNull(owner, "owner");
        Objects.requireNonNull(repo, "repo");
        Objects.requireNonNull(tag, "tag");
        if (!OWNER.matcher(owner).matches()) {
            throw new IllegalArgumentException("the GitHub owner " + Names.quote(owner)
                    + " is not a GitHub login (1 to 39 letters, digits or '-', not starting with '-')");
        }
        if (!REPO.matcher(repo).matches() || repo.equals(".") || repo.equals("..")) {
            throw new IllegalArgumentException("the GitHub repository " + Names.quote(repo)
                    + " is not a repository name (1 to 100 letters, digits, '.', '_' or '-')");
        }
        tag.ifPresent(ReleaseRef::checkTag);
    }

    /**
     * Reads {@code owner/repo[@tag]}. The tag is everything after the first {@code @}, so it may
     * itself hold {@code @} and {@code /}.
     *
     * @throws IllegalArgumentException naming {@code text} and the expected form
     */
    public static ReleaseRef parse(String text) {
        Objects.requireNonNull(text, "text");
        int at = text.indexOf('@');
        String slug = at < 0 ? text : text.substring(0, at);
        Optional<String> tag = at < 0 ? Optional.empty() : Optional.of(text.substring(at + 1));
        int slash = slug.indexOf('/');
        if (slash < 0 || slug.indexOf('/', slash + 1) >= 0) {
            throw new IllegalArgumentException("not a GitHub release: " + Names.quote(text) + "; " + FORM);
        }
        try {
            return new ReleaseRef(slug.substring(0, slash), slug.substring(slash + 1), tag);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "not a GitHub release: " + Names.quote(text) + ": " + e.getMessage() + "; " + FORM, e);
        }
    }

    /** The owner in lower case: GitHub logins are case-insensitive, trust decisions are keyed by this. */
    public String ownerKey() {
        return owner.toLowerCase(Locale.ROOT);
    }

    /**
     * The API resource of this release under {@code apiBase} (like {@code https://api.github.com},
     * or a GitHub Enterprise {@code https://ghe.example/api/v3}; a trailing {@code /} is ignored):
     * {@code {base}/repos/{owner}/{repo}/releases/latest}, or {@code .../releases/tags/{tag}} with
     * the tag percent-encoded (UTF-8, every byte but {@code A-Z a-z 0-9 - . _ ~}).
     *
     * @throws IllegalArgumentException when {@code apiBase} is not an absolute URI without query or fragment
     */
    public URI apiUri(URI apiBase) {
        Objects.requireNonNull(apiBase, "apiBase");
        if (!apiBase.isAbsolute()
                || apiBase.getRawQuery() != null
                || apiBase.getRawFragment() != null
                || apiBase.getRawAuthority() == null) {
            throw new IllegalArgumentException("the GitHub API base " + Names.quote(apiBase.toString())
                    + " is not an absolute URL like https://api.github.com");
        }
        String base = apiBase.toString().replaceFirst("/+$", "");
        String release = tag.map(t -> "tags/" + encodeSegment(t)).orElse("latest");
        return URI.create(base + "/repos/" + owner + "/" + repo + "/releases/" + release);
    }

    /** {@code owner/repo} or {@code owner/repo@tag}, as typed. */
    @Override
    public String toString() {
        return owner + "/" + repo + tag.map(t -> "@" + t).orElse("");
    }

    private static void checkTag(String tag) {
        if (tag.isEmpty() || tag.length() > TAG_LIMIT) {
            throw new IllegalArgumentException(
                    "the tag " + Names.quote(tag) + " must be 1 to " + TAG_LIMIT + " characters");
        }
        if (tag.equals(".") || tag.equals("..")) {
            throw new IllegalArgumentException("the tag " + Names.quote(tag) + " is not a tag name");
        }
        if (tag.codePoints()
                .anyMatch(c -> Character.isWhitespace(c) || Character.isSpaceChar(c) || Character.isISOControl(c))) {
            throw new IllegalArgumentException(
                    "the tag " + Names.quote(tag) + " holds whitespace or a control character");
        }
    }

    private static String encodeSegment(String segment) {
        StringBuilder b = new StringBuilder();
        for (byte x : segment.getBytes(StandardCharsets.UTF_8)) {
            int c = x & 0xff;
            if (c >= 'A' && c <= 'Z'
                    || c >= 'a' && c <= 'z'
                    || c >= '0' && c <= '9'
                    || c == '-'
                    || c == '.'
                    || c == '_'
                    || c == '~') {
                b.append((char) c);
            } else {
                b.append('%')
                        .append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        return b.toString();
    }
}
