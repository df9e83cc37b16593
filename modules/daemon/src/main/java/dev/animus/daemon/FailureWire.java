package dev.animus.daemon;

import dev.animus.control.ControlError;
import dev.animus.control.ErrorCategory;
import dev.animus.control.RecordJson;
import dev.animus.core.CoreFailure;
import dev.animus.core.ErrorCodes;
import dev.animus.core.Fix;
import dev.animus.core.HostFailure;
import dev.animus.core.InstallationRefused;
import dev.animus.host.LaunchFailed;
import dev.animus.host.PluginCallFailed;
import dev.animus.install.InstallationFailure;
import dev.animus.install.LaunchRefused;
import dev.animus.install.LaunchRequirements;
import dev.animus.providers.CancelNotSupported;
import dev.animus.providers.NoActiveSession;
import dev.animus.providers.ProviderFailure;
import dev.animus.providers.ProviderMissing;
import dev.animus.providers.RunFailed;
import dev.animus.router.NoSubjectBackend;
import dev.animus.router.RouterConflict;
import dev.animus.runtime.RequirementMissing;
import dev.animus.runtime.UseCaseFailure;
import dev.animus.subjects.SubjectInvalid;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The failures of the plugin use cases on the wire: the daemon sends each as a categorised
 * {@link ControlError} whose detail holds the typed failure ({@link RecordJson}), and its client
 * throws the very same failure again, so a front end shows it exactly as it shows its own. A
 * client that is not ours branches on the category.
 */
final class FailureWire {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private FailureWire() {}

    /** {@code e} as a control error, or empty when it is none of the plugin use cases' failures. */
    static Optional<ControlError> toWire(RuntimeException e) {
        ObjectNode d = JSON.objectNode();
        return switch (e) {
            case ControlError c -> Optional.of(c);
            case PluginCallFailed f -> {
                d.put("failure_type", "plugin_call_failed")
                        .put("plugin", f.plugin())
                        .put("method", f.method());
                d.put("request_written", f.requestWritten());
                d.set("failure", RecordJson.write(f.failure(), HostFailure.class));
                yield Optional.of(error(category(f.failure()), f.getMessage(), d));
            }
            case LaunchFailed f -> {
                d.put("failure_type", "launch_failed").put("plugin", f.plugin());
                d.set("failure", RecordJson.write(f.failure(), HostFailure.class));
                d.set("stderr_tail", RecordJson.write(f.stderrTail(), List.class));
                yield Optional.of(error(ErrorCategory.UNAVAILABLE, f.getMessage(), d));
            }
            case LaunchRefused f -> {
                d.put("failure_type", "launch_refused");
                d.set("failure", RecordJson.write(f.failure(), HostFailure.class));
                yield Optional.of(error(
                        f.failure() instanceof HostFailure.NotInstalled
                                ? ErrorCategory.NOT_FOUND
                                : ErrorCategory.PERMISSION_DENIED,
                        f.getMessage(),
                        d));
            }
            case RequirementMissing f -> {
                d.put("failure_type", "requirement_missing").put("plugin", f.plugin());
                d.set("missing", RecordJson.write(f.missing(), LaunchRequirements.Missing.class));
                yield Optional.of(error(ErrorCategory.INVALID_REQUEST, f.getMessage(), d));
            }
            case InstallationRefused f ->
                Optional.of(error(
                        switch (f.reason()) {
                            case NOT_INSTALLED, NO_PREVIOUS -> ErrorCategory.NOT_FOUND;
                            case ALREADY_INSTALLED, CHANGED_SINCE_SHOWN, HOOK_CONFLICT -> ErrorCategory.CONFLICT;
                            case NOT_TRUSTED, NO_MANIFEST, NOT_CONSENTED, NOT_ENABLED ->
                                ErrorCategory.PERMISSION_DENIED;
                        },
                        f.getMessage(),
                        d.put("failure_type", "installation_refused")
                                .put("reason", f.reason().name())));
            case ProviderFailure p -> Optional.of(provider(p, d));
            case RouterConflict c ->
                Optional.of(error(
                        ErrorCategory.CONFLICT,
                        c.getMessage(),
                        d.put("failure_type", "router_conflict")
                                .put("pattern", c.pattern())
                                .put("first", c.first())
                                .put("second", c.second())));
            case NoSubjectBackend n ->
                Optional.of(error(
                        ErrorCategory.NOT_FOUND,
                        n.getMessage(),
                        d.put("failure_type", "no_subject_backend").put("kind", n.kind())));
            case SubjectInvalid i ->
                Optional.of(error(ErrorCategory.INTERNAL, i.getMessage(), d.put("failure_type", "subject_invalid")));
            // the other failures of the use cases: their messages are one line for people already
            case CoreFailure c -> Optional.of(error(ErrorCategory.INVALID_REQUEST, e.getMessage(), d));
            case InstallationFailure i -> Optional.of(error(ErrorCategory.INVALID_REQUEST, e.getMessage(), d));
            case UseCaseFailure u -> Optional.of(error(ErrorCategory.INVALID_REQUEST, e.getMessage(), d));
            default -> Optional.empty();
        };
    }

