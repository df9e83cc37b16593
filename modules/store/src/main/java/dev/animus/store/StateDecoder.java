package dev.animus.store;

import dev.animus.core.ArtifactShape;
import dev.animus.core.ConsentGrant;
import dev.animus.core.Digests;
import dev.animus.core.InstallRecord;
import dev.animus.core.InstallSource;
import dev.animus.core.InstallState;
import dev.animus.core.Interpreter;
import dev.animus.core.PluginState;
import dev.animus.core.RecordedManifest;
import dev.animus.core.SignatureCheck;
import dev.animus.core.SignatureStatus;
import dev.animus.core.SourceKind;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.JsonNode;

/**
 * Reads the state document ({@link StateJson} describes the form) and fails closed: anything but a
 * complete document of a known schema, with every field present and of the right shape, is a
 * {@link DocumentUnreadable} naming the file and the field. The schema is checked first, so a newer
 * document says "upgrade" rather than complaining about a field it does not know.
 *
 * <p>Manifest numbers come back as {@code Integer} when they fit, else {@code Long}, else
 * {@code BigInteger}; fractions as {@code Double}.
 *
 * <p>Stateless and thread-safe; pure (no I/O).
 */
final class StateDecoder {
    private StateDecoder() {}

    /** The state in {@code bytes}, read from {@code file}. */
    static InstallState decode(byte[] bytes, Path file) {
        DocumentNode root = DocumentNode.root(file, parse(bytes, file));
        long version = root.field("schema_version").whole(Long.MIN_VALUE, Long.MAX_VALUE);
        if (version != InstallState.SCHEMA_VERSION) {
            throw DocumentUnreadable.schema(file, version);
        }
        Map<String, DocumentNode> top = root.fields(StateJson.TOP_KEYS);
        long revision = top.get("revision").whole(0, Long.MAX_VALUE);
        TreeMap<String, PluginState> plugins = new TreeMap<>();
        top.get("plugins").entries().forEach((name, node) -> plugins.put(name, plugin(node)));
        return new InstallState(InstallState.SCHEMA_VERSION, revision, plugins);
    }

    private static JsonNode parse(byte[] bytes, Path file) {
        if (bytes.length == 0) {
            throw DocumentUnreadable.syntax(file, "the file is empty (a truncated write?)", null);
        }
        try {
            JsonNode json = StateJson.MAPPER.readTree(bytes);
            if (json == null || json.isMissingNode()) {
                throw DocumentUnreadable.syntax(file, "the file holds no JSON value (a truncated write?)", null);
            }
            return json;
        } catch (JacksonException e) {
            TokenStreamLocation at = e.getLocation();
            String where = at == null || at == TokenStreamLocation.NA
                    ? ""
                    : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
            throw DocumentUnreadable.syntax(file, "not valid JSON" + where + ": " + e.getOriginalMessage(), e);
        }
    }

    private static PluginState plugin(DocumentNode node) {
        Map<String, DocumentNode> f = node.fields(StateJson.PLUGIN_KEYS, StateJson.PLUGIN_KEYS_ADDED);
        Optional<InstallRecord> current = record(f.get("current"));
        Optional<InstallRecord> previous = record(f.get("previous"));
        Set<String> trusted = new LinkedHashSet<>();
        f.get("trusted_digests").elements().forEach(e -> trusted.add(e.digest()));
        List<ConsentGrant> grants = new ArrayList<>();
        f.get("consent_grants").elements().forEach(e -> grants.add(grant(e)));
        Set<String> agents = new LinkedHashSet<>();
        f.get("enabled_agents").elements().forEach(e -> agents.add(e.text()));
        boolean allAgents = f.get("enabled_all_agents").bool();
        Map<String, Interpreter> interpreters = new TreeMap<>();
        DocumentNode recorded = f.get("trusted_interpreters");
        if (recorded != null) {
            recorded.entries().forEach((digest, i) -> interpreters.put(digestKey(i, digest), interpreter(i)));
        }
        List<String> aliases = new ArrayList<>();
        DocumentNode subjectAliases = f.get("subject_aliases");
        if (subjectAliases != null) {
            subjectAliases.elements().forEach(e -> aliases.add(e.text()));
        }
        return node.built(
                () -> new PluginState(current, previous, trusted, grants, agents, allAgents, interpreters, aliases));
    }

    private static String digestKey(DocumentNode node, String key) {
        if (!Digests.isSha256(key)) {
            throw node.unreadable("the key is not a SHA-256 digest (64 lowercase hex digits)");
        }
        return key;
    }

    private static Interpreter interpreter(DocumentNode node) {
        Map<String, DocumentNode> f = node.fields(StateJson.INTERPRETER_KEYS);
        String path = f.get("path").text();
        List<String> arguments = new ArrayList<>();
        f.get("arguments").elements().forEach(e -> arguments.add(e.text()));
        return node.built(() -> new Interpreter(path, arguments));
    }

