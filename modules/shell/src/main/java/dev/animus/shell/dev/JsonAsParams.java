package dev.animus.shell.dev;

import java.util.Map;
import java.util.Stack;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code --json JSON} on {@code plugin call} and {@code plugin dev <path> call}: the params, as
 * the commands are written elsewhere ({@code animus plugin call <name> <method> --json '{}'});
 * the result is printed as JSON anyway. Everywhere else, and on a call when no JSON follows,
 * {@code --json} is the global flag: one JSON document with a versioned envelope. A value is taken
 * as params when it starts with {@code {}, {@code [} or {@code @} (a file, as for {@code --params}).
 */
public final class JsonAsParams implements CommandLine.IParameterPreprocessor {
    public JsonAsParams() {}

    @Override
    public boolean preprocess(Stack<String> args, CommandSpec spec, ArgSpec option, Map<String, Object> info) {
        if (args.isEmpty() || !looksLikeParams(args.peek())) {
            return false;
        }
        for (CommandSpec mixin : spec.mixins().values()) {
            if (mixin.userObject() instanceof CallArgs call) {
                call.paramsFromJson(spec.commandLine(), args.pop());
                return true;
            }
        }
        return false;
    }

    public static boolean looksLikeParams(String word) {
        String w = word.strip();
        return w.startsWith("{") || w.startsWith("[") || w.startsWith("@");
    }
}
