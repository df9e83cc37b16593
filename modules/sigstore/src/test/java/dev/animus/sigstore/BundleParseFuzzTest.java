package dev.animus.sigstore;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.animus.sigstore.VerificationFailed.Reason;
import dev.animus.testsigstore.BundleOptions;
import dev.animus.testsigstore.Signer;
import dev.animus.testsigstore.TestSigstore;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Seeded random inputs into {@link Bundle#parse} and {@link TrustedRoot#parse}: random bytes,
 * random JSON values, and real bundles and roots with random deletions, type changes and flipped
 * bytes inside base64 fields. Each parse returns or throws {@link VerificationFailed} with a
 * parse reason, never another exception; a mutated bundle that parses is verified too, and may
 * only fail with {@link VerificationFailed}.
 */
class BundleParseFuzzTest {
    static final long SEED = Long.getLong("fuzz.seed", System.nanoTime());
    static final Set<Reason> PARSE_REASONS = Set.of(
            Reason.MALFORMED_BUNDLE,
            Reason.UNSUPPORTED_BUNDLE,
            Reason.MALFORMED_TRUSTED_ROOT,
            Reason.UNSUPPORTED_ALGORITHM);
    static final List<String> KEYS = List.of(
            "mediaType",
            "verificationMaterial",
            "tlogEntries",
            "certificate",
            "x509CertificateChain",
            "certificates",
            "publicKey",
            "rawBytes",
            "hint",
            "logIndex",
            "logId",
            "keyId",
            "kindVersion",
            "kind",
            "version",
            "integratedTime",
            "inclusionPromise",
            "signedEntryTimestamp",
            "inclusionProof",
            "rootHash",
            "treeSize",
            "hashes",
            "checkpoint",
            "envelope",
            "canonicalizedBody",
            "timestampVerificationData",
            "rfc3161Timestamps",
            "signedTimestamp",
            "messageSignature",
            "messageDigest",
            "algorithm",
            "digest",
            "signature",
            "dsseEnvelope",
            "payload",
            "payloadType",
            "signatures",
            "sig",
            "tlogs",
            "ctlogs",
            "certificateAuthorities",
            "timestampAuthorities",
            "baseUrl",
            "validFor",
            "start",
            "end",
            "certChain");
    static final List<String> STRINGS = List.of(
            "",
            "x",
            "AAAA",
            "====",
            "0.3",
            "-1",
            "99999999999999999999",
            "application/vnd.dev.sigstore.bundle.v0.3+json",
            "application/vnd.dev.sigstore.bundle+json;version=0.1",
            "application/vnd.dev.sigstore.trustedroot+json;version=0.1",
            "2026-11-30T12:00:00Z",
            "SHA2_256",
            "\u2014",
            "hashedrekord",
            "0.0.1");

    private final SplittableRandom random = new SplittableRandom(SEED);
    private final Map<Reason, Integer> reasons = new EnumMap<>(Reason.class);
    private int parsed;
    private int verified;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void randomInputsOnlyEverFailWithVerificationFailed() throws IOException {
        System.out.println("BundleParseFuzzTest seed: " + SEED + " (rerun with -Dfuzz.seed=" + SEED + ")");
        TestSigstore sigstore = TestSigstore.create(TestSigstoreFailuresTest.NOW);
        String rootJson = sigstore.trustedRootJson();
        TrustedRoot root = TrustedRoot.parse(rootJson.getBytes(StandardCharsets.UTF_8), "fuzz");
        SigstoreVerifier verifier =
                new SigstoreVerifier(root, Clock.fixed(TestSigstoreFailuresTest.NOW.plusSeconds(60), ZoneOffset.UTC));
        List<JsonNode> bundles = templates(sigstore);
        List<JsonNode> roots = List.of(tree(rootJson), tree(production()));
        byte[] digest = Crypto.sha256(TestSigstoreFailuresTest.ARTIFACT);
        IdentityPolicy policy = TestSigstoreFailuresTest.POLICY;
        int inputs = 0;
        for (int i = 0; i < 3_000; i++, inputs++) {
            byte[] bytes = new byte[random.nextInt(200)];
            random.nextBytes(bytes);
            both(bytes, "random bytes " + i);
        }
        for (int i = 0; i < 3_000; i++, inputs++) {
            both(JsonMapper.shared().writeValueAsBytes(randomValue(4)), "random JSON " + i);
        }
        for (int i = 0; i < 5_000; i++, inputs++) {
            JsonNode bundle = mutate(bundles.get(random.nextInt(bundles.size())));
            byte[] json = JsonMapper.shared().writeValueAsBytes(bundle);
            parse(json, "mutated bundle " + i, b -> {
                try {
                    verifier.verify(Bundle.parse(json, "fuzz"), digest, policy);
                    verified++;
                } catch (VerificationFailed expected) {
                    count(expected.reason());
                } catch (RuntimeException e) {
                    throw new AssertionError(
                            "verify threw " + e + " for " + new String(json, StandardCharsets.UTF_8), e);
                }
            });
        }
        for (int i = 0; i < 2_000; i++, inputs++) {
            byte[] json = JsonMapper.shared().writeValueAsBytes(mutate(roots.get(random.nextInt(roots.size()))));
            parseRoot(json, "mutated root " + i);
        }
        System.out.println("BundleParseFuzzTest: " + inputs + " inputs, " + parsed + " parsed, " + verified
                + " mutated bundles still verified, reasons " + reasons);
        assertTrue(inputs >= 10_000);
    }

    private void both(byte[] bytes, String what) {
        parse(bytes, what, b -> {});
        parseRoot(bytes, what);
    }

    private void parse(byte[] bytes, String what, Consumer<Bundle> then) {
        Bundle bundle;
        try {
            bundle = Bundle.parse(bytes, "fuzz");
        } catch (VerificationFailed e) {
            expect(e, what, bytes);
            return;
        } catch (RuntimeException e) {
            throw new AssertionError("Bundle.parse threw " + e + " for " + what + ": " + show(bytes), e);
        }
        parsed++;
        then.accept(bundle);
    }

    private void parseRoot(byte[] bytes, String what) {
        try {
            TrustedRoot.parse(bytes, "fuzz");
            parsed++;
        } catch (VerificationFailed e) {
            expect(e, what, bytes);
        } catch (RuntimeException e) {
            throw new AssertionError("TrustedRoot.parse threw " + e + " for " + what + ": " + show(bytes), e);
        }
    }

    private void expect(VerificationFailed e, String what, byte[] bytes) {
        count(e.reason());
        if (!PARSE_REASONS.contains(e.reason())) {
            fail("parsing " + what + " failed with " + e.reason() + ": " + e.getMessage() + " for " + show(bytes));
        }
    }

    private void count(Reason reason) {
        reasons.merge(reason, 1, Integer::sum);
    }

    private static String show(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8);
    }

    static JsonNode tree(String json) {
        return JsonMapper.shared().readTree(json);
    }

    static String production() throws IOException {
        try (InputStream in = TrustedRoot.class.getResourceAsStream(TrustedRoot.PRODUCTION)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static List<JsonNode> templates(TestSigstore sigstore) throws IOException {
        Signer keyless = sigstore.keyless(TestSigstoreFailuresTest.IDENTITY, TestSigstoreFailuresTest.ISSUER);
        byte[] artifact = TestSigstoreFailuresTest.ARTIFACT;
        BundleOptions defaults = BundleOptions.defaults();
        List<JsonNode> templates = new ArrayList<>();
        for (String version : List.of("0.1", "0.2", "0.3")) {
            templates.add(
                    tree(keyless.bundle(artifact, defaults.withVersion(version).withRfc3161Timestamp(true))));
            templates.add(tree(keyless.dsseBundle(artifact, "tool", defaults.withVersion(version))));
        }
        templates.add(tree(sigstore.managedKey().bundle(artifact)));
        templates.add(tree(Files.readString(
                Path.of("../../conformance/sigstore/bundle-verify/happy-path-v0.3/bundle.sigstore.json"))));
        return templates;
    }

    /** A copy with 1 to 3 random deletions, type changes, or byte flips inside a base64 string. */
    JsonNode mutate(JsonNode template) {
        JsonNode copy = template.deepCopy();
        int mutations = 1 + random.nextInt(3);
        for (int m = 0; m < mutations; m++) {
            List<JsonNode[]> slots = new ArrayList<>();
            collect(copy, slots);
            if (slots.isEmpty()) {
                break;
            }
            JsonNode[] slot = slots.get(random.nextInt(slots.size()));
            JsonNode parent = slot[0];
            String key = slot[1].asString();
            JsonNode current = parent.isObject() ? parent.get(key) : parent.get(Integer.parseInt(key));
            JsonNode replacement = switch (random.nextInt(4)) {
                case 0 -> null;
                case 1 -> randomValue(1);
                case 2 -> current.isString() ? flipBase64(current.asString()) : randomValue(2);
                default -> JsonNodeFactory.instance.stringNode(STRINGS.get(random.nextInt(STRINGS.size())));
            };
            if (parent instanceof ObjectNode object) {
                if (replacement == null) {
                    object.remove(key);
                } else {
                    object.set(key, replacement);
                }
            } else if (parent instanceof ArrayNode array) {
                if (replacement == null) {
                    array.remove(Integer.parseInt(key));
                } else {
                    array.set(Integer.parseInt(key), replacement);
                }
            }
        }
        return copy;
    }

    private static void collect(JsonNode node, List<JsonNode[]> slots) {
        if (node instanceof ObjectNode object) {
            for (Map.Entry<String, JsonNode> property : object.properties()) {
                slots.add(new JsonNode[] {object, JsonNodeFactory.instance.stringNode(property.getKey())});
                collect(property.getValue(), slots);
            }
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                slots.add(new JsonNode[] {array, JsonNodeFactory.instance.stringNode(Integer.toString(i))});
                collect(array.get(i), slots);
            }
        }
    }

    /** The string's base64 content with a few random bytes changed, truncated or extended; else a random string. */
    private JsonNode flipBase64(String text) {
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(text);
        } catch (IllegalArgumentException e) {
            return JsonNodeFactory.instance.stringNode(text + (char) random.nextInt(32, 127));
        }
        if (bytes.length == 0 || random.nextInt(5) == 0) {
            bytes = Arrays.copyOf(bytes, Math.max(0, bytes.length + random.nextInt(-8, 9)));
        }
        for (int i = 0; i < 1 + random.nextInt(3) && bytes.length > 0; i++) {
            bytes[random.nextInt(bytes.length)] ^= (byte) (1 + random.nextInt(255));
        }
        return JsonNodeFactory.instance.stringNode(Base64.getEncoder().encodeToString(bytes));
    }

    JsonNode randomValue(int depth) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        int choice = random.nextInt(depth > 0 ? 9 : 7);
        return switch (choice) {
            case 0 -> f.nullNode();
            case 1 -> f.booleanNode(random.nextBoolean());
            case 2 -> f.numberNode(random.nextLong());
            case 3 -> f.numberNode(random.nextDouble() * 1e6);
            case 4 -> f.numberNode(new BigInteger(100, new Random(random.nextLong())));
            case 5 -> f.stringNode(STRINGS.get(random.nextInt(STRINGS.size())));
            case 6 -> f.stringNode(Base64.getEncoder().encodeToString(randomBytes(random.nextInt(40))));
            case 7 -> {
                ArrayNode array = f.arrayNode();
                for (int i = random.nextInt(4); i > 0; i--) {
                    array.add(randomValue(depth - 1));
                }
                yield array;
            }
            default -> {
                ObjectNode object = f.objectNode();
                for (int i = random.nextInt(5); i > 0; i--) {
                    object.set(KEYS.get(random.nextInt(KEYS.size())), randomValue(depth - 1));
                }
                yield object;
            }
        };
    }

    private byte[] randomBytes(int length) {
        byte[] bytes = new byte[length];
        random.nextBytes(bytes);
        return bytes;
    }
}
