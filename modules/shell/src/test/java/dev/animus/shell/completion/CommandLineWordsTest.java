package dev.animus.shell.completion;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class CommandLineWordsTest {

    private static List<String> words(String line) {
        return CommandLineWords.split(line);
    }

    private static String failure(String line) {
        return assertThrows(IllegalArgumentException.class, () -> CommandLineWords.split(line))
                .getMessage();
    }

    @Nested
    class PlainWords {
        @Test
        void spacesAndTabsSeparateWordsAndRunsOfThemCountOnce() {
            assertEquals(List.of("plugin", "dev", "./p", "ping"), words("  plugin \t dev\t\t./p   ping \t"));
        }

        @Test
        void aBlankLineHasNoWords() {
            assertEquals(List.of(), words(""));
            assertEquals(List.of(), words(" \t  "));
        }

        @Test
        void shellOperatorsAndDollarsAreOrdinaryCharacters() {
            assertEquals(List.of("a|b", ">out", "$HOME", "*.txt", "`x`;&"), words("a|b >out $HOME *.txt `x`;&"));
        }

        @Test
        void nonAsciiPassesThroughUntouched() {
            assertEquals(List.of("café", "😀x"), words("café 😀x"));
        }

        @Test
        void aTrailingCarriageReturnFromACrlfScriptIsDropped() {
            assertEquals(List.of("status"), words("status\r"));
            assertEquals(List.of("a b"), words("'a b'\r"));
        }

        @Test
        void aCarriageReturnThatIsNotTrailingIsAnOrdinaryCharacter() {
            assertEquals(List.of("a\rb"), words("a\rb"));
        }
    }

    @Nested
    class Comments {
        @Test
        void aLineStartingWithHashIsAComment() {
            assertEquals(List.of(), words("# plugin dev ./p ping"));
            assertEquals(List.of(), words("   #indented comment 'with unbalanced quote"));
        }

        @Test
        void aHashStartingAWordEndsTheLine() {
            assertEquals(List.of("status"), words("status # what runs now"));
            assertEquals(List.of("status"), words("status\t#tab before"));
        }

        @Test
        void aHashInsideAWordIsLiteral() {
            assertEquals(List.of("a#b", "c#"), words("a#b c#"));
        }

        @Test
        void aHashAfterAQuotedPartOfTheSameWordIsLiteral() {
            assertEquals(List.of("#", "x#"), words("''# \"x\"#"));
        }

        @Test
        void aQuotedOrEscapedHashIsLiteral() {
            assertEquals(List.of("#a", "#b", "#c"), words("'#a' \"#b\" \\#c"));
        }
    }

    @Nested
    class Quotes {
        @Test
        void singleQuotesKeepEverythingLiteral() {
            assertEquals(List.of("a \\\"$ b"), words("'a \\\"$ b'"));
        }

        @Test
        void doubleQuotesDropTheBackslashBeforeQuoteBackslashDollarAndBacktick() {
            assertEquals(List.of("\"\\$`"), words("\"\\\"\\\\\\$\\`\""));
        }

        @Test
        void doubleQuotesKeepAnyOtherBackslash() {
            assertEquals(List.of("a\\b\\n\\'"), words("\"a\\b\\n\\'\""));
        }

        @Test
        void adjacentPartsJoinIntoOneWord() {
            assertEquals(List.of("--params={\"a\":1}"), words("--params='{\"a\":1}'"));
            assertEquals(List.of("abcde"), words("a'b'\"c\"\\d'e'"));
        }

        @Test
        void jsonParamsInSingleQuotesStayOneWordWithTheirSpaces() {
            assertEquals(
                    List.of("plugin", "dev", "./p", "call", "echo", "--params", "{\"text\":\"hi there\"}"),
                    words("plugin dev ./p call echo --params '{\"text\":\"hi there\"}'"));
        }

        @Test
        void jsonParamsInDoubleQuotesNeedTheirQuotesEscaped() {
            assertEquals(
                    List.of("call", "echo", "--params", "{\"text\":\"it's $5\"}"),
                    words("call echo --params \"{\\\"text\\\":\\\"it's \\$5\\\"}\""));
        }

        @Test
        void aSingleQuoteInsideSingleQuotesUsesTheCloseEscapeReopenTrick() {
            assertEquals(List.of("it's"), words("'it'\\''s'"));
        }

        @Test
        void emptyQuotesAreAnEmptyWordThatIsKept() {
            assertEquals(List.of("a", "", "", "b"), words("a '' \"\" b"));
            assertEquals(List.of(""), words("''"));
        }
    }

    @Nested
    class Backslashes {
        @Test
        void aBackslashOutsideQuotesMakesTheNextCharacterLiteral() {
            assertEquals(List.of("a b", "'", "\"", "\\"), words("a\\ b \\' \\\" \\\\"));
        }

        @Test
        void anEscapedTabJoinsTheWord() {
            assertEquals(List.of("a\tb"), words("a\\\tb"));
        }

        @Test
        void anEscapedEmojiStaysWhole() {
            assertEquals(List.of("😀"), words("\\😀"));
        }
    }

    @Nested
    class Errors {
        @Test
        void anUnterminatedSingleQuoteNamesItsColumn() {
            assertEquals("unterminated single quote starting at column 12", failure("call echo  'abc"));
        }

        @Test
        void anUnterminatedDoubleQuoteNamesItsColumn() {
            assertEquals("unterminated double quote starting at column 3", failure("a \"b\\\" c"));
        }

        @Test
        void aLoneTrailingBackslashIsAnError() {
            assertEquals("line ends with a lone backslash at column 5", failure("ping\\"));
            assertEquals("line ends with a lone backslash at column 5", failure("ping\\\r"));
        }

        @Test
        void columnsCountCharactersAsAnEditorShowsThemNotUtf16Units() {
            assertEquals("unterminated single quote starting at column 4", failure("😀é '"));
        }

        @Test
        void aQuoteOfTheOtherKindDoesNotCloseTheQuote() {
            assertTrue(failure("'abc\"").startsWith("unterminated single quote"));
            assertTrue(failure("\"abc'").startsWith("unterminated double quote"));
        }
    }

    @Nested
    class Properties {
        private static final String SPECIALS = " \t'\"\\#$`";
        private static final String[] EXOTIC = {"é", "😀", "ü", "→"};

        static LongStream seeds() {
            return LongStream.range(0, 200);
        }

        @ParameterizedTest(name = "seed {0}")
        @MethodSource("seeds")
        void renderedWordsSplitBackIntoTheSameWords(long seed) {
            Random random = new Random(seed);
            List<String> expected = new ArrayList<>();
            StringBuilder line = new StringBuilder(random.nextBoolean() ? blanks(random) : "");
            int count = random.nextInt(8);
            for (int i = 0; i < count; i++) {
                String word = randomWord(random);
                expected.add(word);
                line.append(i == 0 ? "" : blanks(random)).append(render(word, random));
            }
            line.append(random.nextBoolean() ? blanks(random) : "");
            if (random.nextInt(4) == 0) {
                line.append(count == 0 ? "" : " ").append("# trailing 'comment \"");
            }
            line.append(random.nextInt(4) == 0 ? "\r" : "");
            assertEquals(expected, CommandLineWords.split(line.toString()), "seed " + seed + ", line [" + line + "]");
        }

        @ParameterizedTest(name = "seed {0}")
        @MethodSource("seeds")
        void garbageEitherSplitsOrFailsWithAOneLineMessageNamingAColumn(long seed) {
            Random random = new Random(seed);
            StringBuilder garbage = new StringBuilder();
            int length = random.nextInt(30);
            for (int i = 0; i < length; i++) {
                garbage.append(randomPiece(random));
            }
            String line = garbage.toString();
            String context = "seed " + seed + ", line [" + line + "]";
            try {
                List<String> words = CommandLineWords.split(line);
                assertTrue(words.size() <= line.length(), context);
            } catch (IllegalArgumentException e) {
                String message = e.getMessage();
                assertTrue(message.contains(" at column ") && !message.contains("\n"), context + ": " + message);
            } catch (RuntimeException e) {
                throw new AssertionError(context + ": threw " + e, e);
            }
        }

        private static String randomWord(Random random) {
            StringBuilder word = new StringBuilder();
            int length = random.nextInt(10);
            for (int i = 0; i < length; i++) {
                word.append(randomPiece(random));
            }
            return word.toString();
        }

        /** One character as text: printable ASCII, a shell special, or a non-ASCII one. */
        private static String randomPiece(Random random) {
            return switch (random.nextInt(4)) {
                case 0 -> String.valueOf(SPECIALS.charAt(random.nextInt(SPECIALS.length())));
                case 1 -> EXOTIC[random.nextInt(EXOTIC.length)];
                default -> String.valueOf((char) (' ' + random.nextInt(95)));
            };
        }

        private static String blanks(Random random) {
            StringBuilder blanks = new StringBuilder();
            int length = 1 + random.nextInt(3);
            for (int i = 0; i < length; i++) {
                blanks.append(random.nextBoolean() ? ' ' : '\t');
            }
            return blanks.toString();
        }

        /** The word cut at code point boundaries, each part quoted its own way, so parts must join. */
        private static String render(String word, Random random) {
            int[] codePoints = word.codePoints().toArray();
            StringBuilder rendered = new StringBuilder();
            int start = 0;
            while (start < codePoints.length) {
                int end = start + 1 + random.nextInt(codePoints.length - start);
                rendered.append(renderPart(new String(codePoints, start, end - start), start == 0, random));
                start = end;
            }
            return rendered.isEmpty() ? (random.nextBoolean() ? "''" : "\"\"") : rendered.toString();
        }

        /** A {@code #} needs escaping only where it would start a comment: at the start of a word. */
        private static String renderPart(String part, boolean startsWord, Random random) {
            return switch (random.nextInt(3)) {
                case 0 -> "'" + part.replace("'", "'\\''") + "'";
                case 1 -> "\"" + part.replaceAll("([\"\\\\$`])", "\\\\$1") + "\"";
                default -> {
                    String escaped = part.replaceAll("([ \t'\"\\\\])", "\\\\$1");
                    yield startsWord && escaped.startsWith("#") ? "\\" + escaped : escaped;
                }
            };
        }
    }
}
