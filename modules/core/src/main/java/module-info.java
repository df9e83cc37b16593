/**
 * The Animus domain: protocol values, version compatibility, the plugin environment policy,
 * redaction and duration text. Pure logic over values.
 *
 * <p>Must never depend on anything but {@code java.base}: no I/O, no threads, no clock reads, no
 * logging. Adapters implement its ports; a test freezes this descriptor.
 */
module dev.animus.core {
    exports dev.animus.core;
}
