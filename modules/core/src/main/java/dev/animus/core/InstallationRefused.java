package dev.animus.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A step of the installation lifecycle ({@link Installation}) that the state does not allow. The
 * message is one line: what was refused and why; {@link #fixes()} is what to do next, as values.
 * The state the step was asked of is unchanged (the functions are pure).
 */
public final class InstallationRefused extends IllegalStateException implements CoreFailure {
    private static final long serialVersionUID = 1L;

    private static final Fix INSTALL = Installation.INSTALL_FIX;

    /** Why a step was refused. */
    public enum Reason {
        /** Nothing (or not that code) is installed under the name. */
        NOT_INSTALLED,
        /** Code is already installed under the name: replace it with {@code update}. */
        ALREADY_INSTALLED,
        /** There is no previous install to roll back to. */
        NO_PREVIOUS,
        /** The current code digest is not trusted. */
        NOT_TRUSTED,
        /** The current install has no manifest that validates: there is nothing to consent to. */
        NO_MANIFEST,
        /** The current disclosure is not consented. */
        NOT_CONSENTED,
        /** The digest the operator was shown is not the current one (inspect-then-confirm race). */
        CHANGED_SINCE_SHOWN,
        /** The plugin is not enabled for the agent. */
        NOT_ENABLED,
        /** Another enabled plugin already answers a hook this one declares, for the same agent. */
        HOOK_CONFLICT
    }

    private final Reason reason;
    private final String plugin;
    private final transient List<Fix> fixes;

    private InstallationRefused(Reason reason, String plugin, String message, Fix... fixes) {
        this(reason, plugin, message, List.of(fixes));
    }

    private InstallationRefused(Reason reason, String plugin, String message, List<Fix> fixes) {
        super(OneLine.of(message));
        this.reason = Objects.requireNonNull(reason, "reason");
        this.plugin = Objects.requireNonNull(plugin, "plugin");
        this.fixes = List.copyOf(fixes);
    }

    /**
     * What the operator does next, in order; the message leaves it out, the front end that shows
     * the message renders it. A refusal for a missing trust or consent names the whole chain the
     * act asked for needs ({@code trust}, {@code consent}, {@code enable}), not only its first step.
     */
    public List<Fix> fixes() {
        return fixes;
    }

    /** Why it was refused. */
    public Reason reason() {
        return reason;
    }

    /** The plugin name the step was asked for. */
    public String plugin() {
        return plugin;
    }

    static InstallationRefused notInstalled(String plugin) {
        return new InstallationRefused(Reason.NOT_INSTALLED, plugin, "plugin " + plugin + " is not installed", INSTALL);
    }

    static InstallationRefused notInstalledWithDigest(String plugin, String digest) {
        return new InstallationRefused(
                Reason.NOT_INSTALLED,
                plugin,
                "plugin " + plugin + " has no install with code digest sha256 " + digest + ", current or previous",
                INSTALL);
    }

    static InstallationRefused alreadyInstalled(String plugin, String digest) {
        return new InstallationRefused(
                Reason.ALREADY_INSTALLED,
                plugin,
                "plugin " + plugin + " is already installed (sha256 " + Digests.shortForm(digest) + ")",
                update(plugin));
    }

    static InstallationRefused noPrevious(String plugin) {
        return new InstallationRefused(
                Reason.NO_PREVIOUS,
                plugin,
                "plugin " + plugin + " has no previous install to roll back to",
                update(plugin));
    }

    /**
     * @param then the steps after trust the refused act needs (consent; and enable, for an enable)
     */
    static InstallationRefused notTrusted(String plugin, String digest, List<Fix> then) {
        List<Fix> chain = new ArrayList<>();
        chain.add(new Fix.Trust(plugin));
        chain.addAll(then);
        return new InstallationRefused(
                Reason.NOT_TRUSTED,
                plugin,
                "plugin " + plugin + " is not trusted: its code (sha256 " + Digests.shortForm(digest)
                        + ") was never trusted",
                chain);
    }

    static InstallationRefused noManifest(String plugin) {
        return new InstallationRefused(
                Reason.NO_MANIFEST,
                plugin,
                "plugin " + plugin + " has no recorded manifest, so there is nothing to consent to yet",
                new Fix.Trust(plugin));
    }

    static InstallationRefused invalidManifest(String plugin, String problem) {
        return new InstallationRefused(
                Reason.NO_MANIFEST,
                plugin,
                "plugin " + plugin + "'s recorded manifest no longer validates: " + problem,
                new Fix.Trust(plugin),
                update(plugin));
    }

    /**
     * @param then the step after consent the refused act needs (its enable)
     */
    static InstallationRefused notConsented(String plugin, Fix then) {
        return new InstallationRefused(
                Reason.NOT_CONSENTED,
                plugin,
                "plugin " + plugin + " is not consented: its current disclosure was never accepted",
                new Fix.Consent(plugin),
                then);
    }

    /**
     * @param what {@code code digest} or {@code consent digest}
     */
    static InstallationRefused changedSinceShown(String plugin, String what, String shown, String now) {
        return new InstallationRefused(
                Reason.CHANGED_SINCE_SHOWN,
                plugin,
                "plugin " + plugin + " changed since it was shown: the " + what + " shown was " + shown + ", it is now "
                        + now,
                new Fix.Inspect(plugin));
    }

    static InstallationRefused notEnabled(String plugin, AgentScope scope) {
        String agents = switch (scope) {
            case AgentScope.One one -> "agent " + one.agent();
            case AgentScope.All all -> "all agents";
        };
        return new InstallationRefused(
                Reason.NOT_ENABLED,
                plugin,
                "plugin " + plugin + " is not enabled for " + agents,
                new Fix.Enable(plugin, scope));
    }

    /**
     * @param other the enabled plugin that answers {@code hook} already
     * @param agents {@code agent a} or {@code all agents}: where the two meet
     * @param otherScope the scope to disable {@code other} for, so that this one can be enabled
     */
    static InstallationRefused hookConflict(
            String plugin, String other, String hook, String agents, AgentScope otherScope) {
        return new InstallationRefused(
                Reason.HOOK_CONFLICT,
                plugin,
                "plugin " + plugin + " answers hook " + hook + ", which plugin " + other + " already answers for "
                        + agents + ": one plugin answers a hook for an agent",
                new Fix.Disable(other, otherScope));
    }

    private static Fix update(String plugin) {
        return new Fix.Update(plugin, new Fix.Source.AnyFile());
    }
}
