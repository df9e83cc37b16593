package dev.animus.rpc;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Objects;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * One subscriber's bounded buffer. The lock is only held to move references, never across I/O. A
 * dropping queue's {@link #offer} never waits beyond that; a waiting one ({@code waitsForRoom})
 * makes the publisher (the connection's reader) wait while it is full: back-pressure, for a
 * subscriber that drains it until it closes it.
 */
final class SubscriberQueue implements Subscription {
    private final int capacity;
    private final Consumer<SubscriberQueue> onClose;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final Condition room = lock.newCondition();
    private final boolean waitsForRoom;
    private final Predicate<Notification> wanted;
    private final ArrayDeque<Notification> buffer;
    private long missed;
    private ConnectionLost ended;

    SubscriberQueue(int capacity, Consumer<SubscriberQueue> onClose) {
        this(capacity, onClose, false);
    }

    SubscriberQueue(int capacity, Consumer<SubscriberQueue> onClose, boolean waitsForRoom) {
        this(capacity, onClose, waitsForRoom, n -> true);
    }

    SubscriberQueue(
            int capacity, Consumer<SubscriberQueue> onClose, boolean waitsForRoom, Predicate<Notification> wanted) {
        this.waitsForRoom = waitsForRoom;
        this.wanted = Objects.requireNonNull(wanted, "wanted");
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        this.capacity = capacity;
        this.onClose = onClose;
        this.buffer = new ArrayDeque<>(Math.min(capacity, 64));
    }

    /**
     * Buffers the notification, first waiting for room if this queue waits for it; returns false if
     * the oldest one had to be dropped for it.
     */
    boolean offer(Notification notification) {
        if (!wanted.test(notification)) {
            return true; // not this subscriber's: nothing buffered, nothing lost
        }
        lock.lock();
        try {
            while (waitsForRoom && ended == null && buffer.size() == capacity) {
                room.awaitUninterruptibly(); // signalled by a take, an end or a close
            }
            if (ended != null) {
                return true;
            }
            boolean dropped = buffer.size() == capacity;
            if (dropped) {
                buffer.pollFirst();
                missed++;
            }
            buffer.addLast(notification);
            changed.signal();
            return !dropped;
        } finally {
            lock.unlock();
        }
    }

    void end(ConnectionLost cause) {
        lock.lock();
        try {
            if (ended == null) {
                ended = cause;
                changed.signalAll();
                room.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public SubscriptionEvent next(Duration timeout) throws InterruptedException {
        Objects.requireNonNull(timeout, "timeout");
        long nanos = timeout.isNegative() ? 0 : saturatedNanos(timeout);
        lock.lockInterruptibly();
        try {
            while (true) {
                if (missed > 0) {
                    long lost = missed;
                    missed = 0;
                    return new SubscriptionEvent.Lagged(lost);
                }
                Notification next = buffer.pollFirst();
                if (next != null) {
                    room.signal();
                    return new SubscriptionEvent.Delivered(next);
                }
                if (ended != null) {
                    return new SubscriptionEvent.Ended(ended);
                }
                if (nanos <= 0) {
                    return new SubscriptionEvent.Idle();
                }
                nanos = changed.awaitNanos(nanos);
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void finish() {
        end(new ConnectionLost("subscription finished"));
    }

    @Override
    public void close() {
        lock.lock();
        try {
            buffer.clear();
            missed = 0;
            if (ended == null) {
                ended = new ConnectionLost("subscription closed");
            }
            changed.signalAll();
            room.signalAll();
        } finally {
            lock.unlock();
        }
        onClose.accept(this);
    }

    private static long saturatedNanos(Duration timeout) {
        try {
            return timeout.toNanos();
        } catch (ArithmeticException tooLong) {
            return Long.MAX_VALUE;
        }
    }
}
