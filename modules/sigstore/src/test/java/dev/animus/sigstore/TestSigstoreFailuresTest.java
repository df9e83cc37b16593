package dev.animus.sigstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.sigstore.VerificationFailed.Reason;
import dev.animus.testsigstore.BundleOptions;
import dev.animus.testsigstore.Signer;
import dev.animus.testsigstore.TestSigstore;
import dev.animus.testsigstore.TrustedRootOptions;
import dev.animus.testsigstore.ValidFor;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Each deliberate breakage of a {@link TestSigstore} bundle ({@link BundleOptions}) and each
 * alteration of its trusted root ({@link TrustedRootOptions}) fails with its own {@link Reason},
 * and the message names what failed; every correct variant verifies.
 */
class TestSigstoreFailuresTest {
    static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");
    static final String IDENTITY = "https://github.com/acme/tool/.github/workflows/release.yml@refs/tags/v1.0.0";
    static final String ISSUER = "https://token.actions.githubusercontent.com";
    static final TestSigstore SIGSTORE = TestSigstore.create(NOW);
    static final Signer KEYLESS = SIGSTORE.keyless(IDENTITY, ISSUER);
    static final Signer MANAGED = SIGSTORE.managedKey();
    static final byte[] ARTIFACT = "the release".getBytes(StandardCharsets.UTF_8);
    static final IdentityPolicy POLICY = IdentityPolicy.exact(IDENTITY, ISSUER);
    static final BundleOptions DEFAULTS = BundleOptions.defaults();

    static TrustedRoot root(TrustedRootOptions options) {
        return TrustedRoot.parse(SIGSTORE.trustedRootJson(options).getBytes(StandardCharsets.UTF_8), "test");
    }

    static Verified verify(String bundle, VerificationPolicy policy) {
        return verify(bundle, ARTIFACT, policy, TrustedRootOptions.defaults(), NOW.plusSeconds(60));
    }

    static Verified verify(
            String bundle, byte[] artifact, VerificationPolicy policy, TrustedRootOptions root, Instant now) {
        SigstoreVerifier verifier = new SigstoreVerifier(root(root), Clock.fixed(now, ZoneOffset.UTC));
        return verifier.verify(
                Bundle.parse(bundle.getBytes(StandardCharsets.UTF_8), "test"), Crypto.sha256(artifact), policy);
    }

    /** Asserts the reason and that the message mentions {@code naming} (case-insensitive). */
    static VerificationFailed fails(Reason reason, String naming, Executable run) {
        VerificationFailed failure = assertThrows(VerificationFailed.class, run);
        assertEquals(reason, failure.reason(), failure.getMessage());
        assertTrue(
                failure.getMessage().toLowerCase(Locale.ROOT).contains(naming.toLowerCase(Locale.ROOT)),
                "message should name '" + naming + "': " + failure.getMessage());
        return failure;
    }

    static String keyless(BundleOptions options) {
        return KEYLESS.bundle(ARTIFACT, options);
    }

    /** Every version, DSSE and managed-key variant verifies. */
    @Nested
    class CorrectBundles {
        @ParameterizedTest
        @ValueSource(strings = {"0.1", "0.2", "0.3"})
        void eachVersionVerifies(String version) {
            Verified verified = verify(keyless(DEFAULTS.withVersion(version)), POLICY);
            assertEquals(Optional.of(IDENTITY), verified.identity());
            assertEquals(Optional.of(ISSUER), verified.issuer());
        }

        @ParameterizedTest
        @ValueSource(strings = {"0.1", "0.2", "0.3"})
        void dsseVerifiesInEachVersion(String version) {
            verify(KEYLESS.dsseBundle(ARTIFACT, "tool", DEFAULTS.withVersion(version)), POLICY);
        }

        @Test
        void aV03BundleWithOnlyAnInclusionProofAndATimestampVerifies() {
            verify(keyless(DEFAULTS.withIncludePromise(false).withRfc3161Timestamp(true)), POLICY);
        }

        @Test
        void managedKeyBundlesVerifyInEachVersion() {
            for (String version : new String[] {"0.1", "0.2", "0.3"}) {
                verify(
                        MANAGED.bundle(ARTIFACT, DEFAULTS.withVersion(version)),
                        KeyPolicy.fromPem(MANAGED.publicKeyPem()));
            }
        }
    }

