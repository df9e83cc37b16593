package dev.animus.shell.completion;

import dev.animus.shell.AnimusCommand;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Terminal;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code animus completion bash|zsh|fish}: a completion script that asks {@code animus} itself what
 * completes ({@link CompleteCommand}, the interactive shell's completion), so commands, options,
 * installed plugins, their methods and secrets, agents and paths complete in bash and zsh exactly
 * as at the {@code animus>} prompt, and never drift from the command tree. zsh loads the bash
 * script through {@code bashcompinit}; fish has a script of its own around the same call.
 */
@Command(
        name = "completion",
        mixinStandardHelpOptions = true,
        description = {
            "Print a bash, zsh or fish completion script.",
            "",
            "It completes commands, options, installed plugins, their methods, agents and paths, by asking",
            "animus itself at each Tab. Load it in your shell's startup file."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  source <(animus completion bash)                 # in ~/.bashrc",
            "  animus completion bash > ~/.local/share/bash-completion/completions/animus",
            "  source <(animus completion zsh)                  # in ~/.zshrc",
            "  animus completion fish > ~/.config/fish/completions/animus.fish"
        })
public final class CompletionCommand implements Callable<Integer> {
    /** What zsh needs before it can run a bash completion script. */
    static final String ZSH_PREAMBLE = """
            # animus completion for zsh: the bash completion below, loaded through bashcompinit
            if ! (( $+functions[compdef] )); then
              autoload -U +X compinit && compinit
            fi
            autoload -U +X bashcompinit && bashcompinit
            """;

    /**
     * The bash completion: the words before the cursor and the one under it go to the same
     * {@code animus} the user typed; a lone directory gets no space after it, so the path goes on;
     * nothing offered falls back to file names.
     */
    static final String BASH = """
            # animus completion for bash: animus itself says what completes (animus __complete)
            _complete_animus() {
              local IFS=$'\n' cur="${COMP_WORDS[COMP_CWORD]}"
              COMPREPLY=($(command "${COMP_WORDS[0]}" __complete -- "${COMP_WORDS[@]:1:$((COMP_CWORD-1))}" "$cur" 2>/dev/null </dev/null))
              if [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == */ ]]; then
                compopt -o nospace 2>/dev/null
              fi
            }
            complete -o default -F _complete_animus animus
            """;

    /**
     * The fish completion: the tokens before the cursor (unquoted) and the one under it go to the
     * same {@code animus} the user typed; fish's own file completion is off ({@code -f}), since
     * {@code animus} completes paths itself, and comes back when nothing is offered (as bash's
     * {@code -o default}). A directory ending in {@code /} gets no space after it from fish itself.
     */
    static final String FISH = """
            # animus completion for fish: animus itself says what completes (animus __complete)
            function __complete_animus
                set -l words (commandline -opc)
                set -l current (commandline -ct)
                set -l animus $words[1]
                set -e words[1]
                set -l offered (command $animus __complete -- $words $current 2>/dev/null </dev/null)
                if test (count $offered) -eq 0
                    __fish_complete_path $current
                else
                    printf '%s\n' $offered
                end
            end
            complete -c animus -f -a '(__complete_animus)'
            """;

    /** The shells a script is generated for. */
    enum Shell {
        bash,
        zsh,
        fish
    }

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "<shell>", description = "bash, zsh or fish.")
    Shell shell;

    @Override
    public Integer call() {
        Terminal t = ((AnimusCommand) spec.root().userObject()).terminal();
        t.out()
                .print(
                        switch (shell) {
                            case bash -> BASH;
                            case zsh -> ZSH_PREAMBLE + BASH;
                            case fish -> FISH;
                        });
        t.out().flush();
        return ExitCodes.OK;
    }
}
