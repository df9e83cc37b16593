package dev.animus.testbrowser;

/**
 * The browser could not do what a test asked: it did not start, a DevTools command failed or timed
 * out, a script threw in the page, a condition did not become true before its deadline. The message
 * says which command or script, and why.
 */
public final class BrowserFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BrowserFailure(String message) {
        super(message);
    }

    BrowserFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
