package dev.animus.install;

import dev.animus.core.HostFailure;
import dev.animus.core.InstallRecord;
import dev.animus.core.Installation;
import dev.animus.core.Interpreter;
import dev.animus.core.LaunchGuard;
import dev.animus.core.LaunchVerdict;
import dev.animus.process.Interpreters;
import dev.animus.store.DigestStore;
import dev.animus.store.DocumentUnreadable;
import dev.animus.store.LockTimedOut;
import dev.animus.store.StateStore;
import dev.animus.store.Verification;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * The one place that decides whether an installed plugin may be launched
 * (docs/security.md#the-digest-addressed-store, docs/lifecycle.md#installation-lifecycle): trusted,
 * consented and enabled for the calling agent at the current digests, and the stored code re-hashed
 * immediately before the launch. Only code in the store runs, and a script only on the interpreter
 * recorded with its trust.
 *
 * <p>Thread-safe; every {@link #admit} reads the state document afresh under its lock. Two gates
 * over the same files (the state document and the store's root) are equal, however many times the
 * stores were opened, so a registration guarded by either keeps its warm process: equality is of
 * values, never of store objects.
 */
public record LaunchGate(StateStore state, DigestStore store) {
    public LaunchGate {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(store, "store");
    }

    /** Equal when over the same state document and store root. */
    @Override
    public boolean equals(Object o) {
        return o instanceof LaunchGate g
                && state.file().equals(g.state.file())
                && store.root().equals(g.store.root());
    }

    @Override
    public int hashCode() {
        return Objects.hash(state.file(), store.root());
    }

    /**
     * May {@code name} run for {@code agent} now? Checks the state document and re-hashes the
     * stored code: what a supervisor's guard asks immediately before a launch.
     *
     * @throws LaunchRefused naming why and the command that fixes it: not installed, not trusted,
     *     not consented, not enabled, the stored code changed, or the state document is unreadable
     */
    public Permit admit(String name, String agent) {
        LaunchVerdict.Allowed a = allowedVerdict(name, agent);
        String expected = a.record().digest();
        return switch (store.verify(expected, a.record().shape(), a.record().entry())) {
            case Verification.Intact i ->
                new Permit(
                        name,
                        agent,
                        a.record(),
                        a.manifest(),
                        i.executable(),
                        a.consentDigest(),
                        interpreter(name, a, i.executable()));
            case Verification.Changed c -> throw changed(name, a.record(), c.actualDigest());
            case Verification.Missing m -> throw changed(name, a.record(), "nothing: the store entry is gone");
            case Verification.Refused r -> throw changed(name, a.record(), r.reason());
        };
    }

    /**
     * The state document's answer alone, without re-hashing the stored code: for a command that
     * finds a plugin by name. The code is re-hashed by {@link #guard}, before each launch, so a warm
     * plugin's command pays no hashing.
     *
     * @throws LaunchRefused as {@link #admit}, except for changed code and an unusable interpreter
     *     (both are the guard's, before a launch)
     */
    public Permit allowed(String name, String agent) {
        LaunchVerdict.Allowed a = allowedVerdict(name, agent);
        // the recorded interpreter as it is: the guard checks it (and that a script has one) before a launch
        return new Permit(
                name,
                agent,
                a.record(),
                a.manifest(),
                store.executable(a.record().digest(), a.record().entry()),
                a.consentDigest(),
                a.interpreter());
    }

    /**
     * The interpreter recorded with the trust of the code {@code a} admits, checked to be usable;
     * none for a native executable.
     *
     * @throws LaunchRefused when the code is a script whose interpreter was not recorded, or is gone
     */
    private static Optional<Interpreter> interpreter(String name, LaunchVerdict.Allowed a, Path executable) {
        try {
            if (a.interpreter().isPresent()) {
                Interpreters.check(a.interpreter().get());
            } else if (Interpreters.isScript(executable)) {
                throw new Interpreters.Unresolved("it is a script trusted before its interpreter was recorded");
            }
            return a.interpreter();
        } catch (Interpreters.Unresolved e) {
            throw new LaunchRefused(new HostFailure.InterpreterUnusable(name, e.getMessage()));
        } catch (UncheckedIOException e) {
            throw changed(name, a.record(), e.getMessage());
        }
    }

    private LaunchVerdict.Allowed allowedVerdict(String name, String agent) {
        LaunchVerdict verdict;
        try {
            verdict = Installation.launch(state.read().state(), name, agent);
        } catch (DocumentUnreadable | LockTimedOut e) {
            throw new LaunchRefused(new HostFailure.StateUnreadable(e.guidance()));
        }
        return switch (verdict) {
            case LaunchVerdict.Refused r -> throw new LaunchRefused(r.failure());
            case LaunchVerdict.Allowed a -> a;
        };
    }

    /** The stored code of {@code record} is not what was trusted; names the original when it still has the trusted bytes. */
    static LaunchRefused changed(String name, InstallRecord record, String actual) {
        Optional<String> original = Original.of(record) instanceof Original.Matches m
                ? Optional.of(m.path().toString())
                : Optional.empty();
        return new LaunchRefused(new HostFailure.CodeChanged(name, record.digest(), actual, original));
    }

    /**
     * The guard a supervisor asks before every launch of the code {@code permit} admitted, and before
     * every call: only the methods of the consented manifest are forwarded ({@link ForwardedMethods}).
     */
    public LaunchGuard guard(Permit permit) {
        return new Guard(
                this,
                permit.name(),
                permit.agent(),
                permit.record().digest(),
                permit.interpreter(),
                ForwardedMethods.of(permit.manifest()));
    }

    /**
     * Re-admits before each launch, and refuses if the plugin now runs other code, or on another
     * interpreter, than it was registered with (whose consented manifest {@code methods} come from).
     */
    private record Guard(
            LaunchGate gate,
            String name,
            String agent,
            String digest,
            Optional<Interpreter> interpreter,
            ForwardedMethods methods)
            implements LaunchGuard {
        @Override
        public Optional<HostFailure> refusal(String method) {
            return methods.refusal(name, method);
        }

        @Override
        public Optional<HostFailure> refusal() {
            try {
                Permit now = gate.admit(name, agent);
                if (!now.record().digest().equals(digest)) {
                    return Optional.of(new HostFailure.CodeChanged(
                            name,
                            digest,
                            now.record().digest() + " (it was updated or rolled back; run the command again)"));
                }
                if (!now.interpreter().equals(interpreter)) {
                    return Optional.of(new HostFailure.InterpreterUnusable(
                            name,
                            "its interpreter was recorded anew"
                                    + " since this command started (now "
                                    + now.interpreter().map(Interpreter::shown).orElse("none")
                                    + "); run the command again"));
                }
                return Optional.empty();
            } catch (LaunchRefused e) {
                return Optional.of(e.failure());
            }
        }
    }
}
