/**
 * For tests only: an HTTPS server on loopback that plays GitHub's API and release downloads, with a
 * certificate authority generated at test time. Never a dependency of production code, and
 * nothing in the production path trusts its CA.
 */
module dev.animus.testhttps {
    requires transitive jdk.httpserver;

    exports dev.animus.testhttps;
}
