package dev.animus.shell.render;

import dev.animus.core.AgentScope;
import dev.animus.core.Fix;
import dev.animus.core.Guidance;
import dev.animus.core.HostFailure;
import dev.animus.core.InstallationRefused;
import dev.animus.core.OneLine;
import java.util.List;
import java.util.Optional;

/**
 * Renders a {@link Fix} as what the operator types at this shell: the command line, with the
 * plugin, scope, path or name the fix carries.
 */
public final class FixText {
    private FixText() {}

    /** The command line that does {@code fix}, unquoted. */
    public static String command(Fix fix) {
        return switch (fix) {
            case Fix.Trust t -> "animus plugin trust " + t.plugin();
            case Fix.TrustPath t -> "animus plugin trust " + t.path();
            case Fix.Consent c -> "animus plugin consent " + c.plugin();
            case Fix.Enable e -> "animus plugin enable " + e.plugin() + " " + scope(e.scope());
            case Fix.Disable d -> "animus plugin disable " + d.plugin() + " " + scope(d.scope());
            case Fix.Reset r -> "animus plugin reset " + r.plugin();
            case Fix.Update u -> "animus plugin update " + u.plugin() + " --path " + source(u.source());
            case Fix.Install i ->
                "animus plugin install --path " + source(i.source())
                        + i.name().map(n -> " --name " + n).orElse("");
            case Fix.Inspect i -> "animus plugin inspect " + i.plugin();
            case Fix.Info i -> "animus plugin info " + i.plugin();
            case Fix.Ping p -> "animus plugin ping " + p.plugin();
            case Fix.ListInstalled l -> "animus plugin list";
            case Fix.ClearCache c -> "animus plugin cache clear";
            case Fix.VerifyLock v -> "animus plugin lock verify";
            case Fix.SetSecret s -> "animus secret set " + s.plugin() + " " + s.name();
            case Fix.SecretStatus s -> "animus secret status " + s.plugin();
            case Fix.RepairState r -> "animus plugin state repair";
            case Fix.Doctor d -> "animus plugin doctor " + d.plugin();
            case Fix.SetVariable v -> "export " + v.name() + "=<value>";
            case Fix.InstallDefaults d ->
                "animus plugin install-defaults"
                        + String.join(
                                "",
                                d.include().stream().map(g -> " --include-" + g).toList());
            case Fix.UpgradeAnimus u -> "upgrade animus";
            case Fix.Choose c -> option(c.choice());
        };
    }

    /**
     * The {@code fix} of an error document (docs/cli.md#errors-a-program-can-read): the first of
     * {@code fixes} that is a whole command ({@link Fix.Choose} is an option of the act at hand),
     * as {@link #command} renders it; empty when there is none.
     */
    public static Optional<String> commandOf(List<Fix> fixes) {
        return fixes.stream()
                .filter(f -> !(f instanceof Fix.Choose))
                .findFirst()
                .map(FixText::command);
    }

    /** The option that makes {@code choice}. */
    static String option(Fix.Choice choice) {
        return switch (choice) {
            case FORCE -> "--force";
            case NAME -> "--name";
            case ALLOW_SHADOW_BUILTIN -> "--allow-shadow-builtin";
            case SHA256 -> "--sha256";
            case SIGNATURE_POLICY_STRICT -> "--signature-policy strict";
            case SIGNATURE_POLICY_WARN -> "--signature-policy warn";
            case REWRITE_LOCKFILE -> "--rewrite-lockfile";
            case TRUSTED_ROOT -> "--trusted-root";
        };
    }

    /** {@code guidance} with each fix as the command line (or option) to type. */
    public static String render(Guidance guidance) {
        return guidance.render(FixText::command);
    }

    /**
     * What a refusal to run says before its chain; the chain ends the line, so everything after
     * the colon pastes as one command line (docs/cli.md#one-confirmation).
     */
    public static final String TO_RUN_IT = "; to run it: ";

    /** {@code fixes} as one command line that does them in order, each only if the one before succeeded. */
    public static String chain(List<Fix> fixes) {
        return String.join(" && ", fixes.stream().map(FixText::command).toList());
    }

    /** The command line that does {@code fix}, in single quotes as messages show it. */
    static String quoted(Fix fix) {
        return "'" + command(fix) + "'";
    }

    /**
     * The command that fixes {@code failure}, as the error document's {@code fix}: for a launch
     * refused as not trusted, consented or enabled the whole chain its line names, else the first
     * command.
     */
    public static Optional<String> command(HostFailure failure) {
        return chained(failure) ? Optional.of(chain(failure.fixes())) : commandOf(failure.fixes());
    }

