package dev.animus.shell.repl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** What {@code history} prints: numbered from 1, numbers aligned, the last N, odd lines made safe. */
class HistoryListingTest {

    @Test
    void numbersFromOneRightAligned() {
        List<String> entries =
                IntStream.rangeClosed(1, 10).mapToObj(i -> "plugin list " + i).toList();
        List<String> lines = HistoryListing.lines(entries, Integer.MAX_VALUE);
        assertEquals(10, lines.size());
        assertEquals(" 1  plugin list 1", lines.getFirst());
        assertEquals("10  plugin list 10", lines.getLast());
    }

    @Test
    void theLastNKeepTheirNumbers() {
        List<String> lines = HistoryListing.lines(List.of("a", "b", "c"), 2);
        assertEquals(List.of("2  b", "3  c"), lines);
        assertEquals(List.of("1  a", "2  b", "3  c"), HistoryListing.lines(List.of("a", "b", "c"), 5));
        assertEquals(List.of(), HistoryListing.lines(List.of(), 5));
    }

    @Test
    void aLineTypedOverSeveralLinesIsIndentedUnderItsNumber() {
        List<String> lines = HistoryListing.lines(List.of("plugin call a b --params '{\"x\":\n1}'"), 10);
        assertEquals(List.of("1  plugin call a b --params '{\"x\":", "   1}'"), lines);
    }

    @Test
    void controlCharactersInTheFileAreShownNotSent() {
        List<String> lines = HistoryListing.lines(List.of("plugin list\u001b[2J"), 10);
        assertEquals(List.of("1  plugin list\\u001b[2J"), lines);
    }
}
