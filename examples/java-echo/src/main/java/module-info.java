/**
 * The example plugin shipped in the Animus image ({@code examples/echo/animus-plugin-echo}): a
 * complete plugin written with the sdk, and what {@code animus tour} calls. Depends on the sdk only;
 * exports nothing (the launcher starts it with {@code -m}).
 */
module dev.animus.examples.echo {
    requires dev.animus.sdk;
}