    /** Whether {@code failure}'s fixes are steps to take one after another (its line joins them with &&). */
    private static boolean chained(HostFailure failure) {
        return failure instanceof HostFailure.NotTrusted
                || failure instanceof HostFailure.NotConsented
                || failure instanceof HostFailure.NotEnabled;
    }

    /** A host failure's line as this shell shows it: its message, then its fixes as commands. */
    static String line(HostFailure failure) {
        if (failure instanceof HostFailure.StateUnreadable s) { // its fixes are in its reason
            return OneLine.of(render(s.reason()));
        }
        List<Fix> fixes = failure.fixes();
        return failure.message()
                + switch (failure) {
                    case HostFailure.Disabled d -> " (run " + quoted(fixes.getFirst()) + " to enable it again)";
                    case HostFailure.TooManyRestarts t -> " (run " + quoted(fixes.getFirst()) + " to enable it again)";
                    case HostFailure.NotRegistered n -> " (see " + quoted(fixes.getFirst()) + ")";
                    case HostFailure.NotTrusted n -> TO_RUN_IT + chain(fixes);
                    case HostFailure.NotConsented n -> TO_RUN_IT + chain(fixes);
                    case HostFailure.NotEnabled n -> TO_RUN_IT + chain(fixes);
                    case HostFailure.NotInstalled n -> " (run " + quoted(fixes.getFirst()) + ")";
                    case HostFailure.CodeChanged c ->
                        c.original().isPresent()
                                ? "; restore it from its original with " + quoted(fixes.getFirst())
                                        + " (the same bytes: its trust, consent and enablement stay)"
                                : "; restore it with " + quoted(fixes.getFirst())
                                        + " from a file with the trusted bytes (other bytes must be trusted,"
                                        + " consented to and enabled again)";
                    case HostFailure.InterpreterUnusable i ->
                        "; run " + quoted(fixes.getFirst()) + " to resolve and record its interpreter again";
                    case HostFailure.Undisclosed u when u.lifecycle() -> " (try " + quoted(fixes.getFirst()) + ")";
                    case HostFailure.Undisclosed u ->
                        "; if a newer version declares it, install it with " + quoted(fixes.getFirst())
                                + " and consent again with " + quoted(fixes.get(1));
                    case HostFailure.Rpc r -> "";
                    case HostFailure.ConnectionLost c -> "";
                    case HostFailure.Timeout t -> "";
                    case HostFailure.ProcessExited p -> "";
                    case HostFailure.SpawnFailed sf -> "";
                    case HostFailure.IncompatibleProtocol ip -> "";
                    case HostFailure.NotSupported ns -> "";
                    case HostFailure.Cancelled c -> "";
                    case HostFailure.ShuttingDown sd -> "";
                    case HostFailure.StateUnreadable su -> "";
                };
    }

    /** A refused lifecycle step's line as this shell shows it: its message, then its fixes as commands. */
    static String line(InstallationRefused refused) {
        List<Fix> fixes = refused.fixes();
        return refused.getMessage()
                + switch (refused.reason()) {
                    case NOT_INSTALLED -> " (run " + quoted(fixes.getFirst()) + ")";
                    case NOT_TRUSTED, NOT_CONSENTED, NOT_ENABLED -> "; run: " + chain(fixes);
                    case ALREADY_INSTALLED -> "; to replace its code run " + quoted(fixes.getFirst());
                    case HOOK_CONFLICT -> "; to move the hook to it, first run " + quoted(fixes.getFirst());
                    case NO_PREVIOUS -> "; install other code with " + quoted(fixes.getFirst());
                    case NO_MANIFEST ->
                        fixes.size() == 1
                                ? " (run " + quoted(fixes.getFirst()) + " to read its manifest)"
                                : " (run " + quoted(fixes.getFirst()) + " to read its manifest again, or "
                                        + quoted(fixes.get(1)) + ")";
                    case CHANGED_SINCE_SHOWN -> " (run " + quoted(fixes.getFirst()) + " and confirm again)";
                };
    }

    /** The command-line form of a scope: {@code --agent <name>} or {@code --all-agents}. */
    static String scope(AgentScope scope) {
        return switch (scope) {
            case AgentScope.One one -> "--agent " + one.agent();
            case AgentScope.All all -> "--all-agents";
        };
    }

    /** Where the code comes from, as the value of {@code --path}. */
    static String source(Fix.Source source) {
        return switch (source) {
            case Fix.Source.At at -> at.path();
            case Fix.Source.AnyFile any -> "<file>";
            case Fix.Source.FixedPlugin fixed -> "<fixed plugin>";
        };
    }
}
