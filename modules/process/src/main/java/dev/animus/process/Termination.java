package dev.animus.process;

/** Which step of the stop sequence ended a process (see {@link PluginProcess#stop}). */
public enum Termination {
    /** It had exited before the stop began. */
    ALREADY_EXITED,
    /** It exited on its own after its stdin was closed. */
    EXITED_ON_EOF,
    /** It exited after SIGTERM. */
    TERMINATED,
    /** It had to be killed with SIGKILL. */
    KILLED
}