    /** Each {@link BundleOptions} breakage fails for its own reason. */
    @Nested
    class BrokenBundles {
        /**
         * The override goes into the bundle and into the log entry alike, so the entry is consistent
         * (and the SET signs it): only the final signature check can see it, hence INVALID_SIGNATURE.
         */
        @Test
        void aSignatureOverrideIsAnInvalidSignature() {
            byte[] garbage = new byte[70];
            garbage[0] = 0x30;
            fails(
                    Reason.INVALID_SIGNATURE,
                    "signature",
                    () -> verify(keyless(DEFAULTS.withSignatureOverride(garbage)), POLICY));
        }

        @Test
        void aSignatureOverrideInDsseIsAnInvalidSignature() {
            fails(
                    Reason.INVALID_SIGNATURE,
                    "DSSE",
                    () -> verify(
                            KEYLESS.dsseBundle(ARTIFACT, "tool", DEFAULTS.withSignatureOverride(new byte[64])),
                            POLICY));
        }

        @Test
        void aLoggedDigestOverrideIsALogEntryMismatch() {
            fails(
                    Reason.LOG_ENTRY_MISMATCH,
                    "digest",
                    () -> verify(keyless(DEFAULTS.withLoggedDigestOverride(new byte[32])), POLICY));
        }

        @Test
        void aLoggedPayloadDigestOverrideInDsseIsALogEntryMismatch() {
            fails(
                    Reason.LOG_ENTRY_MISMATCH,
                    "payload digest",
                    () -> verify(
                            KEYLESS.dsseBundle(ARTIFACT, "tool", DEFAULTS.withLoggedDigestOverride(new byte[32])),
                            POLICY));
        }

        @Test
        void aForeignSetKeyIsAnInvalidSignedEntryTimestamp() {
            fails(
                    Reason.INVALID_SIGNED_ENTRY_TIMESTAMP,
                    "signed entry timestamp",
                    () -> verify(keyless(DEFAULTS.withForeignSetKey(true)), POLICY));
        }

        @Test
        void aForeignCheckpointKeyIsAnInvalidCheckpoint() {
            fails(
                    Reason.INVALID_CHECKPOINT,
                    "checkpoint",
                    () -> verify(keyless(DEFAULTS.withForeignCheckpointKey(true)), POLICY));
        }

        @Test
        void aForeignSctKeyIsAnInvalidSct() {
            fails(Reason.INVALID_SCT, "SCT", () -> verify(keyless(DEFAULTS.withForeignSctKey(true)), POLICY));
        }

        @Test
        void anOmittedSctIsAnInvalidSct() {
            fails(Reason.INVALID_SCT, "no SCT", () -> verify(keyless(DEFAULTS.withOmitSct(true)), POLICY));
        }

        @Test
        void noTlogEntryIsMalformed() {
            fails(
                    Reason.MALFORMED_BUNDLE,
                    "tlogEntries",
                    () -> verify(keyless(DEFAULTS.withIncludeTlogEntry(false)), POLICY));
        }

        @Test
        void aV01EntryWithoutPromiseIsMalformed() {
            fails(
                    Reason.MALFORMED_BUNDLE,
                    "inclusionPromise",
                    () -> verify(keyless(DEFAULTS.withVersion("0.1").withIncludePromise(false)), POLICY));
        }

        @ParameterizedTest
        @ValueSource(strings = {"0.2", "0.3"})
        void aLaterEntryWithoutInclusionProofIsMalformed(String version) {
            fails(
                    Reason.MALFORMED_BUNDLE,
                    "inclusionProof",
                    () -> verify(keyless(DEFAULTS.withVersion(version).withIncludeInclusionProof(false)), POLICY));
        }

        @Test
        void noSetAndNoTimestampIsNoTrustedTime() {
            fails(
                    Reason.NO_TRUSTED_TIME,
                    "no integrated time",
                    () -> verify(keyless(DEFAULTS.withIncludePromise(false)), POLICY));
        }

        /** The leaf is valid from now - 1 min to now + 9 min; the verifier's clock is later still. */
        @Test
        void anIntegratedTimeAfterTheLeafExpiredIsOutsideItsValidity() {
            String bundle = keyless(DEFAULTS.withIntegratedTime(NOW.plus(Duration.ofMinutes(20))));
            fails(
                    Reason.TIME_OUTSIDE_VALIDITY,
                    "signing certificate's validity",
                    () -> verify(
                            bundle, ARTIFACT, POLICY, TrustedRootOptions.defaults(), NOW.plus(Duration.ofHours(1))));
        }

