/**
 * The first-party workflow runner ({@code animus-workflow-runner}, kind {@code workflow_runner}):
 * N workers that lease entries of the daemon's queue, run the project's prompt template on a
 * provider through the daemon's control socket and write the outcome onto the subject
 * (plugins/workflow-runner/README.md). A plugin: depends on the sdk only, never on a host module;
 * exports nothing (the launcher starts it with {@code -m}).
 */
module dev.animus.plugins.workflow {
    requires dev.animus.sdk;
}
