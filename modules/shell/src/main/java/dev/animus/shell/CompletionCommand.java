package dev.animus.shell;

import java.util.concurrent.Callable;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code animus completion bash|zsh}: a completion script generated from this very command tree
 * (picocli's {@link AutoComplete}), so commands and options never drift from what completes. zsh
 * loads the bash script through {@code bashcompinit}.
 */
@Command(
        name = "completion",
        mixinStandardHelpOptions = true,
        description = {"Print a shell completion script (bash or zsh) for commands and options.",
            "It is generated from this command tree; load it in your shell's startup file."},
        footerHeading = "%nExamples:%n",
        footer = {"  source <(animus completion bash)                 # in ~/.bashrc",
            "  animus completion bash > ~/.local/share/bash-completion/completions/animus",
            "  source <(animus completion zsh)                  # in ~/.zshrc"})
final class CompletionCommand implements Callable<Integer> {
    /** What zsh needs before it can run a bash completion script. */
    static final String ZSH_PREAMBLE = """
            # animus completion for zsh: the bash completion below, loaded through bashcompinit
            if ! (( $+functions[compdef] )); then
              autoload -U +X compinit && compinit
            fi
            autoload -U +X bashcompinit && bashcompinit
            """;

    /** The shells a script is generated for. */
    enum Shell { bash, zsh }

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "<shell>", description = "bash or zsh.")
    Shell shell;

    @Override
    public Integer call() {
        CommandLine root = spec.root().commandLine();
        String bash = AutoComplete.bash(root.getCommandName(), root);
        Terminal t = ((AnimusCommand) spec.root().userObject()).terminal();
        t.out().print(shell == Shell.zsh ? ZSH_PREAMBLE + bash : bash);
        t.out().flush();
        return ExitCodes.OK;
    }
}
