package dev.animus.rpc;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.function.Supplier;

/**
 * How one {@link RpcConnection} behaves.
 *
 * @param peerName names the peer in log lines and error messages (usually the plugin name)
 * @param maxFrameBytes the largest frame accepted from the peer, in bytes
 *     (docs/protocol.md#size-bounds: 16 MiB)
 * @param writeTimeout how long one write to the peer may block before the connection is declared
 *     dead (docs/protocol.md#size-bounds: 30 s)
 * @param broadcastCapacity the notification buffer of each subscription, in notifications
 * @param endOfStream builds the error for end-of-stream on the peer's output; the process layer
 *     supplies one that waits briefly for the exit code and adds the stderr tail. Called at most
 *     once per connection, on the reader thread; it may block briefly.
 */
public record RpcOptions(
        String peerName,
        int maxFrameBytes,
        Duration writeTimeout,
        int broadcastCapacity,
        Supplier<ConnectionLost> endOfStream) {

    /** Environment variable overriding the default broadcast capacity. */
    public static final String BROADCAST_CAPACITY_ENV = "ANIMUS_PLUGIN_BROADCAST_CAPACITY";
    /** Broadcast capacity when the environment does not set one. */
    public static final int DEFAULT_BROADCAST_CAPACITY = 256;
    /** The write bound of docs/protocol.md#size-bounds. */
    public static final Duration DEFAULT_WRITE_TIMEOUT = Duration.ofSeconds(30);

    public RpcOptions {
        Objects.requireNonNull(peerName, "peerName");
        Objects.requireNonNull(writeTimeout, "writeTimeout");
        Objects.requireNonNull(endOfStream, "endOfStream");
        if (peerName.isBlank()) {
            throw new IllegalArgumentException("peerName is blank");
        }
        if (maxFrameBytes <= 0) {
            throw new IllegalArgumentException("maxFrameBytes must be positive: " + maxFrameBytes);
        }
        if (writeTimeout.isNegative() || writeTimeout.isZero()) {
            throw new IllegalArgumentException("writeTimeout must be positive: " + writeTimeout);
        }
        if (broadcastCapacity <= 0) {
            throw new IllegalArgumentException("broadcastCapacity must be positive: " + broadcastCapacity);
        }
    }

    /**
     * The protocol's defaults: 16 MiB frames, 30 s writes, a broadcast capacity from
     * {@value #BROADCAST_CAPACITY_ENV} (a positive integer) or else {@value #DEFAULT_BROADCAST_CAPACITY},
     * and end-of-stream reported as {@code "<peerName> closed its stdout"}.
     */
    public static RpcOptions defaults(String peerName) {
        Objects.requireNonNull(peerName, "peerName");
        return new RpcOptions(
                peerName,
                FrameReader.DEFAULT_MAX_FRAME_BYTES,
                DEFAULT_WRITE_TIMEOUT,
                capacityFrom(System.getenv(BROADCAST_CAPACITY_ENV)),
                () -> new ConnectionLost(peerName + " closed its stdout", OptionalInt.empty(), List.of()));
    }

    public RpcOptions withPeerName(String name) {
        return new RpcOptions(name, maxFrameBytes, writeTimeout, broadcastCapacity, endOfStream);
    }

    public RpcOptions withMaxFrameBytes(int bytes) {
        return new RpcOptions(peerName, bytes, writeTimeout, broadcastCapacity, endOfStream);
    }

    public RpcOptions withWriteTimeout(Duration timeout) {
        return new RpcOptions(peerName, maxFrameBytes, timeout, broadcastCapacity, endOfStream);
    }

    public RpcOptions withBroadcastCapacity(int capacity) {
        return new RpcOptions(peerName, maxFrameBytes, writeTimeout, capacity, endOfStream);
    }

    public RpcOptions withEndOfStream(Supplier<ConnectionLost> supplier) {
        return new RpcOptions(peerName, maxFrameBytes, writeTimeout, broadcastCapacity, supplier);
    }

    /** The capacity named by the environment value, or the default when absent or not a positive int. */
    static int capacityFrom(String envValue) {
        if (envValue == null || envValue.isBlank()) {
            return DEFAULT_BROADCAST_CAPACITY;
        }
        try {
            int parsed = Integer.parseInt(envValue.strip());
            return parsed > 0 ? parsed : DEFAULT_BROADCAST_CAPACITY;
        } catch (NumberFormatException notANumber) {
            return DEFAULT_BROADCAST_CAPACITY;
        }
    }
}
