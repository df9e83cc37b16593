package dev.animus.router;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * An install-time alias ({@code animus plugin install … --as-kind}): the host routes the kinds of
 * {@code alias} to a plugin that knows them as those of {@code nativePattern}, so that two backends
 * of the same kind can both be installed. Both patterns are of one type (a kind for a kind, a glob
 * for a glob); the catch-all is never aliased; the two never overlap ({@code task=task} or {@code
 * task.*=task.x.*} are refused), which makes the renaming a bijection.
 *
 * <p>The rewriting, both ways over the same fields: a kind-scoped method's prefix; at the top of
 * params or a result and inside {@code subject}, each of {@code subjects[*]}, {@code event} and
 * {@code event.subject}: the id prefixes of {@code id} (except beside an {@code event}: there it is
 * the watch's own request id), {@code subject_id}, {@code parent} and {@code children[*]}, the
 * values of {@code kind} (a string or an array of strings), {@code filter.kind} and {@code
 * kinds[*]} (the kinds of a schema). Kinds and ids the alias does not cover pass unchanged, so
 * {@code inbound(outbound(x))} is {@code x} whenever {@code x} names no kind of {@code nativePattern}
 * (the host never sees those: they are the plugin's names).
 *
 * @param nativePattern the kinds as the plugin knows them (one of its {@code subject_kind:} markers)
 * @param alias the kinds as the host routes them
 */
public record KindAlias(KindPattern nativePattern, KindPattern alias) {
    public KindAlias {
        Objects.requireNonNull(nativePattern, "nativePattern");
        Objects.requireNonNull(alias, "alias");
        problem(nativePattern, alias).ifPresent(p -> {
            throw new IllegalArgumentException("--as-kind " + nativePattern.text() + "=" + alias.text() + ": " + p);
        });
    }

    /**
     * The alias {@code --as-kind asKind} asks for, for a plugin serving {@code nativeKinds} (the
     * texts of its {@code subject_kind:} markers): {@code task2} when it serves exactly one kind,
     * {@code task=task2} or {@code task.*=t2.*} naming the kind it renames in general.
     *
     * @throws IllegalArgumentException with a one-line message naming the option and what to write
     */
    public static KindAlias parse(String asKind, List<String> nativeKinds) {
        Objects.requireNonNull(asKind, "asKind");
        List<KindPattern> served = new ArrayList<>();
        nativeKinds.forEach(k -> served.add(KindPattern.parse(k)));
        String option = "--as-kind " + Grammar.quote(asKind).replace("'", "");
        if (served.isEmpty()) {
            throw new IllegalArgumentException(option + ": the plugin declares no subject kind (no subject_kind:"
                    + " marker in its manifest), so it has no kind to rename");
        }
        int eq = asKind.indexOf('=');
        KindPattern nativePattern;
        String aliasText;
        if (eq < 0) {
            if (served.size() > 1) {
                throw new IllegalArgumentException(
                        option + ": the plugin serves " + texts(served) + ": name the one to rename, e.g. --as-kind "
                                + served.get(0).text() + "=" + example(served.get(0)));
            }
            nativePattern = served.get(0);
            aliasText = asKind;
        } else {
            nativePattern = patternIn(option, asKind.substring(0, eq));
            aliasText = asKind.substring(eq + 1);
            if (!served.contains(nativePattern)) {
                throw new IllegalArgumentException(option + ": the plugin serves no kind "
                        + Grammar.quote(nativePattern.text()) + " (it serves " + texts(served) + ")");
            }
        }
        KindPattern alias = patternIn(option, aliasText);
        String p = problem(nativePattern, alias).orElse(null);
        if (p != null) {
            throw new IllegalArgumentException(option + ": " + p);
        }
        return new KindAlias(nativePattern, alias);
    }

    /** {@code aliasedKind} as the plugin knows it; itself when the alias does not cover it. */
    public String nativeKind(String aliasedKind) {
        return Renaming.rename(aliasedKind, alias, nativePattern);
    }

    /** {@code nativeKind} as the host routes it; itself when the alias does not cover it. */
    public String aliasedKind(String nativeKind) {
        return Renaming.rename(nativeKind, nativePattern, alias);
    }

    /** A kind-scoped method as the plugin knows it: {@code task2/get} → {@code task/get}. */
    public String outboundMethod(String method) {
        int slash = method.indexOf('/');
        return slash < 0 ? method : nativeKind(method.substring(0, slash)) + method.substring(slash);
    }

    /** A kind-scoped method as the host routes it: {@code task/get} → {@code task2/get}. */
    public String inboundMethod(String method) {
        int slash = method.indexOf('/');
        return slash < 0 ? method : aliasedKind(method.substring(0, slash)) + method.substring(slash);
    }

    /** A copy of {@code params} for the plugin: the host's kinds and ids rewritten to its own. */
    public JsonNode outbound(JsonNode params) {
        return SubjectJson.rewrite(params, this::nativeKind);
    }

    /** A copy of {@code result} (or of notification params) from the plugin: its kinds and ids rewritten to the host's. */
    public JsonNode inbound(JsonNode result) {
        return SubjectJson.rewrite(result, this::aliasedKind);
    }

    /** The {@code --as-kind} text that parses back to this alias: {@code task=task2}. */
    public String text() {
        return nativePattern.text() + "=" + alias.text();
    }

    private static KindPattern patternIn(String option, String text) {
        try {
            return KindPattern.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
        }
    }

    private static Optional<String> problem(KindPattern nativePattern, KindPattern alias) {
        if (nativePattern instanceof KindPattern.CatchAll || alias instanceof KindPattern.CatchAll) {
            return Optional.of("the catch-all '*' cannot be aliased");
        }
        if (nativePattern.getClass() != alias.getClass()) {
            return Optional.of("an alias is of the kind's own type: a kind for a kind (task=task2),"
                    + " a glob for a glob (task.*=task2.*)");
        }
        if (overlap(nativePattern, alias)) {
            return Optional.of("the alias " + Grammar.quote(alias.text()) + " overlaps the kind "
                    + Grammar.quote(nativePattern.text()) + " it renames: choose another, e.g. "
                    + example(nativePattern));
        }
        return Optional.empty();
    }

    private static boolean overlap(KindPattern a, KindPattern b) {
        if (a instanceof KindPattern.Glob ga && b instanceof KindPattern.Glob gb) {
            String x = ga.prefix();
            String y = gb.prefix();
            return x.equals(y) || x.startsWith(y + ".") || y.startsWith(x + ".");
        }
        return a.equals(b);
    }

    private static String example(KindPattern p) {
        return switch (p) {
            case KindPattern.Exact e -> e.kind() + "2";
            case KindPattern.Glob g -> g.prefix() + "2.*";
            case KindPattern.CatchAll c -> "task2";
        };
    }

    private static String texts(List<KindPattern> patterns) {
        return String.join(", ", patterns.stream().map(KindPattern::text).toList());
    }
}
