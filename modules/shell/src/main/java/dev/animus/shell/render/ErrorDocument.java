package dev.animus.shell.render;

import dev.animus.shell.CommandFailed;
import tools.jackson.databind.node.ObjectNode;

/**
 * The error document a failed command prints on stdout under {@code --json}
 * (docs/cli.md#errors-a-program-can-read): {@code {"schema": "animus.error.v1", "category",
 * "code", "message", "fix"?, "plugin"?}}. The message is the error line's text, as stderr shows it.
 */
public final class ErrorDocument {
    /** The schema's name: {@code animus.error.v1}. */
    public static final String SCHEMA = "error";

    private ErrorDocument() {}

    public static ObjectNode of(CommandFailed f) {
        ObjectNode doc = Terminal.envelope(SCHEMA)
                .put("category", f.category().word())
                .put("code", f.code())
                .put("message", Terminal.shown(f.getMessage()));
        f.fix().ifPresent(fix -> doc.put("fix", Terminal.shown(fix)));
        f.plugin().ifPresent(plugin -> doc.put("plugin", Terminal.shown(plugin)));
        return doc;
    }
}
