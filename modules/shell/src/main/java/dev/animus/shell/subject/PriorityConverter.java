package dev.animus.shell.subject;

import picocli.CommandLine;

/** {@code --priority P}: a whole number from 0 to 255, or a usage error saying so. */
final class PriorityConverter implements CommandLine.ITypeConverter<Integer> {
    static final int HIGHEST = 255;

    @Override
    public Integer convert(String value) {
        int p;
        try {
            p = Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw refused(value);
        }
        if (p < 0 || p > HIGHEST) {
            throw refused(value);
        }
        return p;
    }

    private static CommandLine.TypeConversionException refused(String value) {
        return new CommandLine.TypeConversionException(
                "priority '" + value + "' is not a whole number from 0 to " + HIGHEST);
    }
}
