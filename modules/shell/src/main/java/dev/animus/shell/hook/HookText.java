package dev.animus.shell.hook;

import java.io.PrintWriter;
import tools.jackson.databind.JsonNode;

/** A hook run as people read it: who answered, the outcome, the decision. */
final class HookText {
    private HookText() {}

    static void print(PrintWriter out, JsonNode run) {
        out.println("hook      " + run.path("hook").asString());
        out.println("agent     " + run.path("agent").asString());
        out.println("plugin    " + run.path("plugin").asString("(none answers it)"));
        JsonNode o = run.path("outcome");
        if (o.path("type").asString().equals("answer")) {
            out.println("outcome   answered" + (run.path("cached").asBoolean() ? " (cached by tool call)" : "") + ": "
                    + o.path("answer"));
        } else {
            out.println("outcome   abstained (" + o.path("reason").asString() + "): "
                    + o.path("detail").asString());
        }
        JsonNode d = run.path("decision");
        String what = switch (run.path("hook").asString()) {
            case "route.skills" ->
                d.path("skill").isString() ? "hint skill " + d.path("skill").asString() : "no hint";
            case "classify.page" ->
                d.path("flags").isEmpty() ? "no added scrutiny" : "scrutiny for " + join(d.path("flags"));
            case "route.snapshot" ->
                d.path("first").isEmpty() ? "the page's order" : "list first " + join(d.path("first"));
            default ->
                d.path("level").asString() + " (decided by " + d.path("by").asString() + ")";
        };
        out.println("decision  " + what + ": " + d.path("reason").asString());
    }

    private static String join(JsonNode list) {
        StringBuilder b = new StringBuilder();
        list.forEach(n -> b.append(b.isEmpty() ? "" : ", ").append(n.asString()));
        return b.toString();
    }
}
