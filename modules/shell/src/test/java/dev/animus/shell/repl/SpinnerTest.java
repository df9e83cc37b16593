package dev.animus.shell.repl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When the shell's spinner draws, what it draws, and when it erases itself: a fake clock drives it. */
class SpinnerTest {
    private long now = 1_000_000_000L; // like System.nanoTime(), any start
    private final List<String> screen = new ArrayList<>();
    private final List<Runnable> ticks = new ArrayList<>();
    private int stopped;
    private final Spinner spinner = new Spinner(
            () -> now,
            (period, tick) -> {
                assertEquals(Spinner.FRAME, period);
                ticks.add(tick);
                return () -> stopped++;
            },
            screen::add,
            List.of("a", "b"));

    private void advance(Duration d) {
        now += d.toNanos();
        ticks.forEach(Runnable::run);
    }

    @Test
    void drawsNothingForTheFirstSecondThenTheElapsedTimeOnEachTick() {
        spinner.begin();
        advance(Duration.ofMillis(999));
        assertEquals(List.of(), screen, "a command quiet for less than a second shows no spinner");
        advance(Duration.ofMillis(1));
        advance(Duration.ofMillis(1500));
        assertEquals(List.of("\ra 1.0s (Ctrl-C cancels)\u001b[K", "\rb 2.5s (Ctrl-C cancels)\u001b[K"), screen);
    }

    @Test
    void endingErasesTheSpinnerAndStopsTheTicks() {
        spinner.begin();
        advance(Duration.ofSeconds(2));
        spinner.end();
        assertEquals(Spinner.ERASE, screen.getLast());
        assertEquals(1, stopped);
        int drawn = screen.size();
        advance(Duration.ofSeconds(5));
        assertEquals(drawn, screen.size(), "a tick after the end draws nothing");
    }

    @Test
    void aCommandThatEndsWithinASecondLeavesNothingOnTheScreen() {
        spinner.begin();
        advance(Duration.ofMillis(900));
        spinner.end();
        assertEquals(List.of(), screen, "nothing was drawn, so nothing is erased");
        assertEquals(1, stopped);
    }

    @Test
    void outputErasesTheSpinnerFirstAndItComesBackAfterAQuietSecond() {
        List<String> order = new ArrayList<>();
        spinner.begin();
        advance(Duration.ofSeconds(3));
        spinner.write(() -> order.add("output after " + screen.getLast()), '\n');
        assertEquals(List.of("output after " + Spinner.ERASE), order, "erased before the output, not after");
        int drawn = screen.size();
        advance(Duration.ofMillis(999));
        assertEquals(drawn, screen.size(), "no spinner within a second of output");
        advance(Duration.ofMillis(1));
        assertEquals("\rb 4.0s (Ctrl-C cancels)\u001b[K", screen.getLast(), "the time counts from the start");
    }

    @Test
    void outputThatLeavesItsLineOpenKeepsTheSpinnerAway() {
        spinner.begin();
        spinner.write(() -> {}, ' '); // "... [y/N] " or a progress bar
        advance(Duration.ofSeconds(10));
        assertEquals(List.of(), screen);
        spinner.write(() -> {}, '\n');
        advance(Duration.ofSeconds(1));
        assertEquals(1, screen.size());
    }

    @Test
    void noSpinnerWhileTheCommandWaitsForInput() {
        spinner.begin();
        advance(Duration.ofSeconds(2));
        spinner.pause();
        assertEquals(Spinner.ERASE, screen.getLast(), "pausing erases it");
        int drawn = screen.size();
        advance(Duration.ofMinutes(1));
        assertEquals(drawn, screen.size());
        spinner.resume();
        advance(Duration.ofMillis(999));
        assertEquals(drawn, screen.size(), "a quiet second again after the answer");
        advance(Duration.ofMillis(1));
        assertEquals(drawn + 1, screen.size());
    }

    @Test
    void clearSaysWhetherItErasedSomething() {
        spinner.begin();
        assertFalse(spinner.clear());
        advance(Duration.ofSeconds(1));
        assertTrue(spinner.clear());
        assertEquals(Spinner.ERASE, screen.getLast());
        assertFalse(spinner.clear(), "erased once");
    }

    @Test
    void theCommandsWriterErasesTheSpinnerBeforeItsTextAndReadsTheLastCharacter() {
        StringBuilder both = new StringBuilder(); // the terminal: the spinner's and the command's text in order
        Spinner onScreen = new Spinner(
                () -> now,
                (period, tick) -> {
                    ticks.add(tick);
                    return () -> {};
                },
                both::append,
                List.of("*"));
        PrintWriter out = new PrintWriter(new SpinnerWriter(
                new StringWriter() {
                    @Override
                    public void write(String text, int offset, int length) {
                        both.append(text, offset, offset + length);
                    }
                },
                onScreen));
        onScreen.begin();
        advance(Duration.ofSeconds(1));
        out.print("question? ");
        advance(Duration.ofSeconds(5));
        out.println("answer");
        advance(Duration.ofSeconds(1));
        assertEquals(
                "\r* 1.0s (Ctrl-C cancels)\u001b[K" + Spinner.ERASE + "question? answer" + System.lineSeparator()
                        + "\r* 7.0s (Ctrl-C cancels)\u001b[K",
                both.toString());
    }

    @Test
    void elapsedTimeReadsInTenthsThenMinutesThenHours() {
        assertEquals("0.0s", Spinner.elapsed(Duration.ofMillis(99)));
        assertEquals("1.9s", Spinner.elapsed(Duration.ofMillis(1999)));
        assertEquals("59.9s", Spinner.elapsed(Duration.ofMillis(59_999)));
        assertEquals("1m00s", Spinner.elapsed(Duration.ofSeconds(60)));
        assertEquals("1m05s", Spinner.elapsed(Duration.ofSeconds(65)));
        assertEquals("59m59s", Spinner.elapsed(Duration.ofSeconds(3599)));
        assertEquals("1h00m", Spinner.elapsed(Duration.ofHours(1)));
        assertEquals("2h03m", Spinner.elapsed(Duration.ofMinutes(123)));
    }
}
