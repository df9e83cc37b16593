package dev.animus.shell.completion;

import dev.animus.daemon.DaemonLink;
import dev.animus.daemon.DaemonScope;
import dev.animus.daemon.FrontEndMethod;
import dev.animus.runtime.Animus;
import dev.animus.runtime.Plugins;
import dev.animus.runtime.Subjects;
import dev.animus.shell.Main;
import dev.animus.shell.ShellContext;
import dev.animus.subjects.Subject;
import dev.animus.subjects.SubjectFilter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.jline.reader.Candidate;
import picocli.CommandLine.Model.CommandSpec;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Tab completion served by the project's daemon when one runs (docs/daemon.md#completion): the
 * daemon the shell started answers {@code completion/complete {words, partial, cwd}} with
 * {@code {candidates}} from the whole command tree, built once, and from what only a running
 * daemon knows cheaply (the subjects of its backends); {@code animus __complete} asks it first and
 * falls back to completing in its own process when none runs or it does not answer in time.
 */
public final class DaemonCompletion {
    /** The control method. */
    public static final String METHOD = "completion/complete";
    /** How long a Tab waits for the daemon before it completes in its own process. */
    static final Duration DEADLINE = Duration.ofSeconds(2);
    /** The most subject ids a Tab offers. */
    static final int MAX_SUBJECT_IDS = 200;

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private DaemonCompletion() {}

    /**
     * The daemon's side for the daemon of {@code context} over {@code animus} and {@code plugins}:
     * the whole command tree (built at the first Tab, then kept) and the state document of the
     * daemon's home, with the subject ids of its backends.
     */
    public static FrontEndMethod method(ShellContext context, Animus animus, Plugins plugins) {
        Supplier<CommandSpec> tree = new Supplier<>() {
            private CommandSpec built;

            @Override
            public synchronized CommandSpec get() {
                if (built == null) {
                    built = Main.commandLine(context).getCommandSpec();
                }
                return built;
            }
        };
        Subjects subjects = animus.subjects(plugins, "default", Optional.empty());
        return method(tree, new CompletionSources(context.environment(), () -> subjectIds(subjects)));
    }

    /** The first ids of every backend's subjects, for completion (a Tab lists no more than these). */
    private static List<String> subjectIds(Subjects subjects) {
        return subjects.list(SubjectFilter.all().withLimit(MAX_SUBJECT_IDS)).subjects().stream()
                .map(Subject::id)
                .toList();
    }

    /**
     * The completions of {@code root} (a whole command tree, not changed after) over {@code sources},
     * for the words and working directory of each request.
     */
    static FrontEndMethod method(Supplier<CommandSpec> root, CompletionSources sources) {
        return new FrontEndMethod(METHOD, params -> {
            List<String> words = strings(params.path("words"));
            String partial = params.path("partial").asString("");
            Path cwd = Path.of(params.path("cwd").asString(""));
            if (!cwd.isAbsolute()) {
                throw new IllegalArgumentException("completion/complete needs 'cwd', an absolute path");
            }
            ObjectNode answer = JSON.objectNode();
            var list = answer.putArray("candidates");
            for (Candidate c : new CommandCompleter(root.get(), sources, cwd).candidates(words, partial)) {
                if (c.value().startsWith(partial)) {
                    list.add(c.value());
                }
            }
            return answer;
        });
    }

    /**
     * The client's side: the completions the daemon of {@code cwd}'s project gives for {@code words}
     * (the words before the cursor, then the partial word, as {@code animus __complete} takes them);
     * empty when none runs, the line says {@code --no-daemon}, or the daemon does not answer within
     * {@link #DEADLINE}.
     */
    public static Optional<List<String>> ask(Map<String, String> env, Path cwd, List<String> words) {
        if (words.contains("--no-daemon")) {
            return Optional.empty();
        }
        Path socket;
        try {
            socket = DaemonScope.of(env, projectRoot(words), cwd).socket();
        } catch (RuntimeException e) { // no home, a project root that is no directory: complete here
            return Optional.empty();
        }
        if (!Files.exists(socket)) {
            return Optional.empty(); // the common case without a daemon: no connection attempt
        }
        String partial = words.isEmpty() ? "" : words.getLast();
        ObjectNode params = JSON.objectNode().put("partial", partial).put("cwd", cwd.toString());
        var before = params.putArray("words");
        words.subList(0, Math.max(0, words.size() - 1)).forEach(before::add);
        try {
            return Optional.of(strings(
                    DaemonLink.requestOnce(socket, METHOD, params, DEADLINE).path("candidates")));
        } catch (RuntimeException e) { // an older daemon without the method, one shutting down, a timeout
            return Optional.empty();
        }
    }

    /** The {@code --project-root} a partial line already names. */
    static Optional<Path> projectRoot(List<String> words) {
        for (int i = 0; i < words.size() - 1; i++) {
            String w = words.get(i);
            if (w.equals("--project-root") && i + 1 < words.size() - 1) {
                return Optional.of(Path.of(words.get(i + 1)));
            }
            if (w.startsWith("--project-root=")) {
                return Optional.of(Path.of(w.substring("--project-root=".length())));
            }
        }
        return Optional.empty();
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> {
            if (n.isString()) {
                out.add(n.asString());
            }
        });
        return out;
    }
}
