package dev.animus.shell.subject;

import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code --label +L|-L} words of {@code subject update}: {@code +bug} adds the label
 * {@code bug}, {@code -bug} removes it; the last word for a label wins.
 */
record LabelEdits(List<String> add, List<String> remove) {
    LabelEdits {
        add = List.copyOf(add);
        remove = List.copyOf(remove);
    }

    /**
     * The edits {@code words} give, in order.
     *
     * @throws CommandFailed (exit 2) for a word without {@code +} or {@code -}, or with nothing after it
     */
    static LabelEdits parse(List<String> words) {
        List<String> add = new ArrayList<>();
        List<String> remove = new ArrayList<>();
        for (String w : words) {
            boolean plus = w.startsWith("+");
            boolean minus = w.startsWith("-");
            String label = plus || minus ? w.substring(1).strip() : "";
            if (label.isEmpty()) {
                String example = plus || minus || w.isBlank() ? "" : " (e.g. --label +" + w.strip() + ")";
                throw new CommandFailed(
                        ExitCodes.USAGE,
                        "label_edit_invalid",
                        "--label '" + w + "': give +LABEL to add a label or -LABEL to remove it" + example);
            }
            add.remove(label);
            remove.remove(label);
            (plus ? add : remove).add(label);
        }
        return new LabelEdits(add, remove);
    }
}
