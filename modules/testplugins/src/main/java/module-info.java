/**
 * Plugins used by the tests and examples: the well-behaved echo plugin and the misbehaving plugin
 * whose behaviour is chosen per call. Built with the sdk only.
 */
module dev.animus.testplugins {
    requires dev.animus.sdk;
    requires jdk.unsupported; // sun.misc.Signal, to ignore SIGTERM on request
}
