package dev.animus.shell.subject;

import dev.animus.subjects.SubjectStatus;
import java.util.Arrays;
import java.util.Iterator;
import picocli.CommandLine;

/**
 * A subject status on the command line ({@code ready|in-progress|blocked|done|cancelled}): a word
 * that is none of them is a usage error naming them, and the nearest one (its completion
 * candidates are the five words).
 */
final class StatusConverter implements CommandLine.ITypeConverter<SubjectStatus> {
    @Override
    public SubjectStatus convert(String value) {
        try {
            return SubjectStatus.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.TypeConversionException(
                    "'" + value + "' is not a subject status: use one of " + SubjectStatus.allowed());
        }
    }

    /** The five words, for completion and "did you mean". */
    static final class Words implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(SubjectStatus.values())
                    .map(SubjectStatus::wire)
                    .iterator();
        }
    }
}
