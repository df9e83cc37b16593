package dev.animus.archtest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The dependency graph written in docs/architecture.md#modules is the one the built descriptors
 * have: for every module of ours it lists, the same {@code requires}, each marked {@code (t)} exactly
 * when it is {@code requires transitive}.
 */
class DocumentedGraphTest {
    /** The short names the document uses for modules that are not ours. */
    private static final Map<String, List<String>> LIBRARIES = Map.ofEntries(
            Map.entry("picocli", List.of("info.picocli")),
            Map.entry("jline-reader", List.of("org.jline.reader")),
            Map.entry("jline-terminal", List.of("org.jline.terminal")),
            Map.entry("slf4j", List.of("org.slf4j")),
            Map.entry("jackson-databind", List.of("tools.jackson.databind")),
            Map.entry("jackson-dataformat-toml", List.of("tools.jackson.dataformat.toml")),
            Map.entry("jackson-dataformat-yaml", List.of("tools.jackson.dataformat.yaml")),
            Map.entry("BouncyCastle", List.of("org.bouncycastle.pkix", "org.bouncycastle.provider")));

    private static final Pattern ARROW = Pattern.compile("^([\\w.]+)\\s+->\\s+(.*)$");

    /** Module name to its requires, each as {@code name} or {@code name (t)}. */
    static Map<String, Set<String>> documented(String markdown) {
        int start = markdown.indexOf("Dependency rule");
        if (start < 0) {
            throw new IllegalArgumentException("docs/architecture.md has no 'Dependency rule' paragraph");
        }
        int open = markdown.indexOf("```\n", start);
        int close = markdown.indexOf("```", open + 4);
        Map<String, Set<String>> graph = new TreeMap<>();
        for (String line : markdown.substring(open + 4, close).split("\n")) {
            Matcher m = ARROW.matcher(line.strip());
            if (!m.matches()) {
                throw new IllegalArgumentException("not a '<module> -> <requires>' line: " + line);
            }
            Set<String> requires = new TreeSet<>();
            // a parenthesis that is not "(t)" explains and names no module: "BouncyCastle (bcpkix, bcprov)"
            String list = m.group(2).replaceAll(";.*$", "").replaceAll("\\s*\\((?!t\\))[^()]*\\)", "");
            for (String item : list.split(",\\s*")) {
                String word = item.strip();
                if (word.isEmpty() || word.equals("java.base only")) {
                    continue;
                }
                boolean transitive = word.endsWith("(t)");
                String name =
                        word.replace("(t)", "").replaceAll("\\s*\\(.*$", "").strip();
                for (String module : LIBRARIES.getOrDefault(name, List.of(ours(name)))) {
                    requires.add(module + (transitive ? " (t)" : ""));
                }
            }
            graph.put("dev.animus." + m.group(1), requires);
        }
        return graph;
    }

    private static String ours(String name) {
        return name.contains(".") ? name : "dev.animus." + name;
    }

    private static Set<String> built(ModuleDescriptor d) {
        Set<String> out = new TreeSet<>();
        for (ModuleDescriptor.Requires r : d.requires()) {
            if (r.modifiers().contains(ModuleDescriptor.Requires.Modifier.MANDATED)) {
                continue;
            }
            boolean transitive = r.modifiers().contains(ModuleDescriptor.Requires.Modifier.TRANSITIVE);
            out.add(r.name() + (transitive ? " (t)" : ""));
        }
        return out;
    }

    @Test
    void theDocumentedGraphIsTheBuiltOne() throws IOException {
        String doc = Files.readString(RepositoryFiles.root().resolve("docs/architecture.md"));
        Map<String, Set<String>> documented = documented(doc);
        Map<String, ModuleDescriptor> modules = ModuleGraphTest.animusModules();
        List<String> wrong = new ArrayList<>();
        documented.forEach((name, requires) -> {
            ModuleDescriptor d = modules.get(name);
            if (d == null) {
                wrong.add(name + ": documented, but no such module was built");
            } else if (!built(d).equals(requires)) {
                wrong.add(name + ": documented " + requires + ", built " + built(d));
            }
        });
        for (String name : List.of(
                "core",
                "json",
                "rpc",
                "process",
                "store",
                "fetch",
                "keyring",
                "sigstore",
                "host",
                "discovery",
                "conformance",
                "scaffold",
                "install",
                "router",
                "runtime",
                "daemon",
                "shell",
                "sdk",
                "plugins.cli")) {
            if (!documented.containsKey("dev.animus." + name)) {
                wrong.add("dev.animus." + name + ": built, but missing from the documented graph");
            }
        }
        assertEquals(List.of(), wrong, "docs/architecture.md#modules disagrees with the module descriptors");
    }

    @Test
    void aWrongLineIsCaught() {
        String doc = "Dependency rule\n```\ncore      -> java.base only\nshell     -> runtime (t), picocli\n"
                + "sigstore  -> BouncyCastle (bcpkix, bcprov); nothing of ours\n```\n";
        Map<String, Set<String>> graph = documented(doc);
        assertEquals(Set.of(), graph.get("dev.animus.core"));
        assertEquals(Set.of("dev.animus.runtime (t)", "info.picocli"), graph.get("dev.animus.shell"));
        assertFalse(graph.get("dev.animus.shell").contains("dev.animus.runtime"));
        assertEquals(Set.of("org.bouncycastle.pkix", "org.bouncycastle.provider"), graph.get("dev.animus.sigstore"));
        assertThrows(
                IllegalArgumentException.class, () -> documented("Dependency rule\n```\nshell needs runtime\n```\n"));
    }
}