        @Test
        void anIntegratedTimeBeforeTheLeafIsOutsideItsValidity() {
            fails(
                    Reason.TIME_OUTSIDE_VALIDITY,
                    "signing certificate's validity",
                    () -> verify(keyless(DEFAULTS.withIntegratedTime(NOW.minus(Duration.ofMinutes(5)))), POLICY));
        }

        @Test
        void anIntegratedTimeInTheFutureIsOutsideValidity() {
            fails(
                    Reason.TIME_OUTSIDE_VALIDITY,
                    "in the future",
                    () -> verify(keyless(DEFAULTS.withIntegratedTime(NOW.plus(Duration.ofMinutes(5)))), POLICY));
        }

        /**
         * The log entry is checked before the signature, and the hashedrekord body records the
         * signed artifact's digest: another artifact is a LOG_ENTRY_MISMATCH, not ARTIFACT_MISMATCH.
         */
        @Test
        void anotherArtifactIsALogEntryMismatch() {
            byte[] other = "another release".getBytes(StandardCharsets.UTF_8);
            fails(
                    Reason.LOG_ENTRY_MISMATCH,
                    HexFormat.of().formatHex(Crypto.sha256(other)),
                    () -> verify(keyless(DEFAULTS), other, POLICY, TrustedRootOptions.defaults(), NOW.plusSeconds(60)));
        }

        @Test
        void aDsseSubjectOfAnotherDigestIsAnArtifactMismatch() {
            String bundle = KEYLESS.dsseBundle("something else".getBytes(StandardCharsets.UTF_8), "tool", DEFAULTS);
            fails(Reason.ARTIFACT_MISMATCH, "subject", () -> verify(bundle, POLICY));
        }
    }

    /** Identity, issuer and key policies, and material that does not fit the policy. */
    @Nested
    class Policies {
        @Test
        void anotherIssuerIsAnIssuerMismatch() {
            VerificationFailed failure = fails(
                    Reason.ISSUER_MISMATCH,
                    "https://accounts.google.com",
                    () -> verify(keyless(DEFAULTS), IdentityPolicy.exact(IDENTITY, "https://accounts.google.com")));
            assertTrue(failure.reason().isWrongSigner());
        }

        @Test
        void aRegexMatchingOnlyAPrefixDoesNotMatch() {
            fails(
                    Reason.IDENTITY_MISMATCH,
                    IDENTITY,
                    () -> verify(
                            keyless(DEFAULTS), IdentityPolicy.matching("https://github\\.com/acme/tool/", ISSUER)));
        }

        @Test
        void aRegexMatchingTheWholeNameMatches() {
            Verified verified = verify(
                    keyless(DEFAULTS),
                    IdentityPolicy.matching("https://github\\.com/acme/tool/.*@refs/tags/v.*", ISSUER));
            assertEquals(Optional.of(IDENTITY), verified.identity());
        }

        @Test
        void aManagedKeyBundleWithAnIdentityIsWrongMaterial() {
            fails(Reason.WRONG_MATERIAL, "managed key", () -> verify(MANAGED.bundle(ARTIFACT), POLICY));
        }

        @Test
        void aKeylessBundleWithAKeyIsWrongMaterial() {
            fails(
                    Reason.WRONG_MATERIAL,
                    "certificate",
                    () -> verify(keyless(DEFAULTS), KeyPolicy.fromPem(KEYLESS.publicKeyPem())));
        }

        /** The body records the signing key; another key does not match it, before any signature check. */
        @Test
        void aManagedKeyBundleWithAnotherKeyFails() {
            KeyPolicy other = KeyPolicy.fromPem(SIGSTORE.managedKey().publicKeyPem());
            fails(
                    Reason.LOG_ENTRY_MISMATCH,
                    "another certificate or key",
                    () -> verify(MANAGED.bundle(ARTIFACT), other));
        }
    }

    /** Each {@link TrustedRootOptions} alteration fails for its own reason. */
    @Nested
    class TrustedRoots {
        static final ValidFor LATER = ValidFor.from(NOW.plus(Duration.ofHours(1)));
        static final ValidFor ENDED = new ValidFor(NOW.minus(Duration.ofDays(1)), NOW.minus(Duration.ofHours(1)));

