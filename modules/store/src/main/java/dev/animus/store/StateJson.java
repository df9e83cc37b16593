package dev.animus.store;

import dev.animus.core.ConsentGrant;
import dev.animus.core.InstallRecord;
import dev.animus.core.InstallSource;
import dev.animus.core.InstallState;
import dev.animus.core.PluginState;
import dev.animus.core.SignatureCheck;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.util.DefaultIndenter;
import tools.jackson.core.util.DefaultPrettyPrinter;
import tools.jackson.core.util.Separators;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The JSON form of the state document (docs/security.md#the-state-document): snake_case keys in the
 * fixed order of the key lists below, pretty-printed with two-space indents, UTF-8, one trailing
 * newline. Plugins and the sets in a plugin are sorted; consent grants keep grant order; a manifest
 * keeps its own key order. Absent values are written as {@code null}, so every key is always
 * present.
 *
 * <p>Stateless and thread-safe.
 */
final class StateJson {
    static final List<String> TOP_KEYS = List.of("schema_version", "revision", "plugins");
    static final List<String> PLUGIN_KEYS = List.of(
            "current",
            "previous",
            "trusted_digests",
            "consent_grants",
            "enabled_agents",
            "enabled_all_agents",
            "trusted_interpreters",
            "subject_aliases");
    /** Keys a document written before they existed may lack: read as empty, always written. */
    static final List<String> PLUGIN_KEYS_ADDED = List.of("trusted_interpreters", "subject_aliases");

    static final List<String> INTERPRETER_KEYS = List.of("path", "arguments");
    static final List<String> RECORD_KEYS =
            List.of("digest", "shape", "entry", "source", "manifest", "signature", "installed_at");
    static final List<String> SOURCE_KEYS = List.of("kind", "origin", "tag", "asset", "sha256_verified");
    static final List<String> SIGNATURE_KEYS = List.of("status", "bundle_sha256", "signer");
    static final List<String> GRANT_KEYS = List.of("digest", "granted_at");

    /** Strict on the way in: a duplicated key or anything after the document is not a state document. */
    static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY, DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final ObjectWriter WRITER = MAPPER.writer().with(printer());

    private StateJson() {}

    /**
     * The document for {@code state}, ready to be written.
     *
     * @throws IllegalArgumentException when a manifest holds a number JSON cannot carry (NaN, infinity)
     */
    static byte[] encode(InstallState state) {
        ObjectNode root = NODES.objectNode();
        root.put("schema_version", state.schemaVersion());
        root.put("revision", state.revision());
        ObjectNode plugins = root.putObject("plugins");
        state.plugins().forEach((name, plugin) -> plugins.set(name, plugin(plugin)));
        byte[] json = WRITER.writeValueAsBytes(root);
        byte[] document = Arrays.copyOf(json, json.length + 1);
        document[json.length] = '\n';
        return document;
    }

    private static ObjectNode plugin(PluginState p) {
        ObjectNode n = NODES.objectNode();
        n.set("current", record(p.current()));
        n.set("previous", record(p.previous()));
        ArrayNode trusted = n.putArray("trusted_digests");
        p.trustedDigests().forEach(trusted::add);
        ArrayNode grants = n.putArray("consent_grants");
        for (ConsentGrant g : p.consentGrants()) {
            grants.addObject()
                    .put("digest", g.digest())
                    .put("granted_at", g.grantedAt().toString());
        }
        ArrayNode agents = n.putArray("enabled_agents");
        p.enabledAgents().forEach(agents::add);
        n.put("enabled_all_agents", p.enabledAllAgents());
        ObjectNode interpreters = n.putObject("trusted_interpreters");
        p.interpreters().forEach((digest, interpreter) -> {
            ObjectNode i = interpreters.putObject(digest);
            i.put("path", interpreter.path());
            ArrayNode args = i.putArray("arguments");
            interpreter.arguments().forEach(args::add);
        });
        ArrayNode aliases = n.putArray("subject_aliases");
        p.subjectAliases().forEach(aliases::add);
        return n;
    }

    private static JsonNode record(Optional<InstallRecord> slot) {
        if (slot.isEmpty()) {
            return NODES.nullNode();
        }
        InstallRecord r = slot.get();
        ObjectNode n = NODES.objectNode();
        n.put("digest", r.digest());
        n.put("shape", r.shape().word());
        n.put("entry", r.entry());
        n.set("source", source(r.source()));
        n.set("manifest", r.manifest().map(m -> manifestValue(m.document())).orElseGet(NODES::nullNode));
        n.set("signature", signature(r.signature()));
        n.put("installed_at", r.installedAt().toString());
        return n;
    }

    private static ObjectNode signature(SignatureCheck check) {
        ObjectNode n = NODES.objectNode();
        n.put("status", check.word());
        n.set(
                "bundle_sha256",
                check.bundleSha256().<JsonNode>map(NODES::stringNode).orElseGet(NODES::nullNode));
        n.set("signer", check.signer().<JsonNode>map(NODES::stringNode).orElseGet(NODES::nullNode));
        return n;
    }

    private static ObjectNode source(InstallSource s) {
        ObjectNode n = NODES.objectNode();
        n.put("kind", s.kind().word());
        n.put("origin", s.origin());
        n.set("tag", s.tag().<JsonNode>map(NODES::stringNode).orElseGet(NODES::nullNode));
        n.set("asset", s.asset().<JsonNode>map(NODES::stringNode).orElseGet(NODES::nullNode));
        n.put("sha256_verified", s.sha256Verified());
        return n;
    }

    /** A value of a manifest document, as {@link dev.animus.core.RecordedManifest} allows them. */
    private static JsonNode manifestValue(Object value) {
        return switch (value) {
            case Map<?, ?> map -> {
                ObjectNode n = NODES.objectNode();
                map.forEach((k, v) -> n.set(String.valueOf(k), manifestValue(v)));
                yield n;
            }
            case List<?> list -> {
                ArrayNode n = NODES.arrayNode(list.size());
                list.forEach(v -> n.add(manifestValue(v)));
                yield n;
            }
            case String s -> NODES.stringNode(s);
            case Boolean b -> NODES.booleanNode(b);
            case Integer i -> NODES.numberNode(i.intValue());
            case Long l -> NODES.numberNode(l.longValue());
            case Short s -> NODES.numberNode(s.intValue());
            case Byte b -> NODES.numberNode(b.intValue());
            case BigInteger i -> NODES.numberNode(i);
            case BigDecimal d -> NODES.numberNode(d);
            case Double d -> NODES.numberNode(finite(d));
            case Float f -> NODES.numberNode(finite(f.doubleValue()));
            case Number other -> NODES.numberNode(decimal(other));
            default ->
                throw new IllegalArgumentException("a manifest document holds a "
                        + value.getClass().getSimpleName() + ", which JSON cannot carry");
        };
    }

    private static double finite(double d) {
        if (!Double.isFinite(d)) {
            throw new IllegalArgumentException("a manifest document holds " + d + ", which JSON cannot carry");
        }
        return d;
    }

    private static BigDecimal decimal(Number n) {
        try {
            return new BigDecimal(n.toString());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("a manifest document holds " + n + ", which JSON cannot carry", e);
        }
    }

    private static DefaultPrettyPrinter printer() {
        Separators separators = Separators.createDefaultInstance()
                .withObjectNameValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("")
                .withArrayEmptySeparator("");
        DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
        return new DefaultPrettyPrinter(separators).withObjectIndenter(indenter).withArrayIndenter(indenter);
    }
}
