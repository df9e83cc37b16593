/**
 * The first-party trigger backend {@code webhook} ({@code animus-trigger-webhook}): an HTTP
 * listener on a loopback port that verifies GitHub-style {@code X-Hub-Signature-256} signatures
 * and emits one {@code trigger/event} per delivery. A plugin: depends on the sdk and the JDK's
 * HTTP server only, never on a host module; exports nothing (the launcher starts it with
 * {@code -m}).
 */
module dev.animus.plugins.webhook {
    requires dev.animus.sdk;
    requires jdk.httpserver;
}