    private static ConsentGrant grant(DocumentNode node) {
        Map<String, DocumentNode> f = node.fields(StateJson.GRANT_KEYS);
        String digest = f.get("digest").digest();
        Instant grantedAt = f.get("granted_at").instant();
        return node.built(() -> new ConsentGrant(digest, grantedAt));
    }

    private static Optional<InstallRecord> record(DocumentNode node) {
        if (node.isNull()) {
            return Optional.empty();
        }
        Map<String, DocumentNode> f = node.fields(StateJson.RECORD_KEYS);
        String digest = f.get("digest").digest();
        ArtifactShape shape = word(f.get("shape"), ArtifactShape::ofWord, "file or tree");
        String entry = f.get("entry").text();
        if (entry.isBlank()) {
            throw f.get("entry").unreadable("the entry is blank");
        }
        InstallSource source = source(f.get("source"));
        Optional<RecordedManifest> manifest = manifest(f.get("manifest"));
        SignatureCheck signature = signature(f.get("signature"));
        Instant installedAt = f.get("installed_at").instant();
        return Optional.of(
                node.built(() -> new InstallRecord(digest, shape, entry, source, manifest, signature, installedAt)));
    }

    /**
     * The signature check: an object; a bare status word is the form written before signatures were
     * checked (always {@code unsigned}) and is read as that status alone.
     */
    private static SignatureCheck signature(DocumentNode node) {
        if (node.json().isString()) {
            SignatureStatus status = word(node, SignatureStatus::ofWord, "a signature status");
            return node.built(() -> new SignatureCheck(status, Optional.empty(), Optional.empty()));
        }
        Map<String, DocumentNode> f = node.fields(StateJson.SIGNATURE_KEYS);
        SignatureStatus status = word(
                f.get("status"), SignatureStatus::ofWord, "verified, unsigned, invalid, untrusted_signer or skipped");
        Optional<String> bundle = f.get("bundle_sha256").isNull()
                ? Optional.empty()
                : Optional.of(f.get("bundle_sha256").digest());
        Optional<String> signer = f.get("signer").optionalText();
        return node.built(() -> new SignatureCheck(status, bundle, signer));
    }

    private static InstallSource source(DocumentNode node) {
        Map<String, DocumentNode> f = node.fields(StateJson.SOURCE_KEYS);
        SourceKind kind = word(f.get("kind"), SourceKind::ofWord, "path, url or github");
        String origin = f.get("origin").text();
        Optional<String> tag = f.get("tag").optionalText();
        Optional<String> asset = f.get("asset").optionalText();
        boolean verified = f.get("sha256_verified").bool();
        return node.built(() -> new InstallSource(kind, origin, tag, asset, verified));
    }

    private static <T> T word(DocumentNode node, Function<String, Optional<T>> ofWord, String expected) {
        String word = node.text();
        return ofWord.apply(word)
                .orElseThrow(() -> node.unreadable("unknown word \"" + word + "\": expected " + expected));
    }

    /** The manifest document as stored; whether it still validates is the store's question, not the decoder's. */
    private static Optional<RecordedManifest> manifest(DocumentNode node) {
        if (node.isNull()) {
            return Optional.empty();
        }
        if (!node.json().isObject()) {
            throw node.unreadable("expected a manifest object or null");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> document = (Map<String, Object>) manifestValue(node);
        return Optional.of(node.built(() -> new RecordedManifest(document)));
    }

    private static Object manifestValue(DocumentNode node) {
        JsonNode json = node.json();
        return switch (json.getNodeType()) {
            case OBJECT -> {
                Map<String, Object> map = new LinkedHashMap<>();
                node.entries().forEach((k, v) -> map.put(k, manifestValue(v)));
                yield map;
            }
            case ARRAY -> {
                List<Object> list = new ArrayList<>(json.size());
                node.elements().forEach(e -> list.add(manifestValue(e)));
                yield list;
            }
            case STRING -> json.stringValue();
            case BOOLEAN -> json.booleanValue();
            case NUMBER -> number(node);
            case NULL, MISSING, BINARY, POJO ->
                throw node.unreadable(
                        "a manifest value is " + json.getNodeType().name().toLowerCase(Locale.ROOT)
                                + "; a recorded manifest holds only objects, arrays, "
                                + "strings, numbers and booleans");
        };
    }

    private static Number number(DocumentNode node) {
        Number n = node.json().numberValue();
        if (n instanceof Double d && !Double.isFinite(d) || n instanceof Float f && !Float.isFinite(f)) {
            throw node.unreadable("the number " + node.json() + " is out of range");
        }
        return n;
    }
}
