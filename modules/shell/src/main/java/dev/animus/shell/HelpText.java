package dev.animus.shell;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Help.Ansi.Text;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Descriptions are written in the source as lines of prose (a sentence may run over several
 * lines); picocli would wrap each line on its own and leave ragged fragments at 80 columns. This
 * re-flows every command's description into paragraphs picocli can wrap: the first sentence alone
 * (the summary the parent's command list shows), then the rest. An empty line in the source starts
 * a new paragraph.
 */
final class HelpText {
    /** The end of a sentence: a full stop before a space, not the one of an abbreviation. */
    private static final Pattern SENTENCE_END = Pattern.compile("(?<!\\be\\.g|\\bi\\.e|\\betc)\\.(?=\\s)");

    /** The help section, after a command's own options, that says where the global ones are. */
    static final String GLOBAL_OPTIONS_SECTION = "globalOptions";

    static final String GLOBAL_OPTIONS_LINE = "Global options (--json, -q, -v, --agent, ...): see 'animus --help'.";

    private HelpText() {}

    /**
     * The global options ({@code --json}, {@code -q}, {@code -v}, {@code --project-root},
     * {@code --include-system-path}, {@code --agent}, {@code --version}) are listed once, in
     * {@code animus --help}; every other command takes them but its help lists only its own
     * options and a line saying where the others are. {@code --version} works on every command
     * (it prints what {@code animus --version} prints).
     */
    static void globalOptionsOnce(CommandLine root) {
        root.setHelpFactory(OwnOptions::new);
        everyCommand(root, cmd -> {
            CommandSpec spec = cmd.getCommandSpec();
            spec.versionProvider(new AnimusCommand.Version(spec));
            if (spec.parent() != null) {
                var usage = spec.usageMessage();
                List<String> keys = new ArrayList<>(usage.sectionKeys());
                if (!keys.contains(GLOBAL_OPTIONS_SECTION)) {
                    keys.add(
                            keys.indexOf(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST) + 1,
                            GLOBAL_OPTIONS_SECTION);
                    usage.sectionKeys(keys);
                    var sections = new java.util.LinkedHashMap<>(usage.sectionMap());
                    sections.put(GLOBAL_OPTIONS_SECTION, help -> GLOBAL_OPTIONS_LINE + System.lineSeparator());
                    usage.sectionMap(sections);
                }
            }
        });
    }

    private static void everyCommand(CommandLine cmd, java.util.function.Consumer<CommandLine> action) {
        action.accept(cmd);
        for (CommandLine sub : new LinkedHashSet<>(cmd.getSubcommands().values())) {
            everyCommand(sub, action);
        }
    }

    /** Whether {@code option} is one of the global options every command takes. */
    static boolean global(OptionSpec option) {
        return option.inherited() || option.versionHelp();
    }

    /** A help page that leaves the global options out of a subcommand's synopsis and option list. */
    private static final class OwnOptions extends CommandLine.Help {
        OwnOptions(CommandSpec spec, ColorScheme scheme) {
            super(spec, scheme);
        }

        private List<OptionSpec> own(List<OptionSpec> options) {
            return commandSpec().parent() == null
                    ? options
                    : options.stream().filter(o -> !global(o)).toList();
        }

        @Override
        protected Text createDetailedSynopsisOptionsText(
                Collection<ArgSpec> done, List<OptionSpec> options, Comparator<OptionSpec> sort, boolean cluster) {
            return super.createDetailedSynopsisOptionsText(done, own(options), sort, cluster);
        }

        @Override
        public String optionListExcludingGroups(
                List<OptionSpec> options, Layout layout, Comparator<OptionSpec> sort, IParamLabelRenderer labels) {
            return super.optionListExcludingGroups(own(options), layout, sort, labels);
        }
    }

    /** Re-flows the descriptions of {@code root} and every command under it. */
    static void reflow(CommandLine root) {
        for (CommandLine cmd : new LinkedHashSet<>(root.getSubcommands().values())) {
            reflow(cmd);
        }
        var usage = root.getCommandSpec().usageMessage();
        List<String> lines = new ArrayList<>();
        for (String paragraph : paragraphs(usage.description())) {
            if (!lines.isEmpty()) {
                lines.add(""); // picocli prints it as an empty line between paragraphs
            }
            lines.add(paragraph);
        }
        usage.description(lines.toArray(String[]::new));
    }

    /** The summary sentence, then each paragraph of the rest as one line. */
    static List<String> paragraphs(String[] lines) {
        List<String> paragraphs = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : lines) {
            if (line.isBlank()) {
                flush(current, paragraphs);
            } else {
                current.append(current.isEmpty() ? "" : " ").append(line.strip());
            }
        }
        flush(current, paragraphs);
        if (!paragraphs.isEmpty()) {
            String first = paragraphs.getFirst();
            Matcher end = SENTENCE_END.matcher(first);
            if (end.find() && end.end() < first.length()) {
                paragraphs.set(0, first.substring(0, end.end()));
                paragraphs.add(1, first.substring(end.end()).strip());
            }
        }
        return paragraphs;
    }

    private static void flush(StringBuilder current, List<String> paragraphs) {
        if (!current.isEmpty()) {
            paragraphs.add(current.toString());
            current.setLength(0);
        }
    }
}
