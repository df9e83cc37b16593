/**
 * The plugin conformance kit (docs/plugin-authoring.md#conformance): the language-neutral scenarios
 * of the repository's {@code conformance/plugin} (packed as resources), read into {@code Scenario}
 * values and run against a plugin binary, each in a process of its own, over its raw stdin and
 * stdout, so that framing, ordering and timing are checked as a host sees them.
 *
 * <p>A capability: requires core, process (the spawn and the manifest probe), discovery (the
 * manifest's rules) and Jackson. Must never depend on host, runtime or a front end, and never
 * writes to the standard streams: what it finds is a {@code Report} a front end renders.
 */
module dev.animus.conformance {
    requires transitive dev.animus.core;
    requires dev.animus.process;
    requires dev.animus.discovery;
    requires transitive tools.jackson.databind;

    exports dev.animus.conformance;
}
