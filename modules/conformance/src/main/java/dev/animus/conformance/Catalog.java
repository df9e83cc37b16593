package dev.animus.conformance;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The scenarios this build carries: the pack files of the repository's {@code conformance/plugin},
 * packed as resources, protocol first, then one pack per kind, then hooks. Ids are unique across
 * packs.
 */
public final class Catalog {
    /** The pack files, in the order their checks run. */
    static final List<String> PACKS = List.of(
            "protocol",
            "provider",
            "subject_backend",
            "trigger_backend",
            "transport_backend",
            "log_storage_backend",
            "hooks");

    private final List<Scenario> scenarios;

    private Catalog(List<Scenario> scenarios) {
        this.scenarios = List.copyOf(scenarios);
    }

    /**
     * The packed scenarios.
     *
     * @throws IllegalStateException when a pack is missing or broken (a build that packed bad data)
     */
    public static Catalog packed() {
        List<Scenario> all = new ArrayList<>();
        for (String pack : PACKS) {
            String resource = "scenarios/" + pack + ".json";
            try (InputStream in = Catalog.class.getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalStateException("the conformance pack " + resource + " is not in this build");
                }
                all.addAll(ScenarioReader.read(new String(in.readAllBytes(), StandardCharsets.UTF_8), pack + ".json"));
            } catch (IOException e) {
                throw new UncheckedIOException("reading the conformance pack " + resource, e);
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException("the conformance pack is broken: " + e.getMessage(), e);
            }
        }
        Set<String> ids = new HashSet<>();
        for (Scenario s : all) {
            if (!ids.add(s.id())) {
                throw new IllegalStateException("two conformance scenarios have the id " + s.id());
            }
        }
        return new Catalog(all);
    }

    List<Scenario> scenarios() {
        return scenarios;
    }

    /** The ids of every check, in order. */
    public List<String> ids() {
        return scenarios.stream().map(Scenario::id).toList();
    }

    /** The kinds that have a pack of their own. */
    public static List<String> kinds() {
        return PACKS.stream()
                .filter(p -> !p.equals("protocol") && !p.equals("hooks"))
                .toList();
    }
}
