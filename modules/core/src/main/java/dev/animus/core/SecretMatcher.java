package dev.animus.core;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;

/**
 * Finds every occurrence of a fixed set of strings (the forms of the known secrets) in one pass
 * over a text, in time linear in the text whatever the strings (an Aho–Corasick automaton), and
 * masks every character any occurrence covers: overlapping or nested occurrences become one
 * {@link Redaction#MASK}.
 *
 * <p>The forms of a secret are its value, its value stripped, the value as {@link OneLine} and as
 * a JSON string escape it (so text escaped before it was masked is still masked) and, for a value
 * of several lines, each line stripped and escaped the same ways: text that is split into lines
 * before it is masked (a plugin's stderr) then still loses every line of the value. A line shorter
 * than {@link Redaction#MIN_KNOWN_LENGTH} is not masked on its own (it would mask ordinary words).
 *
 * <p>Immutable and thread-safe.
 */
final class SecretMatcher {
    static final SecretMatcher EMPTY = new SecretMatcher(List.of());

    /** Per node: the characters of its children, sorted, and the children. */
    private final char[][] keys;

    private final int[][] children;
    private final int[] fail;
    /** Per node: the length of the longest form that ends at it, or 0. */
    private final int[] longest;

    private final int[] depth;
    private final boolean empty;

    private SecretMatcher(Collection<String> forms) {
        List<TreeMap<Character, Integer>> trie = new ArrayList<>();
        List<Integer> depths = new ArrayList<>();
        List<Integer> ends = new ArrayList<>();
        trie.add(new TreeMap<>());
        depths.add(0);
        ends.add(0);
        for (String form : forms) {
            int node = 0;
            for (int i = 0; i < form.length(); i++) {
                Integer next = trie.get(node).get(form.charAt(i));
                if (next == null) {
                    next = trie.size();
                    trie.add(new TreeMap<>());
                    depths.add(i + 1);
                    ends.add(0);
                    trie.get(node).put(form.charAt(i), next);
                }
                node = next;
            }
            ends.set(node, form.length());
        }
        int size = trie.size();
        keys = new char[size][];
        children = new int[size][];
        fail = new int[size];
        longest = new int[size];
        depth = new int[size];
        for (int v = 0; v < size; v++) {
            TreeMap<Character, Integer> m = trie.get(v);
            keys[v] = new char[m.size()];
            children[v] = new int[m.size()];
            int k = 0;
            for (var e : m.entrySet()) {
                keys[v][k] = e.getKey();
                children[v][k++] = e.getValue();
            }
            depth[v] = depths.get(v);
            longest[v] = ends.get(v);
        }
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int child : children[0]) {
            queue.add(child);
        }
        while (!queue.isEmpty()) {
            int v = queue.poll();
            longest[v] = Math.max(longest[v], longest[fail[v]]);
            for (int k = 0; k < keys[v].length; k++) {
                int child = children[v][k];
                int f = fail[v];
                while (f != 0 && step(f, keys[v][k]) < 0) {
                    f = fail[f];
                }
                int g = step(f, keys[v][k]);
                fail[child] = g < 0 ? 0 : g;
                queue.add(child);
            }
        }
        empty = forms.isEmpty();
    }

    /** A matcher for the forms of {@code secrets}. */
    static SecretMatcher of(Collection<String> secrets) {
        Set<String> forms = new LinkedHashSet<>();
        for (String secret : secrets) {
            forms.addAll(forms(secret));
        }
        return forms.isEmpty() ? EMPTY : new SecretMatcher(forms);
    }

    /** What is masked for one secret value (see the class comment). */
    static Set<String> forms(String secret) {
        Set<String> forms = new LinkedHashSet<>();
        addEscaped(forms, secret);
        addEscaped(forms, secret.strip());
        String[] lines = secret.split("\\R");
        if (lines.length > 1) {
            for (String line : lines) {
                addEscaped(forms, line.strip());
            }
        }
        return forms;
    }

    private static void addEscaped(Set<String> forms, String text) {
        if (text.length() >= Redaction.MIN_KNOWN_LENGTH) {
            forms.add(text);
            forms.add(OneLine.escape(text));
            forms.add(json(text));
        }
    }

    /** {@code text} inside a JSON string as Jackson writes it by default. */
    static String json(String text) {
        StringBuilder b = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case '\b' -> b.append("\\b");
                case '\f' -> b.append("\\f");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04X", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }

    private int step(int node, char c) {
        int k = Arrays.binarySearch(keys[node], c);
        return k < 0 ? -1 : children[node][k];
    }

    /**
     * {@code text} with every character that belongs to an occurrence of a form replaced, each
     * maximal run of them by one {@link Redaction#MASK}. With {@code cutAtEnd} the text was cut
     * off after its last character, so an end that could begin a form is masked too.
     *
     * @param counter receives the number of automaton steps (for tests); may be null
     */
    String mask(String text, boolean cutAtEnd, long[] counter) {
        if (empty) {
            return text;
        }
        // masked ranges [from, to), disjoint and in order; a later one may swallow earlier ones
        int[] from = new int[8];
        int[] to = new int[8];
        int count = 0;
        int node = 0;
        long steps = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            int next = step(node, c);
            while (next < 0 && node != 0) {
                steps++;
                node = fail[node];
                next = step(node, c);
            }
            steps++;
            node = next < 0 ? 0 : next;
            int length = longest[node];
            if (cutAtEnd && i == text.length() - 1) {
                length = Math.max(length, depth[node]);
            }
            if (length > 0) {
                int start = i + 1 - length;
                while (count > 0 && to[count - 1] > start) {
                    start = Math.min(start, from[--count]);
                }
                if (count == from.length) {
                    from = Arrays.copyOf(from, count * 2);
                    to = Arrays.copyOf(to, count * 2);
                }
                from[count] = start;
                to[count++] = i + 1;
            }
        }
        if (counter != null) {
            counter[0] += steps;
        }
        if (count == 0) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        int copied = 0;
        for (int r = 0; r < count; r++) {
            out.append(text, copied, from[r]).append(Redaction.MASK);
            copied = to[r];
        }
        return out.append(text, copied, text.length()).toString();
    }
}
