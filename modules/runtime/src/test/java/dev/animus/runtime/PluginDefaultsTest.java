package dev.animus.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code defaults.toml} reader (docs/operations.md#default-plugins), as a seeded property: any
 * file of valid entries, written in any key order, reads back as exactly those entries; one defect
 * in one entry is refused with a message naming the file and the key of that defect.
 * {@code -Dfuzz.seed=N} replays a run, {@code -Dfuzz.inputs=N} changes how many files.
 */
class PluginDefaultsTest {
    static final String ORIGIN = "/home/op/.animus/defaults.toml";
    static final List<String> ROLES = List.of(
            "provider",
            "subject_backend",
            "task_backend",
            "workflow_runner",
            "queue",
            "transport_backend",
            "config_source",
            "subject_kind:task");
    static final String HEX = "0123456789abcdef";

    @Test
    void theBuiltInFileNamesTheShippedProvidersOnlyWhereTheyAreShipped(@TempDir Path image) throws IOException {
        PluginDefaults none = PluginDefaults.builtIn(image.resolve("plugins"));
        assertEquals("the built-in defaults.toml", none.origin());
        assertEquals(List.of(), none.entries(), "a runtime that ships no plugins names no bundled default");
        Files.createDirectories(image.resolve("plugins/animus-provider-cli"));
        PluginDefaults one = PluginDefaults.builtIn(image.resolve("plugins"));
        assertEquals(
                List.of("cli"),
                one.entries().stream().map(PluginDefaults.Entry::name).toList());
        assertEquals("provider", one.entries().getFirst().role());
        assertEquals("core", one.entries().getFirst().group());
        Files.createDirectories(image.resolve("plugins/animus-provider-oai"));
        PluginDefaults both = PluginDefaults.builtIn(image.resolve("plugins"));
        assertEquals(
                List.of("cli", "oai"),
                both.entries().stream().map(PluginDefaults.Entry::name).toList());
        assertEquals("oai-agent", both.entries().get(1).group());
        Files.createDirectories(image.resolve("plugins/animus-subject-tasks"));
        PluginDefaults all = PluginDefaults.builtIn(image.resolve("plugins"));
        PluginDefaults.Entry tasks = all.entries().get(2);
        assertEquals("tasks", tasks.name());
        assertEquals("subject_backend", tasks.role());
        assertEquals("subjects", tasks.group(), "installed by install-defaults --include-subjects");
        assertEquals(
                List.of("cli"),
                all.inGroups(java.util.Set.of()).stream()
                        .map(PluginDefaults.Entry::name)
                        .toList());
        assertEquals(
                List.of("cli", "tasks"),
                all.inGroups(java.util.Set.of("subjects")).stream()
                        .map(PluginDefaults.Entry::name)
                        .toList());
        Files.createDirectories(image.resolve("plugins/animus-queue"));
        PluginDefaults withQueue = PluginDefaults.builtIn(image.resolve("plugins"));
        PluginDefaults.Entry queue = withQueue.entries().get(3);
        assertEquals("queue", queue.name());
        assertEquals("queue", queue.role());
        assertEquals("core", queue.group(), "installed by a plain install-defaults");
        assertEquals(
                List.of("cli", "queue"),
                withQueue.inGroups(java.util.Set.of()).stream()
                        .map(PluginDefaults.Entry::name)
                        .toList());
        Files.createDirectories(image.resolve("plugins/animus-trigger-webhook"));
        Files.createDirectories(image.resolve("plugins/animus-trigger-schedule"));
        PluginDefaults triggers = PluginDefaults.builtIn(image.resolve("plugins"));
        assertEquals(
                List.of("webhook", "schedule"),
                triggers.forRole("trigger_backend").stream()
                        .map(PluginDefaults.Entry::name)
                        .toList());
        assertEquals(
                List.of("cli", "queue", "webhook", "schedule"),
                triggers.inGroups(java.util.Set.of("triggers")).stream()
                        .map(PluginDefaults.Entry::name)
                        .toList(),
                "installed by install-defaults --include-triggers");
        Files.createDirectories(image.resolve("plugins/animus-transport-http"));
        PluginDefaults transports = PluginDefaults.builtIn(image.resolve("plugins"));
        assertEquals(
                List.of("http"),
                transports.forRole("transport_backend").stream()
                        .map(PluginDefaults.Entry::name)
                        .toList());
        assertEquals(
                List.of("cli", "queue", "http"),
                transports.inGroups(java.util.Set.of("transports")).stream()
                        .map(PluginDefaults.Entry::name)
                        .toList(),
                "installed by install-defaults --include-transports");
        assertEquals(
                List.of("cli", "queue", "webhook", "schedule"),
                transports.inGroups(java.util.Set.of("triggers")).stream()
                        .map(PluginDefaults.Entry::name)
                        .toList(),
                "not by --include-triggers");
        Files.createDirectories(image.resolve("plugins/animus-workflow-runner"));
        PluginDefaults runner = PluginDefaults.builtIn(image.resolve("plugins"));
        PluginDefaults.Entry workflow = runner.entries().stream()
                .filter(e -> e.name().equals("workflow-runner"))
                .findFirst()
                .orElseThrow();
        assertEquals("workflow-runner", workflow.name());
        assertEquals("workflow_runner", workflow.role());
        assertEquals(
                List.of("cli", "queue", "workflow-runner"),
                runner.inGroups(java.util.Set.of()).stream()
                        .map(PluginDefaults.Entry::name)
                        .toList(),
                "a core default: installed by install-defaults without an --include");
    }

    @Test
    void aMissingHomeFileMeansTheBuiltInOne() {
        assertEquals(PluginDefaults.builtIn(), PluginDefaults.read(Path.of("/nonexistent/animus/defaults.toml")));
    }

    record Written(PluginDefaults.Entry entry, List<String> lines) {}

    @Test
    void validFilesReadBackAndEveryDefectIsNamedByItsKey() {
        long seed = Long.getLong("fuzz.seed", new SplittableRandom().nextLong());
        int inputs = Integer.getInteger("fuzz.inputs", 2000);
        System.out.println("PluginDefaultsTest seed " + seed + " (rerun with -Dfuzz.seed=" + seed + ")");
        SplittableRandom random = new SplittableRandom(seed);
        for (int n = 0; n < inputs; n++) {
            String where = "input " + n + " (seed " + seed + ")";
            List<Written> written = new ArrayList<>();
            int count = random.nextInt(5);
            List<String> names = new ArrayList<>(List.of("alpha", "b-2", "c.3", "d_4", "echo", "f00"));
            Collections.shuffle(names, new java.util.Random(random.nextLong()));
            for (int i = 0; i < count; i++) {
                written.add(entry(random, names.get(i)));
            }
            String text = render(written, random);
            PluginDefaults read = PluginDefaults.parse(text.getBytes(StandardCharsets.UTF_8), ORIGIN);
            assertEquals(written.stream().map(Written::entry).toList(), read.entries(), where + ":\n" + text);
            if (written.isEmpty()) {
                continue;
            }
            int victim = random.nextInt(written.size());
            Written w = written.get(victim);
            Defect d = defect(random, w);
            List<Written> broken = new ArrayList<>(written);
            broken.set(victim, new Written(w.entry(), d.lines()));
            String bad = render(broken, random);
            DefaultsInvalid e = assertThrows(
                    DefaultsInvalid.class,
                    () -> PluginDefaults.parse(bad.getBytes(StandardCharsets.UTF_8), ORIGIN),
                    where + ": " + d.key() + ":\n" + bad);
            assertTrue(
                    e.getMessage().startsWith(ORIGIN + ": " + d.key() + ": "),
                    where + ": expected the key " + d.key() + " in: " + e.getMessage() + "\n" + bad);
            assertEquals(1, e.getMessage().lines().count(), e.getMessage());
        }
    }

    static Written entry(SplittableRandom r, String name) {
        String role = ROLES.get(r.nextInt(ROLES.size()));
        List<String> lines = new ArrayList<>();
        lines.add("role = \"" + role + "\"");
        String group = PluginDefaults.CORE;
        if (r.nextBoolean()) {
            group = PluginDefaults.GROUPS.get(r.nextInt(PluginDefaults.GROUPS.size()));
            lines.add("group = \"" + group + "\"");
        }
        Optional<String> sha = r.nextBoolean() ? Optional.of(hex(r)) : Optional.empty();
        PluginDefaults.Source source;
        switch (r.nextInt(3)) {
            case 0 -> {
                String plugin = "animus-plugin-" + name;
                lines.add("bundled = \"" + plugin + "\"");
                source = new PluginDefaults.Source.Bundled(plugin, sha);
            }
            case 1 -> {
                String sha256 = sha.orElseGet(() -> hex(r));
                sha = Optional.of(sha256);
                lines.add("release = \"acme/animus-" + name + "@v1." + r.nextInt(10) + ".0\"");
                source = new PluginDefaults.Source.Release(
                        GithubRelease.parse(
                                lines.getLast().substring(11, lines.getLast().length() - 1)),
                        sha256);
            }
            default -> {
                String path = "/opt/mirror/" + name + (r.nextBoolean() ? "/" : "/./x/../");
                lines.add("path = \"" + path + "\"");
                source = new PluginDefaults.Source.Local(Path.of(path).normalize(), sha);
            }
        }
        sha.ifPresent(s -> lines.add("sha256 = \"" + s + "\""));
        Collections.shuffle(lines, new java.util.Random(r.nextLong()));
        String canonical = role.equals("task_backend") ? "subject_backend" : role;
        return new Written(new PluginDefaults.Entry(name, canonical, group, source), lines);
    }

    record Defect(String key, List<String> lines) {}

    static Defect defect(SplittableRandom r, Written w) {
        String at = "plugins." + w.entry().name();
        List<String> lines = new ArrayList<>(w.lines());
        String source = lines.stream()
                .map(l -> l.substring(0, l.indexOf(' ')))
                .filter(k -> List.of("bundled", "release", "path").contains(k))
                .findFirst()
                .orElseThrow();
        switch (r.nextInt(9)) {
            case 0 -> {
                lines.add("sourc = \"x\"");
                return new Defect(at + ".sourc", lines);
            }
            case 1 -> {
                lines.removeIf(l -> l.startsWith("role "));
                return new Defect(at + ".role", lines);
            }
            case 2 -> {
                lines.replaceAll(l -> l.startsWith("role ") ? "role = \"Provider!\"" : l);
                return new Defect(at + ".role", lines);
            }
            case 3 -> {
                lines.removeIf(l -> l.startsWith("group "));
                lines.add("group = \"extras\"");
                return new Defect(at + ".group", lines);
            }
            case 4 -> {
                lines.removeIf(l -> l.startsWith("sha256 "));
                lines.add("sha256 = \"" + hex(r).toUpperCase(java.util.Locale.ROOT) + "\"");
                return new Defect(at + ".sha256", lines);
            }
            case 5 -> {
                lines.removeIf(l -> l.startsWith(source + " "));
                return new Defect(at, lines);
            }
            case 6 -> {
                String other = source.equals("path") ? "bundled = \"x\"" : "path = \"/x\"";
                lines.add(other);
                String second = List.of("bundled", "release", "path").stream()
                        .filter(k -> k.equals(source) || other.startsWith(k))
                        .toList()
                        .get(1);
                return new Defect(at + "." + second, lines);
            }
            case 7 -> {
                lines.removeIf(l -> l.startsWith("role "));
                lines.add("role = 7");
                return new Defect(at + ".role", lines);
            }
            default -> {
                lines.removeIf(l -> l.startsWith(source + " ") || l.startsWith("sha256 "));
                lines.add(
                        switch (source) {
                            case "path" -> "path = \"relative/dir\"";
                            case "release" -> "release = \"acme/no-tag\"";
                            default -> "bundled = \"../escape\"";
                        });
                if (source.equals("release")) {
                    lines.add("sha256 = \"" + hex(r) + "\"");
                }
                return new Defect(at + "." + source, lines);
            }
        }
    }

    static String render(List<Written> entries, SplittableRandom r) {
        StringBuilder b = new StringBuilder();
        if (r.nextBoolean()) {
            b.append("# the operator's defaults\n");
        }
        for (Written w : entries) {
            String name = w.entry().name();
            // a name with a dot is a quoted key (else TOML reads a table in a table)
            b.append("[plugins.")
                    .append(name.contains(".") || r.nextInt(4) == 0 ? "\"" + name + "\"" : name)
                    .append("]\n");
            w.lines().forEach(l -> b.append(l).append(r.nextInt(4) == 0 ? "   # note\n" : "\n"));
            b.append(r.nextBoolean() ? "\n" : "");
        }
        return b.toString();
    }

    static String hex(SplittableRandom r) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 64; i++) {
            b.append(HEX.charAt(r.nextInt(16)));
        }
        return b.toString();
    }
}