        static VerificationFailed failsWith(Reason reason, String naming, TrustedRootOptions root) {
            return fails(reason, naming, () -> verify(keyless(DEFAULTS), ARTIFACT, POLICY, root, NOW.plusSeconds(60)));
        }

        @Test
        void aCaWindowStartingLaterIsUntrusted() {
            failsWith(
                    Reason.UNTRUSTED_CERTIFICATE,
                    "not valid at",
                    TrustedRootOptions.defaults().withCertificateAuthorityValidFor(LATER));
        }

        @Test
        void aCaWindowThatEndedIsUntrusted() {
            failsWith(
                    Reason.UNTRUSTED_CERTIFICATE,
                    "not valid at",
                    TrustedRootOptions.defaults().withCertificateAuthorityValidFor(ENDED));
        }

        @Test
        void aTlogWindowNotHoldingTheTimeIsAnUnknownLog() {
            failsWith(
                    Reason.UNKNOWN_LOG,
                    "outside the validity",
                    TrustedRootOptions.defaults().withTlogValidFor(ENDED));
            failsWith(
                    Reason.UNKNOWN_LOG,
                    "outside the validity",
                    TrustedRootOptions.defaults().withTlogValidFor(LATER));
        }

        @Test
        void aCtlogWindowNotHoldingTheSctTimeIsAnInvalidSct() {
            failsWith(Reason.INVALID_SCT, "SCT", TrustedRootOptions.defaults().withCtlogValidFor(ENDED));
        }

        @Test
        void noCertificateAuthorityIsUntrusted() {
            failsWith(
                    Reason.UNTRUSTED_CERTIFICATE,
                    "no certificate authority",
                    TrustedRootOptions.defaults().withCertificateAuthorities(false));
        }

        @Test
        void noTlogIsAnUnknownLog() {
            failsWith(
                    Reason.UNKNOWN_LOG,
                    "does not know",
                    TrustedRootOptions.defaults().withTlogs(false));
        }

        @Test
        void noCtlogIsAnInvalidSct() {
            failsWith(Reason.INVALID_SCT, "SCT", TrustedRootOptions.defaults().withCtlogs(false));
        }

        @Test
        void aWindowWithoutStartIsAMalformedRoot() {
            fails(
                    Reason.MALFORMED_TRUSTED_ROOT,
                    "start",
                    () -> root(TrustedRootOptions.defaults().withTlogValidFor(new ValidFor(null, null))));
        }
    }

    /** RFC 3161 timestamps: valid ones verify, each broken one is rejected. */
    @Nested
    class Timestamps {
        static final BundleOptions STAMPED = DEFAULTS.withRfc3161Timestamp(true);

        @ParameterizedTest
        @ValueSource(booleans = {true, false})
        void aTimestampVerifiesWithAndWithoutTheEmbeddedCertificate(boolean embed) {
            Verified verified = verify(keyless(STAMPED.withEmbedTsaCertificate(embed)), POLICY);
            assertEquals(
                    2, verified.signedAt().size(), "the timestamp and the integrated time: " + verified.signedAt());
        }

        @Test
        void aTimestampOutsideTheTsaWindowIsInvalid() {
            TrustedRootOptions root = TrustedRootOptions.defaults().withTimestampAuthorityValidFor(TrustedRoots.ENDED);
            fails(
                    Reason.INVALID_TIMESTAMP,
                    "outside the validity",
                    () -> verify(keyless(STAMPED), ARTIFACT, POLICY, root, NOW.plusSeconds(60)));
        }

        @Test
        void aTimestampLaterThanTheLeafIsOutsideItsValidity() {
            String bundle = keyless(STAMPED.withTimestampTime(NOW.plus(Duration.ofMinutes(30))));
            fails(
                    Reason.TIME_OUTSIDE_VALIDITY,
                    "signing certificate's validity",
                    () -> verify(
                            bundle, ARTIFACT, POLICY, TrustedRootOptions.defaults(), NOW.plus(Duration.ofHours(1))));
        }

        @Test
        void aTimestampInTheFutureIsOutsideValidity() {
            fails(
                    Reason.TIME_OUTSIDE_VALIDITY,
                    "in the future",
                    () -> verify(keyless(STAMPED.withTimestampTime(NOW.plus(Duration.ofMinutes(5)))), POLICY));
        }

