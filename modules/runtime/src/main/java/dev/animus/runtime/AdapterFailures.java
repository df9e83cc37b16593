package dev.animus.runtime;

import dev.animus.core.Fix;
import dev.animus.core.Guidance;
import dev.animus.discovery.DiscoveryFailure;
import dev.animus.discovery.ProbeCopy;
import dev.animus.fetch.ArchiveRefused;
import dev.animus.fetch.ChecksumInvalid;
import dev.animus.fetch.FetchFailed;
import dev.animus.fetch.FetchFailure;
import dev.animus.fetch.ReleaseInvalid;
import dev.animus.install.SigstoreRoot;
import dev.animus.process.Interpreters;
import dev.animus.process.ProcessFailure;
import dev.animus.process.SpawnFailed;
import dev.animus.rpc.ConnectionLost;
import dev.animus.rpc.RemoteError;
import dev.animus.rpc.RequestCancelled;
import dev.animus.rpc.RequestTimedOut;
import dev.animus.rpc.RpcException;
import dev.animus.runtime.FailureReport.Category;
import dev.animus.sigstore.SigstoreFailure;
import dev.animus.sigstore.VerificationFailed;
import dev.animus.store.DocumentUnreadable;
import dev.animus.store.LockTimedOut;
import dev.animus.store.LockfileUnreadable;
import dev.animus.store.StoreFailure;
import dev.animus.store.StoreRefused;
import dev.animus.store.TrustedOrgsUnreadable;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Optional;

/**
 * Translates what the adapters throw into {@link FailureReport}s, so that a front end needs none of
 * the adapters' types. Each adapter's failures are one sealed family; every family is switched
 * over exhaustively here, so a new failure of an adapter does not compile until it is reported.
 */
public final class AdapterFailures {
    private AdapterFailures() {}

    /**
     * The report for {@code e} when it is an adapter's failure (or the JDK's
     * {@link UncheckedIOException}, which the adapters throw when input or output fails); empty
     * for anything else.
     */
    public static Optional<FailureReport> report(Throwable e) {
        if (e instanceof StoreFailure s) {
            return Optional.of(store(s));
        }
        if (e instanceof FetchFailure f) {
            return Optional.of(fetch(f));
        }
        if (e instanceof SigstoreFailure v) {
            return Optional.of(sigstore(v));
        }
        if (e instanceof ProcessFailure p) {
            return Optional.of(process(p));
        }
        if (e instanceof DiscoveryFailure d) {
            return Optional.of(discovery(d));
        }
        if (e instanceof RpcException r) {
            return Optional.of(rpc(r));
        }
        if (e instanceof DefaultsInvalid d) {
            return Optional.of(FailureReport.of(Category.USAGE, "defaults_invalid", d.getMessage()));
        }
        if (e instanceof UncheckedIOException io) {
            return Optional.of(FailureReport.of(Category.FAILED, "io_error", IoText.of(io)));
        }
        return Optional.empty();
    }

    static FailureReport store(StoreFailure failure) {
        return switch (failure) {
            case StoreRefused r -> new FailureReport(Category.VERIFICATION, "store_refused", r.guidance());
            case DocumentUnreadable d -> new FailureReport(Category.FAILED, "state_unreadable", d.guidance());
            case LockfileUnreadable l -> new FailureReport(Category.FAILED, "lockfile_unreadable", l.guidance());
            case LockTimedOut t -> new FailureReport(Category.FAILED, "lock_timed_out", t.guidance());
            case TrustedOrgsUnreadable u -> new FailureReport(Category.FAILED, "trusted_orgs_unreadable", u.guidance());
        };
    }

    static FailureReport fetch(FetchFailure failure) {
        return switch (failure) {
            case FetchFailed f ->
                FailureReport.of(
                        switch (f.reason()) {
                            case NOT_HTTPS -> Category.USAGE;
                            case DEADLINE -> Category.TIMEOUT;
                            case HOST_NOT_ALLOWED, TOO_MANY_REDIRECTS, TOO_LARGE, HTTP_STATUS, NETWORK ->
                                Category.FAILED;
                        },
                        "download_" + f.reason().name().toLowerCase(Locale.ROOT),
                        f.getMessage());
            case ArchiveRefused a -> FailureReport.of(Category.FAILED, "archive_refused", a.getMessage());
            case ReleaseInvalid r -> FailureReport.of(Category.FAILED, "release_invalid", r.getMessage());
            case ChecksumInvalid c -> FailureReport.of(Category.VERIFICATION, "checksum_invalid", c.getMessage());
        };
    }

    static FailureReport sigstore(SigstoreFailure failure) {
        return switch (failure) {
            case VerificationFailed v
            when v.reason() == VerificationFailed.Reason.MALFORMED_TRUSTED_ROOT ->
                new FailureReport(
                        Category.USAGE,
                        "trusted_root_invalid",
                        Guidance.of(
                                v.getMessage() + " (set by ",
                                new Fix.Choose(Fix.Choice.TRUSTED_ROOT),
                                " or " + SigstoreRoot.VARIABLE + "; fix or unset it to use the built-in root)"));
            case VerificationFailed v -> FailureReport.of(Category.VERIFICATION, "signature_invalid", v.getMessage());
        };
    }

    static FailureReport discovery(DiscoveryFailure failure) {
        return switch (failure) {
            case ProbeCopy.TooLarge t -> FailureReport.of(Category.FAILED, "probe_copy_too_large", t.getMessage());
        };
    }

    static FailureReport process(ProcessFailure failure) {
        return switch (failure) {
            case SpawnFailed s -> FailureReport.of(Category.FAILED, "spawn_failed", s.getMessage());
            case Interpreters.Unresolved u -> new FailureReport(Category.USAGE, "interpreter_unresolved", u.guidance());
        };
    }

    static FailureReport rpc(RpcException failure) {
        return switch (failure) {
            case RemoteError r -> FailureReport.of(Category.FAILED, "plugin_rpc_error", r.getMessage());
            case ConnectionLost c -> FailureReport.of(Category.FAILED, "connection_lost", c.getMessage());
            case RequestTimedOut t -> FailureReport.of(Category.TIMEOUT, "timeout", t.getMessage());
            case RequestCancelled c -> FailureReport.of(Category.INTERRUPTED, "cancelled", c.getMessage());
        };
    }
}
