package dev.animus.host;

import dev.animus.core.EnvironmentPolicy;
import dev.animus.core.Interpreter;
import dev.animus.process.HostVariables;
import dev.animus.process.Interpreters;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * How to start one plugin: its executable, the environment policy that decides what it sees, the
 * caller's environment to take allowed names from, per-launch extras (filtered by the policy), an
 * optional working directory (none: the caller's), and for a script the interpreter recorded with
 * its trust (none: the executable runs itself, and for a script the kernel reads its {@code #!}
 * line: only for {@code plugin dev}'s explicit untrusted run), and the project it is bound to, if
 * any.
 *
 * <p>One rule for a binding: a bound plugin runs in its project's root and is told the root in
 * {@code initialize} ({@code init_extensions.project_binding}); the working directory of a bound
 * spec is therefore the root (another one is refused), and an unbound spec sends no binding.
 *
 * <p>{@code controlSocket}: the absolute path of a daemon's control socket the plugin is told in
 * {@code initialize} ({@code init_extensions.control_socket}); only the daemon's role plugins that
 * call back into it (a workflow runner) get one.
 */
public record LaunchSpec(
        String name,
        Path executable,
        EnvironmentPolicy environmentPolicy,
        Map<String, String> callerEnvironment,
        Map<String, String> extras,
        Optional<Path> workingDirectory,
        Optional<Interpreter> interpreter,
        Optional<ProjectBinding> projectBinding,
        Optional<Path> controlSocket) {

    public LaunchSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(executable, "executable");
        Objects.requireNonNull(environmentPolicy, "environmentPolicy");
        callerEnvironment = Map.copyOf(callerEnvironment);
        extras = Map.copyOf(extras);
        Objects.requireNonNull(workingDirectory, "workingDirectory");
        Objects.requireNonNull(interpreter, "interpreter");
        Objects.requireNonNull(projectBinding, "projectBinding");
        Objects.requireNonNull(controlSocket, "controlSocket");
        controlSocket.ifPresent(c -> {
            if (!c.isAbsolute()) {
                throw new IllegalArgumentException("the control socket's path must be absolute: " + c);
            }
        });
        if (projectBinding.isPresent()) {
            Path root = projectBinding.get().projectRoot();
            if (workingDirectory.isPresent() && !workingDirectory.get().equals(root)) {
                throw new IllegalArgumentException(
                        "a plugin bound to " + root + " runs there, not in " + workingDirectory.get());
            }
            workingDirectory = Optional.of(root);
        }
    }

    /** A spec told no control socket. */
    public LaunchSpec(
            String name,
            Path executable,
            EnvironmentPolicy environmentPolicy,
            Map<String, String> callerEnvironment,
            Map<String, String> extras,
            Optional<Path> workingDirectory,
            Optional<Interpreter> interpreter,
            Optional<ProjectBinding> projectBinding) {
        this(
                name,
                executable,
                environmentPolicy,
                callerEnvironment,
                extras,
                workingDirectory,
                interpreter,
                projectBinding,
                Optional.empty());
    }

    /** An unbound spec. */
    public LaunchSpec(
            String name,
            Path executable,
            EnvironmentPolicy environmentPolicy,
            Map<String, String> callerEnvironment,
            Map<String, String> extras,
            Optional<Path> workingDirectory,
            Optional<Interpreter> interpreter) {
        this(
                name,
                executable,
                environmentPolicy,
                callerEnvironment,
                extras,
                workingDirectory,
                interpreter,
                Optional.empty());
    }

    /** A spec whose executable runs itself. */
    public LaunchSpec(
            String name,
            Path executable,
            EnvironmentPolicy environmentPolicy,
            Map<String, String> callerEnvironment,
            Map<String, String> extras,
            Optional<Path> workingDirectory) {
        this(name, executable, environmentPolicy, callerEnvironment, extras, workingDirectory, Optional.empty());
    }

    /**
     * This spec bound to {@code binding} (empty: unbound, in the caller's working directory): the
     * plugin runs in the root and is told it in {@code initialize}.
     */
    public LaunchSpec withProjectBinding(Optional<ProjectBinding> binding) {
        return new LaunchSpec(
                name,
                executable,
                environmentPolicy,
                callerEnvironment,
                extras,
                binding.isPresent() ? Optional.empty() : workingDirectory.filter(d -> projectBinding.isEmpty()),
                interpreter,
                binding,
                controlSocket);
    }

    /** This spec telling the plugin {@code socket} as {@code init_extensions.control_socket} (empty: none). */
    public LaunchSpec withControlSocket(Optional<Path> socket) {
        return new LaunchSpec(
                name,
                executable,
                environmentPolicy,
                callerEnvironment,
                extras,
                workingDirectory,
                interpreter,
                projectBinding,
                socket);
    }

    /** A plugin named after its file, seeing the base allowlist plus {@code declared} names. */
    public static LaunchSpec of(Path executable, List<String> declared, Map<String, String> callerEnvironment) {
        return new LaunchSpec(
                executable.getFileName().toString(),
                executable,
                EnvironmentPolicy.declaring(Set.copyOf(declared)),
                callerEnvironment,
                Map.of(),
                Optional.empty(),
                Optional.empty());
    }

    /** Names variables but never their values: the caller's environment and the extras hold secrets. */
    @Override
    public String toString() {
        return "LaunchSpec[name=" + name + ", executable=" + executable + ", declared="
                + environmentPolicy.declared() + ", extras=" + new TreeSet<>(extras.keySet())
                + ", workingDirectory=" + workingDirectory + ", interpreter="
                + interpreter.map(Interpreter::shown).orElse("none") + ", projectBinding="
                + projectBinding.map(b -> b.projectRoot().toString()).orElse("none") + ", controlSocket="
                + controlSocket.map(Path::toString).orElse("none") + "]";
    }

    /** The plugin's complete environment: what the policy lets through, and the host's own variables. */
    public Map<String, String> environment() {
        return HostVariables.over(environmentPolicy.environmentFor(callerEnvironment, extras));
    }

    /** The command that starts the plugin: the interpreter, if any, then the executable. */
    public List<String> command() {
        return Interpreters.command(interpreter, executable);
    }
}
