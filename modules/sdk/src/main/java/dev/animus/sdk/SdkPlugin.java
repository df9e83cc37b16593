package dev.animus.sdk;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.node.ObjectNode;

/** The plugin the builder makes: an immutable table of handlers. */
final class SdkPlugin implements Plugin {

    /** Answered by the sdk itself; a plugin cannot register them. */
    private static final Set<String> LIFECYCLE =
            Set.of("initialize", "initialized", "shutdown", "exit", "$/ping", "$/cancelRequest");

    private final PluginDefinition definition;
    private final Map<String, Route> routes;
    private final Map<String, NotificationHandler> notifications;
    private final List<String> methods;
    private final ObjectNode initializeResult;

    private SdkPlugin(
            PluginDefinition definition, Map<String, Route> routes, Map<String, NotificationHandler> notifications) {
        this.definition = definition;
        this.routes = Map.copyOf(routes);
        this.notifications = Map.copyOf(notifications);
        var names = new ArrayList<>(List.of("$/ping", "health/check"));
        routes.keySet().stream().filter(n -> !names.contains(n)).forEach(names::add);
        this.methods = List.copyOf(names);
        this.initializeResult = SelfDescription.initializeResult(definition, methods);
    }

    @Override
    public PluginDefinition definition() {
        return definition;
    }

    @Override
    public List<String> methods() {
        return methods;
    }

    @Override
    public ObjectNode manifest() {
        return SelfDescription.manifest(definition, methods);
    }

    @Override
    public int run(String[] args) {
        if (args.length == 0) {
            System.out.flush();
            System.setOut(System.err); // a stray println must not land in the protocol stream
        }
        return run(args, new FileInputStream(FileDescriptor.in), new FileOutputStream(FileDescriptor.out), System.err);
    }

    /** {@link #run(String[])} over the given streams. */
    int run(String[] args, InputStream in, OutputStream out, PrintStream err) {
        if (args.length == 1 && args[0].equals("--manifest")) {
            try {
                out.write((Frames.MAPPER.writeValueAsString(manifest()) + "\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
                return 0;
            } catch (IOException e) {
                new Diagnostics(err, definition.name()).warn("could not write the manifest: " + e.getMessage());
                return 1;
            }
        }
        if (args.length > 0) {
            new Diagnostics(err, definition.name())
                    .warn("usage: <plugin> [--manifest] (without arguments it "
                            + "serves the Animus protocol on stdin/stdout); unexpected: " + String.join(" ", args));
            return 2;
        }
        return serve(in, out, err);
    }

    @Override
    public int serve(InputStream in, OutputStream out, PrintStream diagnostics) {
        Objects.requireNonNull(in, "in");
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(diagnostics, "diagnostics");
        return new Session(this, out, diagnostics, System::nanoTime).serve(in);
    }

    /** How {@code method} is answered. */
    Route route(String method) {
        return routes.getOrDefault(method, new Route.Unregistered());
    }

    /** The handler of notification {@code method}, if registered. */
    Optional<NotificationHandler> notificationHandler(String method) {
        return Optional.ofNullable(notifications.get(method));
    }

    /** The {@code initialize} result; shared, never modified. */
    ObjectNode initializeResult() {
        return initializeResult;
    }

    static final class Builder implements Plugin.Builder {

        private final PluginDefinition definition;
        private final Map<String, Route> routes = new LinkedHashMap<>();
        private final Map<String, NotificationHandler> notifications = new LinkedHashMap<>();

        Builder(PluginDefinition definition) {
            this.definition = Objects.requireNonNull(definition, "definition");
        }

        @Override
        public Builder method(String name, MethodHandler handler) {
            return register(name, new Route.Handled(Objects.requireNonNull(handler, "handler")));
        }

        @Override
        public Builder rawMethod(String name, RawMethodHandler handler) {
            return register(name, new Route.RawHandled(Objects.requireNonNull(handler, "handler")));
        }

        @Override
        public Builder notification(String name, NotificationHandler handler) {
            Objects.requireNonNull(handler, "handler");
            checkName(name, notifications.containsKey(name));
            notifications.put(name, handler);
            return this;
        }

        @Override
        public Plugin build() {
            return new SdkPlugin(definition, routes, notifications);
        }

        private Builder register(String name, Route route) {
            checkName(name, routes.containsKey(name));
            routes.put(name, route);
            return this;
        }

        private static void checkName(String name, boolean taken) {
            Objects.requireNonNull(name, "name");
            if (name.isBlank()) {
                throw new IllegalArgumentException("a method name must not be blank");
            }
            if (LIFECYCLE.contains(name)) {
                throw new IllegalArgumentException("'" + name + "' is answered by the sdk itself");
            }
            if (taken) {
                throw new IllegalArgumentException("'" + name + "' is already registered");
            }
        }
    }
}
