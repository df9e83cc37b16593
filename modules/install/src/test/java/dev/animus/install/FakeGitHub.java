package dev.animus.install;

import dev.animus.fetch.Platform;
import dev.animus.testhttps.LoopbackHttps;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * GitHub's release API and downloads, played by a real HTTPS server on loopback: releases of
 * {@code owner/repo} with assets the test builds (a tar.gz of the Python example plugin for this
 * platform), and the checksum files a test chooses.
 */
final class FakeGitHub implements AutoCloseable {
    final LoopbackHttps server = LoopbackHttps.start();
    final Path work;

    FakeGitHub(Path work) {
        this.work = work;
    }

    URI api() {
        return server.uri("/api");
    }

    /** What one release offers. */
    record Asset(String name, byte[] bytes, Optional<String> apiDigest) {}

    /** Publishes {@code assets} as release {@code tag} of {@code repo}, the latest one when {@code latest}. */
    void release(String owner, String repo, String tag, boolean latest, List<Asset> assets) {
        StringBuilder json = new StringBuilder("{\"tag_name\": \"" + tag + "\", \"assets\": [");
        List<String> items = new ArrayList<>();
        for (Asset a : assets) {
            String path = "/dl/" + owner + "/" + repo + "/" + tag + "/" + a.name();
            server.route(path, LoopbackHttps.bytes(a.bytes()));
            items.add("{\"name\": \"" + a.name() + "\", \"browser_download_url\": \"" + server.uri(path)
                    + "\", \"size\": " + a.bytes().length
                    + a.apiDigest()
                            .map(d -> ", \"digest\": \"sha256:" + d + "\"")
                            .orElse("") + "}");
        }
        json.append(String.join(", ", items)).append("]}");
        String base = "/api/repos/" + owner + "/" + repo + "/releases/";
        server.route(base + "tags/" + tag, LoopbackHttps.json(json.toString()));
        if (latest) {
            server.route(base + "latest", LoopbackHttps.json(json.toString()));
        }
    }

    /** This platform's asset name for {@code repo}. */
    static String assetName(String repo) {
        Platform p = Platform.current();
        return repo + "-" + p.osTokens().getFirst() + "-" + p.archTokens().getFirst() + ".tar.gz";
    }

    /** A tar.gz holding the Python example as {@code animus-plugin-pyecho} (plus {@code extra} appended). */
    byte[] pyechoTarGz(String extra) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory(work, "tar");
        Installs.pyecho(dir, extra);
        Path out = dir.resolveSibling(dir.getFileName() + ".tar.gz");
        Process p = new ProcessBuilder("tar", "-czf", out.toString(), "-C", dir.toString(), "animus-plugin-pyecho")
                .redirectErrorStream(true)
                .start();
        p.getInputStream().transferTo(OutputStream.nullOutputStream());
        if (p.waitFor() != 0) {
            throw new IOException("tar failed");
        }
        return Files.readAllBytes(out);
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    @Override
    public void close() {
        server.close();
    }
}
