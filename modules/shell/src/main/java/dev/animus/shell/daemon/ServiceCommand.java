package dev.animus.shell.daemon;

import dev.animus.daemon.DaemonFailure;
import dev.animus.daemon.SystemdUnit;
import dev.animus.shell.AnimusCommand;
import dev.animus.shell.CommandFailed;
import dev.animus.shell.ExitCodes;
import dev.animus.shell.render.Failures;
import dev.animus.shell.render.Terminal;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code animus daemon service install|uninstall|print}: the daemon as a systemd user unit. */
@Command(
        name = "service",
        mixinStandardHelpOptions = true,
        description = {
            "Run the project's daemon as a systemd user service.",
            "",
            "Write, remove or print a systemd --user unit (Type=simple, Restart=on-failure) that runs",
            "'animus daemon run' for this project. The unit starts the launcher this animus was started with."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  animus daemon service print",
            "  animus daemon service install",
            "  animus daemon service uninstall"
        })
public final class ServiceCommand implements Runnable {

    @ParentCommand
    DaemonCommand daemon;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(
                new CommandLine(this), "missing subcommand: try 'animus daemon service --help'");
    }

    SystemdUnit unit() {
        AnimusCommand root = daemon.root;
        Path launcher = Launcher.path(root.environment())
                .orElseThrow(() -> new CommandFailed(
                        ExitCodes.USAGE,
                        "daemon_no_launcher",
                        "a unit must start animus by its bin/animus launcher, and this animus was not started by"
                                + " one: run this command with the image's bin/animus"));
        try {
            return SystemdUnit.of(root.daemonScope(), launcher, root.environment());
        } catch (DaemonFailure e) {
            throw Failures.of(e);
        }
    }

    /** {@code daemon service print}. */
    @Command(
            name = "print",
            mixinStandardHelpOptions = true,
            description = "Print the unit file.",
            footerHeading = "%nExamples:%n",
            footer = {"  animus daemon service print", "  animus --project-root /srv/app daemon service print --json"})
    public static final class Print implements Callable<Integer> {
        @ParentCommand
        ServiceCommand service;

        @Override
        public Integer call() {
            SystemdUnit unit = service.unit();
            Terminal t = service.daemon.root.terminal();
            if (service.daemon.root.json) {
                t.printJson(Terminal.envelope("daemon.service.print")
                        .put("name", unit.name())
                        .put(
                                "path",
                                unit.path(service.daemon.root.environment()).toString())
                        .put("text", unit.text()));
            } else {
                t.out().print(unit.text());
                t.out().flush();
            }
            return ExitCodes.OK;
        }
    }

    /** {@code daemon service install}. */
    @Command(
            name = "install",
            mixinStandardHelpOptions = true,
            description = "Write the unit file and reload systemd; prints how to enable it.",
            footerHeading = "%nExamples:%n",
            footer = {"  animus daemon service install", "  animus --project-root /srv/app daemon service install"})
    public static final class Install implements Callable<Integer> {
        @ParentCommand
        ServiceCommand service;

        @Override
        public Integer call() {
            SystemdUnit unit = service.unit();
            try {
                return report(
                        service.daemon.root, "daemon.service.install", unit.install(service.daemon.root.environment()));
            } catch (DaemonFailure e) {
                throw Failures.of(e);
            }
        }
    }

    /** {@code daemon service uninstall}. */
    @Command(
            name = "uninstall",
            mixinStandardHelpOptions = true,
            description = "Stop and disable the unit, and remove its file.",
            footerHeading = "%nExamples:%n",
            footer = {"  animus daemon service uninstall"})
    public static final class Uninstall implements Callable<Integer> {
        @ParentCommand
        ServiceCommand service;

        @Override
        public Integer call() {
            SystemdUnit unit = service.unit();
            try {
                return report(
                        service.daemon.root,
                        "daemon.service.uninstall",
                        unit.uninstall(service.daemon.root.environment()));
            } catch (DaemonFailure e) {
                throw Failures.of(e);
            }
        }
    }

    static int report(AnimusCommand root, String schema, SystemdUnit.Change change) {
        Terminal t = root.terminal();
        if (root.json) {
            var env =
                    Terminal.envelope(schema).put("unit_file", change.unitFile().toString());
            var ran = env.putArray("ran");
            change.ran()
                    .forEach(r -> ran.addObject().put("command", r.command()).put("exit_code", r.exitCode()));
            var left = env.putArray("to_run");
            change.toRun().forEach(left::add);
            t.printJson(env);
        } else {
            t.result(change.unitFile().toString());
            change.ran().forEach(r -> t.info("ran: " + r.command() + " (exit " + r.exitCode() + ")"));
            change.toRun().forEach(c -> t.result("to run: " + c));
        }
        return ExitCodes.OK;
    }
}
