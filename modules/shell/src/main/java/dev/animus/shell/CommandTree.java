package dev.animus.shell;

import dev.animus.shell.agent.AgentCancelCommand;
import dev.animus.shell.agent.AgentCommand;
import dev.animus.shell.agent.AgentProvidersCommand;
import dev.animus.shell.agent.AgentRunCommand;
import dev.animus.shell.completion.CompleteCommand;
import dev.animus.shell.completion.CompletionCommand;
import dev.animus.shell.daemon.DaemonCommand;
import dev.animus.shell.daemon.DaemonStatusCommand;
import dev.animus.shell.daemon.EventsCommand;
import dev.animus.shell.daemon.HealthCommand;
import dev.animus.shell.daemon.LogsCommand;
import dev.animus.shell.daemon.OpenCommand;
import dev.animus.shell.daemon.PreflightCommand;
import dev.animus.shell.daemon.RestartCommand;
import dev.animus.shell.daemon.RunCommand;
import dev.animus.shell.daemon.ServeCommand;
import dev.animus.shell.daemon.ServiceCommand;
import dev.animus.shell.daemon.StartCommand;
import dev.animus.shell.daemon.StopCommand;
import dev.animus.shell.daemon.TriggerCommand;
import dev.animus.shell.daemon.TriggerStatusCommand;
import dev.animus.shell.daemon.WebCommand;
import dev.animus.shell.dev.ConformanceCommand;
import dev.animus.shell.dev.DevCall;
import dev.animus.shell.dev.DevCommand;
import dev.animus.shell.dev.DevInfo;
import dev.animus.shell.dev.DevPing;
import dev.animus.shell.dev.NewCommand;
import dev.animus.shell.hook.HookCommand;
import dev.animus.shell.hook.HookEventCommand;
import dev.animus.shell.hook.HookListCommand;
import dev.animus.shell.hook.HookRunCommand;
import dev.animus.shell.plugin.CacheCommand;
import dev.animus.shell.plugin.DisableCommand;
import dev.animus.shell.plugin.DoctorCommand;
import dev.animus.shell.plugin.EnableCommand;
import dev.animus.shell.plugin.InspectCommand;
import dev.animus.shell.plugin.InstallCommand;
import dev.animus.shell.plugin.InstallDefaultsCommand;
import dev.animus.shell.plugin.ListCommand;
import dev.animus.shell.plugin.LockCommand;
import dev.animus.shell.plugin.PluginCommand;
import dev.animus.shell.plugin.PluginNamedCall;
import dev.animus.shell.plugin.PluginNamedInfo;
import dev.animus.shell.plugin.PluginNamedPing;
import dev.animus.shell.plugin.RemoveCommand;
import dev.animus.shell.plugin.ResetCommand;
import dev.animus.shell.plugin.RollbackCommand;
import dev.animus.shell.plugin.StateCommand;
import dev.animus.shell.plugin.StatusCommand;
import dev.animus.shell.plugin.UpdateCommand;
import dev.animus.shell.subject.SubjectCommand;
import dev.animus.shell.subject.SubjectCreateCommand;
import dev.animus.shell.subject.SubjectDeleteCommand;
import dev.animus.shell.subject.SubjectGetCommand;
import dev.animus.shell.subject.SubjectKindsCommand;
import dev.animus.shell.subject.SubjectListCommand;
import dev.animus.shell.subject.SubjectNextCommand;
import dev.animus.shell.subject.SubjectStatusCommand;
import dev.animus.shell.subject.SubjectUpdateCommand;
import dev.animus.shell.subject.SubjectWaitCommand;
import dev.animus.shell.subject.SubjectWatchCommand;
import dev.animus.shell.tour.TourCommand;
import dev.animus.shell.tour.TrainCommand;
import dev.animus.shell.trust.ConsentCommand;
import dev.animus.shell.trust.SecretCommand;
import dev.animus.shell.trust.TrustCommand;
import dev.animus.shell.trust.TrustOrgsCommand;
import dev.animus.shell.trust.VerifyBundleCommand;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Which command sits under which, and building the picocli tree from it: whole (help, completion,
 * tests), or only along one command line. Building a command costs picocli's reflection over its
 * class; the whole tree is some 60 commands, most of a one-shot command's start-up, while a command
 * line needs only the commands it names and the children of the last (for its usage and for
 * "did you mean" suggestions). Both build the same commands from the same classes, so a command
 * line parses and runs the same either way.
 */
