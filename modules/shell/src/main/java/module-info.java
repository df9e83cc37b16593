/**
 * The {@code animus} command: the declarative command tree, rendering, exit codes, the interactive
 * shell (JLine) and main(). The only module that writes to stdout/stderr or binds a logging backend
 * (slf4j-simple).
 *
 * <p>Reaches services only through runtime's application API ({@code dev.animus.runtime.Animus});
 * must never build a store or reach into adapters for anything but their value types.
 * {@code jdk.unsupported} is required because JLine catches Ctrl-C through {@code sun.misc.Signal},
 * by reflection: without it in the module graph, Ctrl-C would end the JVM instead of cancelling
 * the command. {@code org.jline.terminal.ffm} is not required: it is a service provider, bound from
 * the module path at run time.
 */
module dev.animus.shell {
    requires dev.animus.runtime;
    requires dev.animus.daemon;
    requires info.picocli;
    requires org.jline.reader;
    requires org.jline.terminal;
    requires org.slf4j;
    requires jdk.unsupported;

    opens dev.animus.shell to
            info.picocli;
    opens dev.animus.shell.agent to
            info.picocli;
    opens dev.animus.shell.completion to
            info.picocli;
    opens dev.animus.shell.daemon to
            info.picocli;
    opens dev.animus.shell.dev to
            info.picocli;
    opens dev.animus.shell.hook to
            info.picocli;
    opens dev.animus.shell.plugin to
            info.picocli;
    opens dev.animus.shell.render to
            info.picocli;
    opens dev.animus.shell.repl to
            info.picocli;
    opens dev.animus.shell.subject to
            info.picocli;
    opens dev.animus.shell.tour to
            info.picocli;
    opens dev.animus.shell.trust to
            info.picocli;
}
