package dev.animus.plugins.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.module.ModuleReader;
import java.lang.module.ResolvedModule;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The dashboard's static files: every file directly in this module's resource directory
 * {@value #DIRECTORY}, read once into memory when the transport starts. Which files there are is
 * not fixed in the code: they are listed through the module's own {@link ModuleReader} (an
 * exploded directory in the build, a jar, or the jlink image), so a file added to the directory is
 * served without a code change. Only flat names of letters, digits, {@code .}, {@code _} and
 * {@code -} are served: a request can name nothing outside the directory. Immutable; thread-safe.
 */
final class WebFiles {
    static final String DIRECTORY = "dev/animus/plugins/http/web/";

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}");
    private static final Map<String, String> TYPES = Map.ofEntries(
            Map.entry("html", "text/html; charset=utf-8"),
            Map.entry("js", "text/javascript; charset=utf-8"),
            Map.entry("mjs", "text/javascript; charset=utf-8"),
            Map.entry("css", "text/css; charset=utf-8"),
            Map.entry("json", "application/json"),
            Map.entry("svg", "image/svg+xml"),
            Map.entry("png", "image/png"),
            Map.entry("ico", "image/x-icon"),
            Map.entry("txt", "text/plain; charset=utf-8"),
            Map.entry("woff2", "font/woff2"));

    /** One file: its bytes and its {@code Content-Type}. */
    record File(byte[] bytes, String contentType) {}

    private final Map<String, File> files;

    private WebFiles(Map<String, File> files) {
        this.files = Map.copyOf(files);
    }

    /**
     * The files of {@value #DIRECTORY} in this plugin's module.
     *
     * @throws UncheckedIOException when the module's content cannot be read
     */
    static WebFiles load() {
        Module module = WebFiles.class.getModule();
        Map<String, File> found = new TreeMap<>();
        for (String name : names(module)) {
            try (InputStream in = module.getResourceAsStream(DIRECTORY + name)) {
                if (in != null) {
                    found.put(name, new File(in.readAllBytes(), contentType(name)));
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the dashboard file " + DIRECTORY + name, e);
            }
        }
        return new WebFiles(found);
    }

    private static List<String> names(Module module) {
        Optional<ResolvedModule> resolved = Optional.ofNullable(module.getLayer())
                .flatMap(layer -> layer.configuration().findModule(module.getName()));
        if (resolved.isEmpty()) {
            return List.of(); // not a named module of a layer: no files to list
        }
        try (ModuleReader reader = resolved.get().reference().open();
                Stream<String> all = reader.list()) {
            return all.filter(n -> n.startsWith(DIRECTORY))
                    .map(n -> n.substring(DIRECTORY.length()))
                    .filter(n -> NAME.matcher(n).matches())
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the dashboard files of module " + module.getName(), e);
        }
    }

    /** The file {@code name}, when it is one of the directory's. */
    Optional<File> file(String name) {
        return Optional.ofNullable(files.get(name));
    }

    /** The names served, sorted. */
    List<String> names() {
        return List.copyOf(new TreeMap<>(files).keySet());
    }

    static String contentType(String name) {
        int dot = name.lastIndexOf('.');
        String ext = dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
        return TYPES.getOrDefault(ext, "application/octet-stream");
    }
}