    /**
     * The failure {@code e} stands for: the typed failure the daemon sent, else {@code e} itself.
     * A detail that cannot be read back gives {@code e} (its message is still the daemon's).
     */
    static RuntimeException fromWire(ControlError e) {
        ObjectNode d = e.detail();
        try {
            return switch (d.path("failure_type").asString("")) {
                case "plugin_call_failed" ->
                    PluginCallFailed.reported(
                            d.path("plugin").asString(),
                            d.path("method").asString(),
                            RecordJson.read(d.get("failure"), HostFailure.class),
                            d.path("request_written").asBoolean(true));
                case "launch_failed" ->
                    LaunchFailed.reported(
                            d.path("plugin").asString(),
                            e.getMessage(),
                            RecordJson.read(d.get("failure"), HostFailure.class),
                            strings(d.path("stderr_tail")));
                case "launch_refused" -> LaunchRefused.reported(RecordJson.read(d.get("failure"), HostFailure.class));
                case "requirement_missing" ->
                    RequirementMissing.reported(
                            d.path("plugin").asString(),
                            RecordJson.read(d.get("missing"), LaunchRequirements.Missing.class));
                case "provider_missing" -> {
                    List<Fix> fixes = new ArrayList<>();
                    d.path("fixes").forEach(f -> fixes.add(RecordJson.read(f, Fix.class)));
                    yield new ProviderMissing(d.path("provider").asString(), fixes);
                }
                case "run_failed" ->
                    new RunFailed(
                            d.path("provider").asString(),
                            d.path("control_session_id").asString(),
                            RecordJson.read(d.get("failure"), HostFailure.class),
                            d.path("output_so_far").asString());
                case "router_conflict" ->
                    new RouterConflict(
                            d.path("pattern").asString(),
                            d.path("first").asString(),
                            d.path("second").asString());
                case "no_subject_backend" -> new NoSubjectBackend(d.path("kind").asString());
                case "subject_invalid" -> new SubjectInvalid(e.getMessage());
                case "no_active_session" ->
                    new NoActiveSession(d.path("control_session_id").asString());
                case "not_supported" ->
                    new CancelNotSupported(
                            d.path("provider").asString(),
                            d.path("control_session_id").asString());
                default -> e;
            };
        } catch (IllegalArgumentException unreadable) {
            return e;
        }
    }

    /** A provider session's failure: its code names it, the detail holds what rebuilds it. */
    private static ControlError provider(ProviderFailure p, ObjectNode d) {
        d.put("failure_type", p.code());
        ErrorCategory category = switch (p) {
            case ProviderMissing m -> {
                d.put("provider", m.provider());
                var fixes = d.putArray("fixes");
                m.fixes().forEach(f -> fixes.add(RecordJson.write(f, Fix.class)));
                yield ErrorCategory.NOT_FOUND;
            }
            case RunFailed r -> {
                d.put("provider", r.provider()).put("control_session_id", r.controlSessionId());
                d.set("failure", RecordJson.write(r.failure(), HostFailure.class));
                d.put("output_so_far", r.outputSoFar());
                yield category(r.failure());
            }
            case NoActiveSession n -> {
                d.put("control_session_id", n.controlSessionId());
                yield ErrorCategory.NOT_FOUND;
            }
            case CancelNotSupported c -> {
                d.put("provider", c.provider()).put("control_session_id", c.controlSessionId());
                yield ErrorCategory.NOT_SUPPORTED;
            }
        };
        return error(category, p.getMessage(), d);
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asString()));
        return out;
    }

    private static ControlError error(ErrorCategory category, String message, ObjectNode detail) {
        return new ControlError(category, message, Optional.empty(), detail);
    }

    /** The category a client that is not ours branches on. */
    private static ErrorCategory category(HostFailure f) {
        return switch (f) {
            case HostFailure.Rpc r ->
                r.code() == ErrorCodes.METHOD_NOT_FOUND ? ErrorCategory.NOT_SUPPORTED : ErrorCategory.INTERNAL;
            case HostFailure.Undisclosed u -> ErrorCategory.NOT_SUPPORTED;
            case HostFailure.NotSupported n -> ErrorCategory.NOT_SUPPORTED;
            case HostFailure.NotInstalled n -> ErrorCategory.NOT_FOUND;
            case HostFailure.NotRegistered n -> ErrorCategory.NOT_FOUND;
            case HostFailure.NotTrusted n -> ErrorCategory.PERMISSION_DENIED;
            case HostFailure.NotConsented n -> ErrorCategory.PERMISSION_DENIED;
            case HostFailure.NotEnabled n -> ErrorCategory.PERMISSION_DENIED;
            case HostFailure.CodeChanged c -> ErrorCategory.PERMISSION_DENIED;
            case HostFailure.InterpreterUnusable i -> ErrorCategory.PERMISSION_DENIED;
            case HostFailure.StateUnreadable s -> ErrorCategory.INTERNAL;
            case HostFailure.ConnectionLost c -> ErrorCategory.UNAVAILABLE;
            case HostFailure.Timeout t -> ErrorCategory.UNAVAILABLE;
            case HostFailure.ProcessExited p -> ErrorCategory.UNAVAILABLE;
            case HostFailure.SpawnFailed s -> ErrorCategory.UNAVAILABLE;
            case HostFailure.IncompatibleProtocol i -> ErrorCategory.UNAVAILABLE;
            case HostFailure.Cancelled c -> ErrorCategory.UNAVAILABLE;
            case HostFailure.Disabled d -> ErrorCategory.UNAVAILABLE;
            case HostFailure.TooManyRestarts t -> ErrorCategory.UNAVAILABLE;
            case HostFailure.ShuttingDown s -> ErrorCategory.UNAVAILABLE;
        };
    }
}
