package dev.animus.shell.render;

import dev.animus.core.OneLine;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * What {@code System.err} becomes in the {@code animus} process: a print stream that passes every
 * text it is given through {@link OneLine} before the line break {@code println} adds. The log
 * (slf4j-simple writes one {@code println} per record and per stack-trace line) repeats what
 * plugins sent: stderr lines at debug level, method names, malformed output. So a record stays one
 * line and no control sequence, carriage return or bidi override a plugin wrote reaches the
 * terminal through it. Kept: a tab that starts the text (how a stack frame is indented). Bytes
 * written with {@code write} pass unchanged (nothing logs that way).
 *
 * <p>Thread-safe as {@link PrintStream} is: one call's text is written under the stream's lock.
 */
public final class EscapedStderr extends PrintStream {

    /** Escapes what is printed to {@code raw}, the process's real stderr. */
    public EscapedStderr(PrintStream raw) {
        super(raw, true, StandardCharsets.UTF_8);
    }

    @Override
    public void print(String s) {
        String text = String.valueOf(s);
        // the tab that indents a stack frame is the JDK's own, not a plugin's
        super.print(text.startsWith("\t") ? "\t" + OneLine.of(text.substring(1)) : OneLine.of(text));
    }

    @Override
    public void print(Object obj) {
        print(String.valueOf(obj));
    }

    @Override
    public void print(char[] s) {
        print(new String(s));
    }

    @Override
    public void print(char c) {
        print(String.valueOf(c));
    }
}
