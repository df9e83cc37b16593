/**
 * The first-party trigger backend {@code schedule} ({@code animus-trigger-schedule}): cron-style
 * schedules in UTC, one {@code trigger/event} per firing, catching up at most once per schedule
 * after downtime. A plugin: depends on the sdk only, never on a host module; exports nothing (the
 * launcher starts it with {@code -m}).
 */
module dev.animus.plugins.schedule {
    requires dev.animus.sdk;
}
