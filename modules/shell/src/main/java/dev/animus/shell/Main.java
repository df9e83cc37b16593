package dev.animus.shell;

/** Entry point of the {@code animus} command. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        System.exit(0);
    }
}
