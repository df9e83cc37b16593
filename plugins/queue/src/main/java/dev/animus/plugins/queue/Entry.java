package dev.animus.plugins.queue;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.node.ObjectNode;

/**
 * One queue entry as stored: {@code number} is the {@code n} of its id {@code q:<n>};
 * {@code attempts} counts the leases it was given; {@code lease} is there while it is leased;
 * {@code outcome} and {@code message} are those of its last completion.
 */
record Entry(
        long number,
        String subjectId,
        ObjectNode payload,
        int priority,
        Status status,
        int attempts,
        Optional<Lease> lease,
        Instant enqueuedAt,
        Instant updatedAt,
        Optional<Outcome> outcome,
        Optional<String> message) {

    /** A lease held by {@code worker} until {@code expiresAt} (exclusive). */
    record Lease(String leaseId, String worker, Instant expiresAt) {
        Lease {
            Objects.requireNonNull(leaseId, "leaseId");
            Objects.requireNonNull(worker, "worker");
            Objects.requireNonNull(expiresAt, "expiresAt");
        }
    }

    Entry {
        Objects.requireNonNull(subjectId, "subjectId");
        payload = payload.deepCopy();
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(lease, "lease");
        Objects.requireNonNull(enqueuedAt, "enqueuedAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(message, "message");
        if (lease.isPresent() != (status == Status.LEASED)) {
            throw new IllegalArgumentException("entry q:" + number + " is " + status.wire()
                    + (lease.isPresent() ? " with a lease" : " without a lease"));
        }
    }

    /** {@code q:<n>}. */
    String id() {
        return EntryId.text(number);
    }
}
