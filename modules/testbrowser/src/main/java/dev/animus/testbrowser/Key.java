package dev.animus.testbrowser;

/** The keys a test presses to use a page by keyboard, as DevTools names them. */
public enum Key {
    TAB("Tab", "Tab", 9, ""),
    ENTER("Enter", "Enter", 13, "\r"),
    ESCAPE("Escape", "Escape", 27, ""),
    SPACE(" ", "Space", 32, " ");

    private final String key;
    private final String code;
    private final int keyCode;
    private final String text;

    Key(String key, String code, int keyCode, String text) {
        this.key = key;
        this.code = code;
        this.keyCode = keyCode;
        this.text = text;
    }

    String key() {
        return key;
    }

    String code() {
        return code;
    }

    int keyCode() {
        return keyCode;
    }

    String text() {
        return text;
    }
}
