package dev.animus.rpc;

/** A value Jackson cannot serialize: its one property fails (Jackson reports that as its own error). */
public final class Unsendable {
    /** The one instance a test needs. */
    public Unsendable() {}

    /** Fails, as a property Jackson reads. */
    public String getValue() {
        throw new IllegalStateException("this value cannot be read");
    }
}
