package dev.animus.shell;

import picocli.CommandLine;

/**
 * The stable code of a mistake on the command line, for the error document of
 * docs/cli.md#errors-a-program-can-read: by what picocli found, never by its wording.
 */
final class UsageCodes {
    private UsageCodes() {}

    static String of(CommandLine.ParameterException ex) {
        return switch (ex) {
            case CommandLine.UnmatchedArgumentException u when u.isUnknownOption() -> "unknown_option";
            case CommandLine.UnmatchedArgumentException u
            when !u.getCommandLine().getSubcommands().isEmpty() -> "unknown_command";
            case CommandLine.UnmatchedArgumentException u -> "unexpected_argument";
            case CommandLine.MissingParameterException m -> "missing_parameter";
            case CommandLine.OverwrittenOptionException o -> "option_repeated";
            case CommandLine.MutuallyExclusiveArgsException m -> "options_exclude_each_other";
            case CommandLine.MaxValuesExceededException m -> "too_many_values";
            default -> ex.getCause() instanceof CommandLine.TypeConversionException ? "invalid_value" : "usage_error";
        };
    }
}
