package dev.animus.triggers;

/**
 * Carries out what a trigger's event asks for (the daemon's: subjects and the queue), called on
 * the session's thread once per new event, in order. What it returns is what the plugin is told
 * and whether the event's cursor is stored ({@link AckStatus#advancesCursor()}); an exception is
 * taken as {@link AckStatus#FAILED}.
 */
@FunctionalInterface
public interface Dispatcher {
    AckStatus dispatch(TriggerEvent event);
}
