package dev.animus.shell;

import dev.animus.core.OneLine;
import dev.animus.shell.render.Terminal;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Confirmations (docs/cli.md#confirmations): on a terminal a question that defaults to no; without
 * one (or while commands are read from stdin, which is then not free for answers) an explicit
 * {@code --yes} is required, and the refusal says so.
 */
public final class Confirm {
    private Confirm() {}

    /**
     * Returns when the act is confirmed.
     *
     * @param act what would be done, for the refusal ("trust plugin echo")
     * @param question the question, without the {@code [y/N]}
     * @throws CommandFailed when there is no one to ask (exit 2, naming --yes) or the answer is not yes (exit 1)
     */
    public static void require(AnimusCommand root, boolean yes, String act, String question) {
        if (yes) {
            return;
        }
        Terminal t = root.terminal();
        if (!t.interactive() || root.context().scriptMode()) {
            throw new CommandFailed(ExitCodes.USAGE, "confirmation_needed", refusal(act));
        }
        t.err().print(OneLine.of(question) + " [y/N] ");
        t.err().flush();
        String answer = readLine(t.in()).strip().toLowerCase(Locale.ROOT);
        if (!answer.equals("y") && !answer.equals("yes")) {
            throw new CommandFailed(ExitCodes.FAILED, "not_confirmed", act + ": not confirmed; nothing was changed");
        }
    }

    /**
     * Whether the operator says yes to {@code question} (without the {@code [y/N]}): always with
     * {@code yes}; never without a terminal to ask on (or in script mode); otherwise their answer.
     * For a command that goes on when one of several acts is declined ({@code plugin doctor --fix}).
     */
    public static boolean ask(AnimusCommand root, boolean yes, String question) {
        if (yes) {
            return true;
        }
        Terminal t = root.terminal();
        if (!t.interactive() || root.context().scriptMode()) {
            return false;
        }
        t.err().print(OneLine.of(question) + " [y/N] ");
        t.err().flush();
        String answer = readLine(t.in()).strip().toLowerCase(Locale.ROOT);
        return answer.equals("y") || answer.equals("yes");
    }

    /**
     * Returns when a confirmation could be asked for (or {@code --yes} gives it): for a command
     * that would otherwise do work (a download, a store) before its question.
     *
     * @throws CommandFailed (exit 2, naming --yes) when there is no terminal to ask on
     */
    public static void requireAskable(AnimusCommand root, boolean yes, String act) {
        if (!askable(root, yes)) {
            throw new CommandFailed(ExitCodes.USAGE, "confirmation_needed", refusal(act));
        }
    }

    /** Whether a confirmation can be had: {@code --yes}, or a terminal to ask on outside a script. */
    public static boolean askable(AnimusCommand root, boolean yes) {
        return yes || (root.terminal().interactive() && !root.context().scriptMode());
    }

    private static String refusal(String act) {
        return act + " needs a confirmation and there is no terminal to ask on; pass --yes to confirm";
    }

    /** One line, byte by byte, so nothing after it is consumed from stdin. */
    private static String readLine(InputStream in) {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        try {
            for (int b; (b = in.read()) != -1 && b != '\n'; ) {
                line.write(b);
            }
        } catch (IOException e) {
            return "";
        }
        return line.toString(StandardCharsets.UTF_8);
    }
}
