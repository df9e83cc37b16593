package dev.animus.plugins.schedule;

/** A cron expression that cannot be used: names the field and what it takes. */
final class CronException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CronException(CronField field, String problem) {
        super(field.label + ": " + problem + "; allowed: " + field.allowed());
    }

    CronException(String message) {
        super(message);
    }
}