final class CommandTree {
    private static final Map<Class<?>, List<Class<?>>> CHILDREN = Map.ofEntries(
            Map.entry(
                    AnimusCommand.class,
                    List.of(
                            PluginCommand.class,
                            DaemonCommand.class,
                            AgentCommand.class,
                            SubjectCommand.class,
                            TriggerCommand.class,
                            HookCommand.class,
                            WebCommand.class,
                            SecretCommand.class,
                            TrustOrgsCommand.class,
                            VerifyBundleCommand.class,
                            ConfigCommand.class,
                            CompletionCommand.class,
                            HelpCommand.class,
                            TourCommand.class,
                            CompleteCommand.class,
                            TrainCommand.class)),
            Map.entry(
                    PluginCommand.class,
                    List.of(
                            ListCommand.class,
                            InstallCommand.class,
                            InstallDefaultsCommand.class,
                            InspectCommand.class,
                            TrustCommand.class,
                            ConsentCommand.class,
                            EnableCommand.class,
                            DisableCommand.class,
                            UpdateCommand.class,
                            RollbackCommand.class,
                            RemoveCommand.class,
                            DoctorCommand.class,
                            LockCommand.class,
                            StateCommand.class,
                            PluginNamedInfo.class,
                            PluginNamedPing.class,
                            PluginNamedCall.class,
                            StatusCommand.class,
                            ResetCommand.class,
                            CacheCommand.class,
                            DevCommand.class,
                            ConformanceCommand.class,
                            NewCommand.class)),
            Map.entry(
                    AgentCommand.class,
                    List.of(AgentRunCommand.class, AgentProvidersCommand.class, AgentCancelCommand.class)),
            Map.entry(
                    SubjectCommand.class,
                    List.of(
                            SubjectKindsCommand.class,
                            SubjectListCommand.class,
                            SubjectGetCommand.class,
                            SubjectCreateCommand.class,
                            SubjectUpdateCommand.class,
                            SubjectStatusCommand.class,
                            SubjectNextCommand.class,
                            SubjectDeleteCommand.class,
                            SubjectWatchCommand.class,
                            SubjectWaitCommand.class)),
            Map.entry(TriggerCommand.class, List.of(TriggerStatusCommand.class)),
            Map.entry(HookCommand.class, List.of(HookRunCommand.class, HookListCommand.class, HookEventCommand.class)),
            Map.entry(WebCommand.class, List.of(ServeCommand.class, OpenCommand.class)),
            Map.entry(CacheCommand.class, List.of(CacheCommand.ListCached.class, CacheCommand.Clear.class)),
            Map.entry(
                    ConfigCommand.class,
                    List.of(
                            ConfigCommand.Get.class,
                            ConfigCommand.Set.class,
                            ConfigCommand.Unset.class,
                            ConfigCommand.ListKeys.class)),
            Map.entry(
                    DaemonCommand.class,
                    List.of(
                            StartCommand.class,
                            RunCommand.class,
                            StopCommand.class,
                            RestartCommand.class,
                            DaemonStatusCommand.class,
                            HealthCommand.class,
                            EventsCommand.class,
                            LogsCommand.class,
                            PreflightCommand.class,
                            ServiceCommand.class)),
            Map.entry(
                    ServiceCommand.class,
                    List.of(ServiceCommand.Install.class, ServiceCommand.Uninstall.class, ServiceCommand.Print.class)),
            Map.entry(DevCommand.class, List.of(DevPing.class, DevInfo.class, DevCall.class)),
            Map.entry(
                    LockCommand.class,
                    List.of(LockCommand.Verify.class, LockCommand.Show.class, LockCommand.Prune.class)),
            Map.entry(
                    SecretCommand.class,
                    List.of(SecretCommand.Set.class, SecretCommand.Status.class, SecretCommand.Forget.class)),
            Map.entry(StateCommand.class, List.of(StateCommand.Repair.class)),
            Map.entry(TrustOrgsCommand.class, List.of(TrustOrgsCommand.ListOrgs.class, TrustOrgsCommand.Revoke.class)));

    /** Commands that look at the whole tree: the help of another command. */
    private static final Set<Class<?>> SEE_THE_WHOLE_TREE = Set.of(HelpCommand.class);

    private CommandTree() {}

    /** Every command under {@code root}. */
    static CommandLine whole(AnimusCommand root) {
        CommandLine cli = new CommandLine(root);
        attach(cli, AnimusCommand.class, true);
        return cli;
    }

