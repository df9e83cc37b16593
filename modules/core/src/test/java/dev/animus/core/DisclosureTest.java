package dev.animus.core;

import static dev.animus.core.InstallFixtures.CODE_1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** What a plugin discloses, its canonical text and its consent digest. */
class DisclosureTest {
    private static final Disclosure FIXED = Disclosure.of(CODE_1, InstallFixtures.manifest());

    private static Disclosure withDataSent(List<String> dataSent) {
        return new Disclosure(
                CODE_1, List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), dataSent, List.of(),
                List.of());
    }

    @Nested
    class FromAManifest {

        @Test
        void everyDisclosedFieldIsTakenFromTheManifest() {
            assertEquals(
                    new Disclosure(
                            CODE_1,
                            List.of("provider", "subject_backend"),
                            List.of("$/ping", "$ui/web", "agent/run", "subject_kind:task"),
                            List.of("route.skills"),
                            List.of("classify.command-risk"),
                            List.of("session-start"),
                            List.of("api.example.com"),
                            List.of("prompt text"),
                            List.of("ECHO_MODE"),
                            List.of("echo.token=ECHO_TOKEN")),
                    FIXED);
        }

        @Test
        void theListsAreSortedAndDeduplicated() {
            Disclosure d = new Disclosure(
                    CODE_1,
                    List.of("queue", "custom", "queue"),
                    List.of("b/x", "a/y"),
                    List.of(),
                    List.of(),
                    List.of(),
                    List.of(),
                    List.of(),
                    List.of("Z", "A", "Z"),
                    List.of());
            assertEquals(List.of("custom", "queue"), d.kinds());
            assertEquals(List.of("a/y", "b/x"), d.capabilities());
            assertEquals(List.of("A", "Z"), d.envNames());
        }

        @Test
        void anEmptyValueIsRejectedNamingItsField() {
            var e = assertThrows(IllegalArgumentException.class, () -> withDataSent(List.of("x", "")));
            assertTrue(e.getMessage().contains("data_sent"), e.getMessage());
        }

        @Test
        void aCodeDigestThatIsNotASha256IsRejected() {
            assertThrows(IllegalArgumentException.class, () -> Disclosure.of("abc", InstallFixtures.manifest()));
        }
    }

    @Nested
    class Canonical {

        @Test
        void theCanonicalTextIsAVersionedLineForEachFieldInAFixedOrder() {
            assertEquals("""
                    animus-disclosure/1
                    code_digest=%s
                    kinds=provider,subject_backend
                    capabilities=$/ping,$ui/web,agent/run,subject_kind:task
                    hooks=route.skills
                    policy_hooks=classify.command-risk
                    events=session-start
                    network_destinations=api.example.com
                    data_sent=prompt text
                    env_names=ECHO_MODE
                    secret_names=echo.token%%3DECHO_TOKEN
                    """.formatted(CODE_1), FIXED.canonical());
        }

        static Stream<Arguments> escapes() {
            return Stream.of(
                    Arguments.of("a percent sign", "100%", "100%25"),
                    Arguments.of("a comma", "a,b", "a%2Cb"),
                    Arguments.of("an equals sign", "k=v", "k%3Dv"),
                    Arguments.of("a line feed", "a\nb", "a%0Ab"),
                    Arguments.of("a carriage return", "a\rb", "a%0Db"),
                    Arguments.of("a tab", "a\tb", "a%09b"),
                    Arguments.of("an escape character", "\u001b[31m", "%1B[31m"),
                    Arguments.of("a next-line control", "a\u0085b", "a%85b"),
                    Arguments.of("a line separator", "a\u2028b", "a%u2028b"),
                    Arguments.of("a paragraph separator", "a\u2029b", "a%u2029b"),
                    Arguments.of("a lone high surrogate", "a\uD800b", "a%uD800b"),
                    Arguments.of("a lone low surrogate", "\uDC00", "%uDC00"),
                    Arguments.of("a high surrogate at the end", "a\uD83E", "a%uD83E"),
                    Arguments.of("a surrogate pair", "\uD83E\uDD80 \u00e9", "\uD83E\uDD80 \u00e9"),
                    Arguments.of("an escape lookalike", "%2C", "%252C"));
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("escapes")
        void valuesAreEscapedSoThatNoneCanForgeASeparator(String what, String value, String escaped) {
            assertEquals(escaped, Disclosure.escape(value), what);
        }

        @Test
        void aLineBreakInAValueCannotForgeAField() {
            Disclosure forged = withDataSent(List.of("x\nenv_names=SECRET"));
            assertTrue(
                    forged.canonical().contains("\ndata_sent=x%0Aenv_names%3DSECRET\nenv_names=\n"),
                    forged.canonical());
            assertEquals(11, forged.canonical().lines().count());
        }

        @Test
        void oneValueWithACommaDiffersFromTwoValues() {
            assertNotEquals(
                    withDataSent(List.of("a,b")).canonical(),
                    withDataSent(List.of("a", "b")).canonical());
        }
    }

    @Nested
    class Digest {

        /**
         * A golden value. Changing it means {@link Disclosure#canonical()} or {@link ConsentDigest}
         * changed, which invalidates every consent every operator ever gave: every plugin would read
         * "not consented" after an upgrade. Do that only with a new format version, on purpose.
         * (Both values were also computed outside Java, with Python's hashlib over the text above.)
         */
        @Test
        void theConsentDigestOfAFixedDisclosureNeverChanges() {
            assertEquals("ac744df0477a9446c38a1ecdb071f47617b9c3e432126db7085ec0800d7545f7", FIXED.digest());
        }

        /** A golden value over escaped and non-ASCII text: the same warning as above applies. */
        @Test
        void theConsentDigestOfEscapedNonAsciiValuesNeverChanges() {
            Disclosure d = withDataSent(List.of("\u00e9 data, 100%", "line\nbreak"));
            assertEquals(
                    "data_sent=line%0Abreak,\u00e9 data%2C 100%25",
                    d.canonical().lines().toList().get(8));
            assertEquals("83b2d97a6602540c75bf97c4be7120a6e671bf767dc7840d7fa2b34e3c868065", d.digest());
        }

        @Test
        void theDigestIsTheSha256OfTheCanonicalTextAsLowercaseHex() {
            assertEquals(ConsentDigest.of(FIXED), FIXED.digest());
            assertTrue(Digests.isSha256(FIXED.digest()), FIXED.digest());
        }

        @Test
        void theCodeDigestIsPartOfTheDisclosure() {
            assertNotEquals(
                    FIXED.digest(),
                    Disclosure.of(InstallFixtures.CODE_2, InstallFixtures.manifest())
                            .digest());
        }
    }
}
