package dev.animus.sigstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every case of the sigstore-conformance bundle-verify suite: each {@code _fail} case is rejected, every other verifies. */
class SigstoreConformanceTest {
    static final Clock NOW = Clock.fixed(Instant.parse("2026-12-01T00:00:00Z"), ZoneOffset.UTC);

    static List<ConformanceCase> cases() {
        return ConformanceCase.all();
    }

    @Test
    void theSuiteIsThere() {
        assertTrue(cases().size() >= 50, "conformance cases found: " + cases().size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void eachCaseHasTheExpectedOutcome(ConformanceCase c) throws IOException {
        if (c.mustFail()) {
            VerificationFailed failure =
                    assertThrows(VerificationFailed.class, () -> verify(c), c.name() + " verified");
            System.out.println(c.name() + ": " + failure.reason() + ": " + failure.getMessage());
        } else {
            try {
                Verified verified = verify(c);
                assertEquals(c.key().isEmpty(), verified.identity().isPresent());
            } catch (VerificationFailed e) {
                fail(c.name() + " was rejected: " + e.reason() + ": " + e.getMessage(), e);
            }
        }
    }

    static Verified verify(ConformanceCase c) throws IOException {
        TrustedRoot root = c.trustedRoot().map(TrustedRoot::read).orElseGet(TrustedRoot::production);
        Bundle bundle = Bundle.parse(Files.readAllBytes(c.bundle()), c.bundle().toString());
        VerificationPolicy policy = c.key().isPresent()
                ? KeyPolicy.fromPem(Files.readString(c.key().get()))
                : IdentityPolicy.exact(c.identity(), c.issuer());
        byte[] digest = Crypto.sha256(Files.readAllBytes(c.artifact()));
        return new SigstoreVerifier(root, NOW).verify(bundle, digest, policy);
    }
}
