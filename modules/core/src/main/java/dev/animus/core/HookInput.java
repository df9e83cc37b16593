package dev.animus.core;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The host's input to a hook (docs/lifecycle.md#hooks-and-events), validated before anything is
 * sent: a value of this type is within the limits, and {@link #wire()} is exactly what the plugin
 * receives. {@link #parse} reads one from the neutral tree {@link HookTree} describes.
 */
public sealed interface HookInput {
    /** The most characters of a request text. */
    int MAX_TEXT = 16_384;
    /** The most skills offered to {@code route.skills}. */
    int MAX_SKILLS = 200;
    /** The most elements of a page. */
    int MAX_ELEMENTS = 200;
    /** The most characters of a command. */
    int MAX_COMMAND = 4_000;

    /** The hook this is the input of. */
    HookId hook();

    /** The params sent, as a neutral tree built from the fields only. */
    Map<String, Object> wire();

    /** The options the answer must cover exactly once (skills, refs), empty for the other hooks. */
    default List<String> options() {
        return List.of();
    }

    /** A skill offered to {@code route.skills}. */
    record Skill(String name, String description) {
        public Skill {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(description, "description");
        }
    }

    /** An element of a page. */
    record Element(String ref, String role, String label) {
        public Element {
            Objects.requireNonNull(ref, "ref");
            Objects.requireNonNull(role, "role");
            Objects.requireNonNull(label, "label");
        }

        Map<String, Object> wire() {
            return ordered("ref", ref, "role", role, "label", label);
        }
    }

    /** {@code route.skills}: {@code {request_text, skills:[{name, description}]}}. */
    record Skills(String requestText, List<Skill> skills) implements HookInput {
        public Skills {
            Objects.requireNonNull(requestText, "requestText");
            skills = List.copyOf(skills);
            unique(skills.stream().map(Skill::name).toList(), "skills", "name");
        }

        @Override
        public HookId hook() {
            return HookId.ROUTE_SKILLS;
        }

        @Override
        public List<String> options() {
            return skills.stream().map(Skill::name).toList();
        }

        @Override
        public Map<String, Object> wire() {
            List<Object> list = new ArrayList<>();
            skills.forEach(s -> list.add(ordered("name", s.name(), "description", s.description())));
            return ordered("request_text", requestText, "skills", list);
        }
    }

    /** {@code classify.page}: {@code {origin, title, elements, signals:{password_field, payment_field}}}. */
    record Page(String origin, String title, List<Element> elements, boolean passwordField, boolean paymentField)
            implements HookInput {
        public Page {
            Objects.requireNonNull(origin, "origin");
            Objects.requireNonNull(title, "title");
            elements = List.copyOf(elements);
            unique(elements.stream().map(Element::ref).toList(), "elements", "ref");
        }

        @Override
        public HookId hook() {
            return HookId.CLASSIFY_PAGE;
        }

        @Override
        public Map<String, Object> wire() {
            return ordered(
                    "origin",
                    origin,
                    "title",
                    title,
                    "elements",
                    elements.stream().map(e -> (Object) e.wire()).toList(),
                    "signals",
                    ordered("password_field", passwordField, "payment_field", paymentField));
        }
    }

    /** {@code route.snapshot}: {@code {request_text, origin, elements}}. */
    record Snapshot(String requestText, String origin, List<Element> elements) implements HookInput {
        public Snapshot {
            Objects.requireNonNull(requestText, "requestText");
            Objects.requireNonNull(origin, "origin");
            elements = List.copyOf(elements);
            unique(elements.stream().map(Element::ref).toList(), "elements", "ref");
        }

        @Override
        public HookId hook() {
            return HookId.ROUTE_SNAPSHOT;
        }

        @Override
        public List<String> options() {
            return elements.stream().map(Element::ref).toList();
        }

        @Override
        public Map<String, Object> wire() {
            return ordered(
                    "request_text", requestText,
                    "origin", origin,
                    "elements", elements.stream().map(e -> (Object) e.wire()).toList());
        }
    }

    /** {@code classify.command-risk}: exactly {@code {command}}, 1 to 4,000 characters. */
    record Command(String command) implements HookInput {
        public Command {
            Objects.requireNonNull(command, "command");
            if (command.isEmpty() || command.length() > MAX_COMMAND) {
                throw new IllegalArgumentException("the command has " + command.length()
                        + " characters: a command-risk input holds 1 to " + MAX_COMMAND);
            }
        }

        @Override
        public HookId hook() {
            return HookId.COMMAND_RISK;
        }

        @Override
        public Map<String, Object> wire() {
            return ordered("command", command);
        }
    }

    /**
     * The input of {@code hook} read from {@code tree}, holding exactly the hook's fields.
     *
     * @throws IllegalArgumentException one line naming the field and what is wrong with it
     */
    static HookInput parse(HookId hook, Object tree) {
        try {
            return switch (hook) {
                case ROUTE_SKILLS -> {
                    Map<String, Object> o = HookTree.object(tree, "input", Set.of("request_text", "skills"));
                    List<Skill> skills = new ArrayList<>();
                    List<Object> items = HookTree.array(o.get("skills"), "input.skills", MAX_SKILLS);
                    for (int i = 0; i < items.size(); i++) {
                        String at = "input.skills[" + i + "]";
                        Map<String, Object> s = HookTree.object(items.get(i), at, Set.of("name", "description"));
                        skills.add(new Skill(
                                HookTree.string(s.get("name"), at + ".name", 1, 128),
                                HookTree.string(s.get("description"), at + ".description", 0, 2_000)));
                    }
                    yield new Skills(text(o.get("request_text")), skills);
                }
                case CLASSIFY_PAGE -> {
                    Map<String, Object> o =
                            HookTree.object(tree, "input", Set.of("origin", "title", "elements", "signals"));
                    Map<String, Object> signals = HookTree.object(
                            o.get("signals"), "input.signals", Set.of("password_field", "payment_field"));
                    yield new Page(
                            HookTree.string(o.get("origin"), "input.origin", 1, 2_048),
                            HookTree.string(o.get("title"), "input.title", 0, 2_048),
                            elements(o.get("elements")),
                            HookTree.bool(signals.get("password_field"), "input.signals.password_field"),
                            HookTree.bool(signals.get("payment_field"), "input.signals.payment_field"));
                }
                case ROUTE_SNAPSHOT -> {
                    Map<String, Object> o =
                            HookTree.object(tree, "input", Set.of("request_text", "origin", "elements"));
                    yield new Snapshot(
                            text(o.get("request_text")),
                            HookTree.string(o.get("origin"), "input.origin", 1, 2_048),
                            elements(o.get("elements")));
                }
                case COMMAND_RISK -> {
                    Map<String, Object> o = HookTree.object(tree, "input", Set.of("command"));
                    yield new Command(HookTree.string(o.get("command"), "input.command", 1, MAX_COMMAND));
                }
            };
        } catch (HookTree.Problem p) {
            throw new IllegalArgumentException(hook.wire() + " " + p.getMessage());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(hook.wire() + " input: " + e.getMessage());
        }
    }

    private static String text(Object value) {
        return HookTree.string(value, "input.request_text", 1, MAX_TEXT);
    }

    private static List<Element> elements(Object value) {
        List<Object> items = HookTree.array(value, "input.elements", MAX_ELEMENTS);
        List<Element> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            String at = "input.elements[" + i + "]";
            Map<String, Object> e = HookTree.object(items.get(i), at, Set.of("ref", "role", "label"));
            out.add(new Element(
                    HookTree.string(e.get("ref"), at + ".ref", 1, 64),
                    HookTree.string(e.get("role"), at + ".role", 0, 64),
                    HookTree.string(e.get("label"), at + ".label", 0, 1_000)));
        }
        return out;
    }

    private static void unique(List<String> names, String list, String field) {
        Set<String> seen = new HashSet<>();
        for (String n : names) {
            if (!seen.add(n)) {
                throw new IllegalArgumentException(list + ": two items have the " + field + " "
                        + ManifestRules.quote(OneLine.escape(n)) + "; each must be unique");
            }
        }
    }

    /** An insertion-ordered map of the key-value pairs. */
    static Map<String, Object> ordered(Object... pairs) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((String) pairs[i], pairs[i + 1]);
        }
        return java.util.Collections.unmodifiableMap(m);
    }
}
