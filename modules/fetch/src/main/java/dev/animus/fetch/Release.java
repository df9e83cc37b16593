package dev.animus.fetch;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A GitHub release as the API describes it ({@code GET /repos/{owner}/{repo}/releases/latest} or
 * {@code .../releases/tags/{tag}}): its tag and its assets, in the API's order. Every other field
 * of the API's answer is ignored.
 *
 * @param tag the release's tag ({@code tag_name}), not empty
 * @param assets its assets; no two share a name
 */
public record Release(String tag, List<ReleaseAsset> assets) {
    /** Strict: a duplicated key or anything after the document is not an answer GitHub gives. */
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY, DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private static final String SHA256_PREFIX = "sha256:";

    /** @throws IllegalArgumentException when the tag is empty or two assets share a name */
    public Release {
        Objects.requireNonNull(tag, "tag");
        assets = List.copyOf(Objects.requireNonNull(assets, "assets"));
        if (tag.isEmpty()) {
            throw new IllegalArgumentException("a release needs a tag");
        }
        Set<String> names = new HashSet<>();
        for (ReleaseAsset a : assets) {
            if (!names.add(a.name())) {
                throw new IllegalArgumentException(
                        "the release " + Names.quote(tag) + " has two assets named " + Names.quote(a.name()));
            }
        }
    }

    /**
     * Reads the API's JSON answer. {@code tag_name} and {@code assets} are required; each asset
     * needs {@code name}, {@code browser_download_url} and {@code size}; its {@code digest} is
     * optional ({@code null} or absent for assets uploaded before GitHub computed digests, and a
     * digest of another algorithm than SHA-256 is ignored).
     *
     * @param source where the bytes came from, named in failures (the API URL)
     * @throws ReleaseInvalid naming {@code source} and the field when the answer cannot be used
     */
    public static Release parse(byte[] apiJson, String source) {
        Objects.requireNonNull(apiJson, "apiJson");
        Objects.requireNonNull(source, "source");
        JsonNode root = tree(apiJson, source);
        if (!root.isObject()) {
            throw new ReleaseInvalid(source, "the answer is not a JSON object");
        }
        if (!root.has("tag_name") && root.path("message").isString()) {
            throw new ReleaseInvalid(
                    source,
                    "it is not a release; GitHub said "
                            + Names.quote(root.get("message").stringValue()));
        }
        String tag = text(root, "tag_name", source, "tag_name");
        JsonNode list = root.get("assets");
        if (list == null || !list.isArray()) {
            throw new ReleaseInvalid(source, "assets: " + (list == null ? "is missing" : "must be an array"));
        }
        List<ReleaseAsset> assets = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            assets.add(asset(list.get(i), "assets[" + i + "]", source));
        }
        try {
            return new Release(tag, assets);
        } catch (IllegalArgumentException e) {
            throw new ReleaseInvalid(source, "assets: " + e.getMessage());
        }
    }

    /** The asset called exactly {@code name}. */
    public Optional<ReleaseAsset> asset(String name) {
        Objects.requireNonNull(name, "name");
        return assets.stream().filter(a -> a.name().equals(name)).findFirst();
    }

    private static JsonNode tree(byte[] bytes, String source) {
        try {
            JsonNode root = JSON.readTree(bytes);
            if (root == null || root.isMissingNode()) {
                throw new ReleaseInvalid(source, "the answer is empty");
            }
            return root;
        } catch (JacksonException e) {
            TokenStreamLocation at = e.getLocation();
            String where = at == null || at == TokenStreamLocation.NA
                    ? ""
                    : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
            throw new ReleaseInvalid(
                    source,
                    "the answer is not valid JSON" + where + ": "
                            + Objects.requireNonNullElse(
                                            e.getOriginalMessage(), e.getClass().getSimpleName())
                                    .strip());
        }
    }

    private static ReleaseAsset asset(JsonNode node, String field, String source) {
        if (!node.isObject()) {
            throw new ReleaseInvalid(source, field + ": must be an object");
        }
        String name = text(node, "name", source, field + ".name");
        String at = field + " (" + Names.quote(name) + ")";
        URI url = url(text(node, "browser_download_url", source, at + ".browser_download_url"), source, at);
        JsonNode size = node.get("size");
        if (size == null || !size.isIntegralNumber() || !size.canConvertToLong() || size.longValue() < 0) {
            throw new ReleaseInvalid(
                    source, at + ".size: " + (size == null ? "is missing" : "must be a whole number of bytes"));
        }
        try {
            return new ReleaseAsset(name, url, size.longValue(), digest(node.get("digest"), source, at));
        } catch (IllegalArgumentException e) {
            throw new ReleaseInvalid(source, at + ": " + e.getMessage());
        }
    }

    private static Optional<String> digest(JsonNode digest, String source, String at) {
        if (digest == null || digest.isNull()) {
            return Optional.empty();
        }
        if (!digest.isString() || digest.stringValue().indexOf(':') < 1) {
            throw new ReleaseInvalid(source, at + ".digest: must be a string like sha256:<hex>");
        }
        String value = digest.stringValue();
        if (!value.toLowerCase(Locale.ROOT).startsWith(SHA256_PREFIX)) {
            return Optional.empty();
        }
        return Optional.of(value.substring(SHA256_PREFIX.length()).toLowerCase(Locale.ROOT));
    }

    private static URI url(String text, String source, String at) {
        try {
            return new URI(text);
        } catch (URISyntaxException e) {
            throw new ReleaseInvalid(source, at + ".browser_download_url: " + Names.quote(text) + " is not a URL");
        }
    }

    private static String text(JsonNode node, String key, String source, String field) {
        JsonNode value = node.get(key);
        if (value == null || !value.isString() || value.stringValue().isEmpty()) {
            throw new ReleaseInvalid(
                    source, field + ": " + (value == null ? "is missing" : "must be a non-empty string"));
        }
        return value.stringValue();
    }
}
