/**
 * Getting plugin code from the network, safely (docs/security.md#downloads-and-archives): HTTPS
 * only, redirects followed by hand with every hop checked against the allowed origins, one deadline
 * per download, byte caps on the body and on inflated archives, GitHub release metadata, and
 * extraction of {@code .tar.gz} and {@code .zip} archives that refuses links, devices and paths
 * leaving the target.
 *
 * <p>Must never depend on another adapter module (store, process, ...) nor on runtime or shell; it
 * never runs what it downloads.
 */
module dev.animus.fetch {
    requires transitive dev.animus.core;
    requires java.net.http;
    requires tools.jackson.databind;
    requires org.slf4j;

    exports dev.animus.fetch;
}