    /**
     * The commands {@code args} names, from the root down, with every child of the last one (the
     * whole tree when one of them needs it). A word that names no command of the one reached ends
     * the walk: the rest is for that command to parse, or to refuse. The root alone, with options
     * only ({@code --version}, or nothing: the shell), gets no children unless help is asked for.
     */
    static CommandLine along(AnimusCommand root, String[] args) {
        CommandLine cli = new CommandLine(root);
        CommandLine at = cli;
        Class<?> type = AnimusCommand.class;
        boolean unknownWord = false;
        for (int i = 0; i < args.length; i++) {
            String word = args[i];
            if (word.equals("--")) {
                break;
            }
            if (word.startsWith("-")) {
                OptionSpec option = at.getCommandSpec().findOption(word);
                if (option != null && option.arity().max() > 0 && !word.contains("=")) {
                    i++; // its value
                }
                continue;
            }
            Class<?> next = child(type, word);
            if (next == null) {
                unknownWord = true; // a positional value, or a typo: suggestions need the children
                break;
            }
            if (next == CompleteCommand.class && at == cli) {
                return forCompletion(root, List.of(args).subList(i + 1, args.length));
            }
            if (SEE_THE_WHOLE_TREE.contains(next)) {
                return whole(new AnimusCommand(root.context()));
            }
            CommandLine sub = new CommandLine(next);
            at.addSubcommand(sub);
            at = sub;
            type = next;
        }
        if (type != AnimusCommand.class
                || unknownWord
                || List.of(args).contains("--help")
                || List.of(args).contains("-h")) {
            attach(at, type, false);
        }
        return cli;
    }

    /**
     * {@code animus __complete [--] WORD... PARTIAL} (a Tab in bash, zsh or fish, see
     * {@link CompleteCommand}): the root and the completion command, then the commands the words
     * before the partial one name, from the root down, with every child of the last (what the
     * completion lists) — the whole tree only when they reach {@code help}, whose arguments are
     * command paths. Completion walks the words as {@link #along} does, so it finds the same
     * commands with the same options here as in the whole tree, at a fraction of the cost.
     */
    static CommandLine forCompletion(AnimusCommand root, List<String> completed) {
        List<String> words = new ArrayList<>(completed);
        if (!words.isEmpty() && words.getFirst().equals("--")) {
            words.removeFirst();
        }
        if (!words.isEmpty()) {
            words.removeLast(); // the partial word: it is completed, it names nothing yet
        }
        if (!words.isEmpty() && words.getFirst().equals("animus")) {
            words.removeFirst(); // as the completer does
        }
        CommandLine cli = new CommandLine(root);
        cli.addSubcommand(new CommandLine(CompleteCommand.class));
        CommandLine at = cli;
        Class<?> type = AnimusCommand.class;
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            if (word.startsWith("-") && word.length() > 1) {
                OptionSpec option = at.getCommandSpec().findOption(word);
                if (option != null && option.arity().max() > 0 && !word.contains("=")) {
                    i++; // its value
                }
                continue;
            }
            Class<?> next = child(type, word);
            if (next == null) {
                break; // a positional value: what follows are values too
            }
            if (SEE_THE_WHOLE_TREE.contains(next)) {
                return whole(new AnimusCommand(root.context()));
            }
            CommandLine sub = new CommandLine(next);
            at.addSubcommand(sub);
            at = sub;
            type = next;
        }
        attach(at, type, false);
        return cli;
    }

    private static void attach(CommandLine at, Class<?> type, boolean deep) {
        for (Class<?> child : CHILDREN.getOrDefault(type, List.of())) {
            if (at.getSubcommands()
                    .containsKey(child.getAnnotation(Command.class).name())) {
                continue; // built already (the completion command of a completion's tree)
            }
            CommandLine sub = new CommandLine(child);
            at.addSubcommand(sub);
            if (deep) {
                attach(sub, child, true);
            }
        }
    }

    /** The child of {@code type} named {@code word} (by name or alias), or null. */
    private static Class<?> child(Class<?> type, String word) {
        for (Class<?> c : CHILDREN.getOrDefault(type, List.of())) {
            Command command = c.getAnnotation(Command.class);
            if (command.name().equals(word) || List.of(command.aliases()).contains(word)) {
                return c;
            }
        }
        return null;
    }
}
