package dev.animus.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The {@code subject_kind:} marker takes the router's pattern grammar: a kind, {@code <kind>.*} or {@code *}. */
class SubjectKindMarkerTest {
    @ParameterizedTest
    @ValueSource(strings = {"task", "linear.issue", "jira.v2-bug", "a.1.b_c", "task.*", "linear.issue.*", "*", "t-_9"})
    void validMarkersAreAccepted(String kind) {
        assertEquals(java.util.Optional.empty(), ManifestRules.capabilityProblem("subject_kind:" + kind), kind);
        Manifest m = ManifestTest.with("subject_backend", List.of(), List.of("subject_kind:" + kind));
        assertEquals(List.of(kind), m.subjectKinds());
    }

    @Test
    void theLongestKindIs64AndItsGlobToo() {
        String k64 = "a".repeat(32) + "." + "b".repeat(31);
        assertTrue(ManifestRules.capabilityProblem("subject_kind:" + k64).isEmpty());
        assertTrue(ManifestRules.capabilityProblem("subject_kind:" + k64 + ".*").isEmpty());
        assertTrue(ManifestRules.capabilityProblem("subject_kind:" + k64 + "c").isPresent());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "Task",
                "1task",
                ".task",
                "task.",
                "a..b",
                "a._b",
                "task*",
                "a.*.*",
                "*.x",
                ".*",
                "**",
                "task/get",
                "task:1",
                "ta sk",
                "täsk"
            })
    void invalidMarkersAreRefusedInOneLine(String kind) {
        String reason = ManifestRules.capabilityProblem("subject_kind:" + kind).orElseThrow();
        assertTrue(reason.contains("invalid subject kind"), reason);
        assertTrue(reason.contains("subject_kind:task.*"), reason);
        assertFalse(reason.contains("\n"), reason);
        ManifestInvalid e = assertThrows(
                ManifestInvalid.class,
                () -> ManifestTest.with("subject_backend", List.of(), List.of("x/list", "subject_kind:" + kind)));
        assertTrue(e.getMessage().contains("capabilities[1]"), e.getMessage());
    }

    /** Random texts over the grammar's alphabet against a reference scan of the grammar. */
    @Test
    void randomTextsAgreeWithAReferenceModel() {
        Random random = new Random(22);
        String alphabet = "ab9_-.*A/";
        for (int i = 0; i < 20_000; i++) {
            StringBuilder b = new StringBuilder();
            int n = random.nextInt(random.nextInt(10) == 0 ? 70 : 8);
            for (int j = 0; j < n; j++) {
                b.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String text = b.toString();
            assertEquals(reference(text), ManifestRules.subjectKindPattern(text), text);
        }
    }

    private static boolean reference(String text) {
        if (text.equals("*")) {
            return true;
        }
        String kind = text.endsWith(".*") ? text.substring(0, text.length() - 2) : text;
        if (kind.isEmpty() || kind.length() > 64) {
            return false;
        }
        String[] segments = kind.split("\\.", -1);
        for (int s = 0; s < segments.length; s++) {
            String seg = segments[s];
            if (seg.isEmpty()) {
                return false;
            }
            char first = seg.charAt(0);
            boolean firstOk = (first >= 'a' && first <= 'z') || (s > 0 && first >= '0' && first <= '9');
            if (!firstOk) {
                return false;
            }
            for (char c : seg.toCharArray()) {
                if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-')) {
                    return false;
                }
            }
        }
        return true;
    }
}
