package dev.animus.transports;

/** Why a start failed, inside the start only: {@link TransportSession#start} returns it as a value. */
final class TransportFailed extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TransportFailed(String reason) {
        super(reason);
    }
}
