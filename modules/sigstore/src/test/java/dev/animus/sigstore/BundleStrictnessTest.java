package dev.animus.sigstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.animus.sigstore.VerificationFailed.Reason;
import dev.animus.testsigstore.BundleOptions;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Bytes the verifier does not use are still checked: found by long runs of the mutation test, where
 * a padding character turned into data (one trailing byte after a certificate's DER) and a damaged
 * root certificate in a v0.1 chain both verified.
 */
class BundleStrictnessTest {
    static final String IDENTITY = TestSigstoreBundlesTest.IDENTITY;
    static final String ISSUER = TestSigstoreBundlesTest.ISSUER;

    static ObjectNode tree(String bundle) {
        return (ObjectNode) JsonMapper.shared().readTree(bundle);
    }

    static Reason parseFailure(ObjectNode bundle) {
        byte[] json = bundle.toString().getBytes(StandardCharsets.UTF_8);
        return assertThrows(VerificationFailed.class, () -> Bundle.parse(json, "test"))
                .reason();
    }

    static String withTrailingByte(String base64) {
        byte[] der = Base64.getDecoder().decode(base64);
        byte[] longer = Arrays.copyOf(der, der.length + 1);
        return Base64.getEncoder().encodeToString(longer);
    }

    @Test
    void aCertificateWithATrailingByteIsMalformed() {
        ObjectNode bundle = tree(
                TestSigstoreBundlesTest.SIGSTORE.keyless(IDENTITY, ISSUER).bundle(TestSigstoreBundlesTest.ARTIFACT));
        ObjectNode certificate =
                (ObjectNode) bundle.path("verificationMaterial").path("certificate");
        certificate.put(
                "rawBytes", withTrailingByte(certificate.path("rawBytes").asString()));
        assertEquals(Reason.MALFORMED_BUNDLE, parseFailure(bundle));
    }

    @Test
    void aDamagedCertificateAnywhereInAChainIsMalformedThoughOnlyTheLeafIsUsed() {
        ObjectNode bundle = tree(TestSigstoreBundlesTest.SIGSTORE
                .keyless(IDENTITY, ISSUER)
                .bundle(
                        TestSigstoreBundlesTest.ARTIFACT,
                        BundleOptions.defaults().withVersion("0.1")));
        ArrayNode chain = (ArrayNode)
                bundle.path("verificationMaterial").path("x509CertificateChain").path("certificates");
        ObjectNode root = (ObjectNode) chain.get(chain.size() - 1);
        root.put("rawBytes", withTrailingByte(root.path("rawBytes").asString()));
        assertEquals(Reason.MALFORMED_BUNDLE, parseFailure(bundle));
        root.put("rawBytes", "AAAA");
        assertEquals(Reason.MALFORMED_BUNDLE, parseFailure(bundle));
    }
}
