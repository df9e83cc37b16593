package dev.animus.fetch;

import dev.animus.testhttps.TestCa;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

/** What the fetch tests share: a client trusting only the test CA, policies, bodies, progress records. */
final class Fixtures {
    private Fixtures() {}

    /** A client that trusts the test CA and nothing else. */
    static Fetcher trustingTestCa() {
        return Fetcher.create(TrustAnchors.fromPemFile(TestCa.caPem()));
    }

    /** Generous bounds (the deadline only guards against a hung test): 30 s, 3 redirects, 1 MiB. */
    static FetchPolicy policy(String... hosts) {
        return new FetchPolicy(Set.of(hosts), Duration.ofSeconds(30), 3, 1 << 20, 4 << 20);
    }

    static FetchPolicy capped(long maxBytes, String... hosts) {
        FetchPolicy p = policy(hosts);
        return new FetchPolicy(p.allowedHosts(), p.deadline(), p.maxRedirects(), maxBytes, p.maxInflatedBytes());
    }

    static FetchPolicy withDeadline(Duration deadline, String... hosts) {
        FetchPolicy p = policy(hosts);
        return new FetchPolicy(p.allowedHosts(), deadline, p.maxRedirects(), p.maxBytes(), p.maxInflatedBytes());
    }

    /** {@code n} reproducible pseudo-random bytes. */
    static byte[] bytes(int n) {
        byte[] b = new byte[n];
        new SplittableRandom(n).nextBytes(b);
        return b;
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    /** The names in {@code dir}, partial downloads included. */
    static List<String> filesIn(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    /** One progress report. */
    record Update(long received, OptionalLong total) {}

    /** Records every progress report. */
    static final class RecordedProgress implements Progress {
        private final List<Update> updates = new CopyOnWriteArrayList<>();

        @Override
        public void update(long received, OptionalLong total) {
            updates.add(new Update(received, total));
        }

        List<Update> updates() {
            return List.copyOf(updates);
        }
    }
}