        @Test
        void noTimestampAuthorityMakesATimestampInvalid() {
            fails(
                    Reason.INVALID_TIMESTAMP,
                    "no timestamp authority",
                    () -> verify(
                            keyless(STAMPED),
                            ARTIFACT,
                            POLICY,
                            TrustedRootOptions.defaults().withTimestampAuthorities(false),
                            NOW.plusSeconds(60)));
        }

        /** The timestamp of one bundle moved into another: it stamps the other bundle's signature. */
        @Test
        void aTimestampOverOtherDataIsInvalid() {
            JsonMapper json = JsonMapper.shared();
            ObjectNode donor = (ObjectNode) json.readTree(keyless(STAMPED));
            ObjectNode target = (ObjectNode) json.readTree(keyless(STAMPED));
            ((ObjectNode) target.get("verificationMaterial"))
                    .set(
                            "timestampVerificationData",
                            donor.get("verificationMaterial").get("timestampVerificationData"));
            fails(Reason.INVALID_TIMESTAMP, "other data", () -> verify(json.writeValueAsString(target), POLICY));
        }
    }

    /**
     * Seeded single-character mutations (replace, delete, insert) of a correct bundle's JSON text:
     * each fails with {@link VerificationFailed}, or verifies only if the mutated bundle is
     * {@link SemanticEquivalence semantically equivalent} to the original; no other exception.
     */
    @Nested
    class Mutations {
        static final long SEED = Long.getLong("fuzz.seed", System.nanoTime());
        static final String ALPHABET = " \t\n\"\\{}[]:,0123456789+/=-.abcdefxyzABCDEFXYZ_\u2014";

        @Test
        @org.junit.jupiter.api.Timeout(value = 120, unit = TimeUnit.SECONDS)
        void singleCharacterMutationsNeverVerifyUnlessEquivalent() {
            System.out.println("mutation seed: " + SEED + " (rerun with -Dfuzz.seed=" + SEED + ")");
            SplittableRandom random = new SplittableRandom(SEED);
            String original = keyless(DEFAULTS.withRfc3161Timestamp(true));
            verify(original, POLICY);
            JsonNode originalTree = JsonMapper.shared().readTree(original);
            Map<Reason, Integer> reasons = new EnumMap<>(Reason.class);
            List<String> accepted = new ArrayList<>();
            List<String> wrong = new ArrayList<>();
            for (int i = 0; i < Integer.getInteger("fuzz.inputs", 2_000); i++) {
                int at = random.nextInt(original.length());
                char c = ALPHABET.charAt(random.nextInt(ALPHABET.length()));
                String mutated;
                String what;
                switch (random.nextInt(3)) {
                    case 0 -> {
                        mutated = original.substring(0, at) + c + original.substring(at + 1);
                        what = "replaced [" + at + "] '" + original.charAt(at) + "' by '" + c + "'";
                    }
                    case 1 -> {
                        mutated = original.substring(0, at) + original.substring(at + 1);
                        what = "deleted [" + at + "] '" + original.charAt(at) + "'";
                    }
                    default -> {
                        mutated = original.substring(0, at) + c + original.substring(at);
                        what = "inserted '" + c + "' at [" + at + "]";
                    }
                }
                what = what + " near ..."
                        + original.substring(Math.max(0, at - 25), Math.min(original.length(), at + 25))
                                .replace("\n", "\\n")
                        + "...";
                try {
                    verify(mutated, POLICY);
                    JsonNode tree = JsonMapper.shared().readTree(mutated);
                    if (tree.equals(originalTree) || SemanticEquivalence.equivalent(originalTree, tree)) {
                        accepted.add(what);
                    } else {
                        wrong.add("VERIFIED: " + what);
                    }
                } catch (VerificationFailed expected) {
                    reasons.merge(expected.reason(), 1, Integer::sum);
                } catch (RuntimeException e) {
                    wrong.add(e + ": " + what);
                }
            }
            System.out.println("mutations: " + accepted.size() + " accepted as equivalent, rejected " + reasons);
            accepted.forEach(a -> System.out.println("  accepted: " + a));
            wrong.forEach(w -> System.out.println("  WRONG: " + w));
            assertEquals(List.of(), wrong, "seed " + SEED);
        }
    }
}
