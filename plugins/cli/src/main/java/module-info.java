/**
 * The first-party provider {@code cli} ({@code animus-provider-cli}): runs the agent CLI a project
 * configures in {@code .animus/providers/cli.toml} and streams what it prints. A plugin: depends on
 * the sdk only, never on a host module; exports nothing (the launcher starts it with {@code -m}).
 */
module dev.animus.plugins.cli {
    requires dev.animus.sdk;
}
