package dev.animus.plugins.schedule;

import dev.animus.sdk.Plugin;
import dev.animus.sdk.PluginDefinition;
import java.time.InstantSource;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The plugin {@code animus-trigger-schedule}: a {@code trigger_backend} that turns cron-style
 * schedules into {@code trigger/event}s. Its methods, config and events are in
 * plugins/schedule/README.md.
 */
public final class SchedulePlugin {
    static final String NAME = "animus-trigger-schedule";
    static final String VERSION = "0.1.0";

    private SchedulePlugin() {}

    static PluginDefinition definition() {
        ObjectNode timeouts = JsonNodeFactory.instance.objectNode();
        // a JVM: the host's 2 s for the handshake is short on a busy machine
        timeouts.put("launch", "10s");
        return PluginDefinition.of(
                        NAME,
                        VERSION,
                        "trigger_backend",
                        "cron-style schedules in UTC, one trigger event per firing, caught up at most once after downtime")
                .withManifestExtra("timeouts", timeouts);
    }

    /** The plugin over {@code watch}. */
    static Plugin plugin(Watch watch) {
        return Plugin.builder(definition())
                .rawMethod("trigger/watch", watch::watch)
                .notification("trigger/ack", watch::ack)
                .build();
    }

    /** The entry point: {@code --manifest}, or the protocol on stdio; the loop stops when the session ends. */
    public static void main(String[] args) {
        int code;
        try (Watch watch = new Watch(InstantSource.system())) {
            code = plugin(watch).run(args);
        }
        System.exit(code);
    }
}
