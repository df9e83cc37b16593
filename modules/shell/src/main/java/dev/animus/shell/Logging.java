package dev.animus.shell;

import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Binds slf4j-simple to stderr at the level of {@code ANIMUS_LOG} (error, warn, info, debug,
 * trace; default warn). Must run before the first logger is created.
 */
final class Logging {
    private static final Set<String> LEVELS = Set.of("error", "warn", "info", "debug", "trace", "off");

    private Logging() {}

    static void configure(Map<String, String> env) {
        String level = env.getOrDefault("ANIMUS_LOG", "warn").toLowerCase(Locale.ROOT);
        if (!LEVELS.contains(level)) {
            level = "warn";
        }
        set("org.slf4j.simpleLogger.defaultLogLevel", level);
        set("org.slf4j.simpleLogger.logFile", "System.err");
        set("org.slf4j.simpleLogger.showThreadName", "false");
        set("org.slf4j.simpleLogger.showShortLogName", "true");
        set("org.slf4j.simpleLogger.levelInBrackets", "false");
    }

    private static void set(String key, String value) {
        if (System.getProperty(key) == null) {
            System.setProperty(key, value);
        }
    }
}
