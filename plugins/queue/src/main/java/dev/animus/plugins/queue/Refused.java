package dev.animus.plugins.queue;

/**
 * A call the entry's state does not allow (a lease no longer held, holding a finished entry): the
 * message says which entry and why; answered {@code -32602}.
 */
final class Refused extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Refused(String message) {
        super(message);
    }

    /** The answer to a heartbeat or completion with a lease that expired, was re-leased or was taken back. */
    static Refused leaseLost(String leaseId, long number) {
        return new Refused("lease " + leaseId + " of entry " + EntryId.text(number) + " is no longer held");
    }
}
