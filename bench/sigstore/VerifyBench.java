import dev.animus.sigstore.Bundle;
import dev.animus.sigstore.IdentityPolicy;
import dev.animus.sigstore.SigstoreVerifier;
import dev.animus.sigstore.TrustedRoot;
import dev.animus.testsigstore.BundleOptions;
import dev.animus.testsigstore.TestSigstore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;

/**
 * Times Sigstore bundle verification through the public API only (Bundle.parse included in each
 * verification): (a) the conformance happy-path-v0.3 bundle against the production root, (b) a
 * TestSigstore keyless v0.3 bundle with an RFC 3161 timestamp. Each: 2,000 warm-up, 5,000 timed.
 * Run from the repository root through bench/sigstore/run.sh.
 */
public class VerifyBench {
    static final int WARMUP = 2_000;
    static final int TIMED = 5_000;

    interface Case {
        void run() throws Exception;
    }

    public static void main(String[] args) throws Exception {
        Path repo = Path.of(args.length > 0 ? args[0] : ".");
        Path dir = repo.resolve("conformance/sigstore/bundle-verify");
        byte[] conformanceBundle = Files.readAllBytes(dir.resolve("happy-path-v0.3/bundle.sigstore.json"));
        byte[] conformanceDigest = sha256(Files.readAllBytes(dir.resolve("a.txt")));
        TrustedRoot production = TrustedRoot.read(
                repo.resolve("modules/sigstore/src/main/resources/dev/animus/sigstore/trusted_root.production.json"));
        SigstoreVerifier conformanceVerifier = new SigstoreVerifier(production,
                Clock.fixed(Instant.parse("2026-12-01T00:00:00Z"), ZoneOffset.UTC));
        IdentityPolicy conformancePolicy = IdentityPolicy.exact("https://github.com/sigstore-conformance/"
                + "extremely-dangerous-public-oidc-beacon/.github/workflows/extremely-dangerous-oidc-beacon.yml"
                + "@refs/heads/main", "https://token.actions.githubusercontent.com");
        measure("conformance happy-path-v0.3, production root", () -> conformanceVerifier.verify(
                Bundle.parse(conformanceBundle, "bench"), conformanceDigest, conformancePolicy));

        Instant now = Instant.now();
        TestSigstore sigstore = TestSigstore.create(now);
        String identity = "https://github.com/acme/tool/.github/workflows/release.yml@refs/tags/v1.0.0";
        String issuer = "https://token.actions.githubusercontent.com";
        byte[] artifact = "the release".getBytes(StandardCharsets.UTF_8);
        byte[] testBundle = sigstore.keyless(identity, issuer)
                .bundle(artifact, BundleOptions.defaults().withRfc3161Timestamp(true))
                .getBytes(StandardCharsets.UTF_8);
        TrustedRoot testRoot = TrustedRoot.parse(sigstore.trustedRootJson().getBytes(StandardCharsets.UTF_8), "test");
        SigstoreVerifier testVerifier = new SigstoreVerifier(testRoot, Clock.fixed(sigstore.now().plusSeconds(60), ZoneOffset.UTC));
        byte[] testDigest = sha256(artifact);
        IdentityPolicy testPolicy = IdentityPolicy.exact(identity, issuer);
        measure("TestSigstore keyless v0.3 + RFC 3161 timestamp", () -> testVerifier.verify(
                Bundle.parse(testBundle, "bench"), testDigest, testPolicy));
    }

    static void measure(String name, Case c) throws Exception {
        for (int i = 0; i < WARMUP; i++) {
            c.run();
        }
        long[] nanos = new long[TIMED];
        for (int i = 0; i < TIMED; i++) {
            long start = System.nanoTime();
            c.run();
            nanos[i] = System.nanoTime() - start;
        }
        Arrays.sort(nanos);
        double mean = Arrays.stream(nanos).average().orElseThrow() / 1e6;
        System.out.printf("%-50s p50 %.3f ms  p90 %.3f ms  p99 %.3f ms  mean %.3f ms  (n=%d)%n", name,
                nanos[TIMED / 2] / 1e6, nanos[TIMED * 9 / 10] / 1e6, nanos[TIMED * 99 / 100] / 1e6, mean, TIMED);
    }

    static byte[] sha256(byte[] data) throws Exception {
        return MessageDigest.getInstance("SHA-256").digest(data);
    }
}
