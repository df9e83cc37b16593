package dev.animus.discovery;

import dev.animus.core.Manifest;
import dev.animus.core.ManifestInvalid;
import dev.animus.core.ManifestRendering;
import dev.animus.core.ManifestValidator;
import dev.animus.core.UnknownKeys;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Probed manifests by the SHA-256 of the binary that printed them
 * ({@code <animus_home>/cache/manifests/<sha256>.json}), so an unchanged binary is not run again
 * to be listed; a failed probe is cached the same way (its one-line reason instead of a
 * manifest), so a broken binary costs one probe, not one per listing, until
 * {@link #clear()}. Writes are atomic (a temp file renamed over); an entry that no longer reads or
 * validates is ignored and removed. Thread-safe: entries are independent files.
 */
public final class ManifestCache {
    private static final Logger LOG = LoggerFactory.getLogger(ManifestCache.class);
    /** Built on first use: a listing with nothing cached (a fresh home) never pays for a mapper. */
    private static final class Json {
        static final JsonMapper MAPPER = JsonMapper.shared();
    }

    private static final Pattern DIGEST = Pattern.compile("[0-9a-f]{64}");
    private static final String SCHEMA = "animus.manifest-cache.v1";
    /** A cached manifest is far smaller: a probe's stdout is capped at 1 MiB. */
    static final long MAX_ENTRY_BYTES = 4L << 20;

    /**
     * One cached probe, for {@code plugin cache list}.
     *
     * @param name the manifest's name; for a failed probe, the binary's file name
     * @param version the manifest's version; {@code (probe failed)} for a failed probe
     * @param failure why the probe failed; empty when it printed a valid manifest
     */
    public record Entry(
            String sha256,
            String name,
            String version,
            String binary,
            Instant cachedAt,
            long bytes,
            Optional<String> failure) {}

    private final Path dir;

    public ManifestCache(Path dir) {
        this.dir = dir;
    }

    public Path directory() {
        return dir;
    }

    /** The manifest printed by the binary with this digest, if cached and still valid. */
    public Optional<Manifest> get(String sha256) {
        Path file = file(sha256);
        try {
            Map<String, Object> doc = read(file);
            if (doc.get("failure") instanceof String) {
                return Optional.empty();
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> manifest = (Map<String, Object>) doc.get("manifest");
            return Optional.of(ManifestValidator.validate(manifest, "manifest cache " + file, UnknownKeys.REJECT, false)
                    .manifest());
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException | JacksonException | ManifestInvalid | ClassCastException | NullPointerException e) {
            LOG.debug("dropping unreadable manifest cache entry {}: {}", file, e.getMessage());
            deleteQuietly(file);
            return Optional.empty();
        }
    }

    /**
     * Why the probe of the binary with this digest failed, if that is what is cached: the binary
     * is not run again until the cache is cleared.
     */
    public Optional<String> failure(String sha256) {
        Path file = file(sha256);
        try {
            return read(file).get("failure") instanceof String reason ? Optional.of(reason) : Optional.empty();
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException | JacksonException | ClassCastException e) {
            LOG.debug("dropping unreadable manifest cache entry {}: {}", file, e.getMessage());
            deleteQuietly(file);
            return Optional.empty();
        }
    }

    /** Caches {@code manifest} as printed by {@code binary} with digest {@code sha256}. */
    public void put(String sha256, Path binary, Manifest manifest) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schema", SCHEMA);
        doc.put("binary", binary.toString());
        doc.put("cached_at", Instant.now().toString());
        doc.put("manifest", ManifestRendering.toMap(manifest));
        write(sha256, doc);
    }

    /** Caches that the probe of {@code binary} (digest {@code sha256}) failed, and why (one line). */
    public void putFailure(String sha256, Path binary, String reason) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("schema", SCHEMA);
        doc.put("binary", binary.toString());
        doc.put("cached_at", Instant.now().toString());
        doc.put("failure", reason);
        write(sha256, doc);
    }

    private void write(String sha256, Map<String, Object> doc) {
        Path target = file(sha256);
        try {
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, "." + sha256, ".tmp");
            try {
                Files.write(tmp, Json.MAPPER.writeValueAsBytes(doc));
                move(tmp, target);
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            LOG.warn("cannot write the manifest cache entry {}: {}", target, e.getMessage());
        }
    }

    /** Every readable entry, by digest. */
    public List<Entry> list() {
        List<Entry> entries = new ArrayList<>();
        for (Path file : files()) {
            try {
                Map<String, Object> doc = read(file);
                String name = file.getFileName().toString();
                String sha256 = name.substring(0, name.length() - ".json".length());
                String binary = String.valueOf(doc.get("binary"));
                Instant at = Instant.parse(String.valueOf(doc.get("cached_at")));
                if (doc.get("failure") instanceof String reason) {
                    entries.add(new Entry(
                            sha256,
                            Path.of(binary).getFileName().toString(),
                            "(probe failed)",
                            binary,
                            at,
                            Files.size(file),
                            Optional.of(reason)));
                    continue;
                }
                @SuppressWarnings("unchecked")
                Map<String, Object> manifest = (Map<String, Object>) doc.get("manifest");
                entries.add(new Entry(
                        sha256,
                        String.valueOf(manifest.get("name")),
                        String.valueOf(manifest.get("version")),
                        binary,
                        at,
                        Files.size(file),
                        Optional.empty()));
            } catch (IOException | RuntimeException e) {
                LOG.debug("skipping unreadable manifest cache entry {}: {}", file, e.getMessage());
            }
        }
        entries.sort(Comparator.comparing(Entry::name).thenComparing(Entry::sha256));
        return entries;
    }

    /** Removes every entry; returns how many. */
    public int clear() {
        int n = 0;
        for (Path file : files()) {
            if (deleteQuietly(file)) {
                n++;
            }
        }
        return n;
    }

    private List<Path> files() {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> s = Files.newDirectoryStream(dir, "*.json")) {
            for (Path p : s) {
                String n = p.getFileName().toString();
                if (DIGEST.matcher(n.substring(0, n.length() - ".json".length()))
                        .matches()) {
                    files.add(p);
                }
            }
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the manifest cache " + dir + ": " + e.getMessage(), e);
        }
        return files;
    }

    private Path file(String sha256) {
        if (!DIGEST.matcher(sha256).matches()) {
            throw new IllegalArgumentException("not a sha256: " + sha256);
        }
        return dir.resolve(sha256 + ".json");
    }

    private static Map<String, Object> read(Path file) throws IOException {
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("not a regular file"); // a FIFO would block the listing
        }
        if (Files.size(file) > MAX_ENTRY_BYTES) {
            throw new IOException("larger than " + MAX_ENTRY_BYTES + " bytes");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> doc = Json.MAPPER.readValue(Files.readAllBytes(file), Map.class);
        if (!SCHEMA.equals(doc.get("schema"))) {
            throw new IOException("unknown schema " + doc.get("schema"));
        }
        return doc;
    }

    private static void move(Path tmp, Path target) throws IOException {
        try {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static boolean deleteQuietly(Path file) {
        try {
            return Files.deleteIfExists(file);
        } catch (IOException e) {
            LOG.debug("cannot delete {}: {}", file, e.getMessage());
            return false;
        }
    }
}
