package dev.animus.shell.agent;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Optional;

/**
 * Ctrl-C (SIGINT) for a one-shot command: while installed, the signal runs an action instead of
 * ending the JVM. Through {@code sun.misc.Signal} by reflection, as JLine does (javac warns on a
 * direct use, and the build makes warnings errors). {@link #close()} puts the previous handler
 * back. Used by every command that runs until Ctrl-C ({@code agent run}, {@code subject watch}).
 */
public final class SigInt implements AutoCloseable {
    private final Class<?> signalType;
    private final Class<?> handlerType;
    private final Object signal;
    private final Object previous;

    private SigInt(Class<?> signalType, Class<?> handlerType, Object signal, Object previous) {
        this.signalType = signalType;
        this.handlerType = handlerType;
        this.signal = signal;
        this.previous = previous;
    }

    /** Installs {@code action} as SIGINT's handler; empty when this JVM cannot (then Ctrl-C ends it). */
    public static Optional<SigInt> install(Runnable action) {
        return prepare(action).flatMap(Prepared::install);
    }

    /**
     * Builds the handler that runs {@code action}, without installing it: the costly part (a proxy
     * class is generated the first time), so a command can pay it before it starts what it then
     * waits for ({@code agent run} before the provider's first event can arrive). Empty when this
     * JVM cannot.
     */
    public static Optional<Prepared> prepare(Runnable action) {
        try {
            Class<?> signalType = Class.forName("sun.misc.Signal");
            Class<?> handlerType = Class.forName("sun.misc.SignalHandler");
            Object signal = signalType.getConstructor(String.class).newInstance("INT");
            Object handler = Proxy.newProxyInstance(
                    handlerType.getClassLoader(),
                    new Class<?>[] {handlerType},
                    (proxy, m, args) -> switch (m.getName()) {
                        case "handle" -> {
                            action.run();
                            yield null;
                        }
                        case "hashCode" -> System.identityHashCode(proxy);
                        case "equals" -> proxy == args[0];
                        default -> "SigInt";
                    });
            return Optional.of(new Prepared(signalType, handlerType, signal, handler, handle(signalType, handlerType)));
        } catch (ReflectiveOperationException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** A SIGINT handler built and not yet installed ({@link #prepare}). */
    public record Prepared(Class<?> signalType, Class<?> handlerType, Object signal, Object handler, Method handle) {
        /** Installs the handler; empty when this JVM refuses (then Ctrl-C ends it). */
        public Optional<SigInt> install() {
            try {
                Object previous = handle.invoke(null, signal, handler);
                return Optional.of(new SigInt(signalType, handlerType, signal, previous));
            } catch (ReflectiveOperationException | IllegalArgumentException e) {
                return Optional.empty();
            }
        }
    }

    private static Method handle(Class<?> signalType, Class<?> handlerType) throws NoSuchMethodException {
        return signalType.getMethod("handle", signalType, handlerType);
    }

    @Override
    public void close() {
        try {
            handle(signalType, handlerType).invoke(null, signal, previous);
        } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot restore the SIGINT handler", e);
        }
    }
}
