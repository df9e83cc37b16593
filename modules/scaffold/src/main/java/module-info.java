/**
 * {@code animus plugin new}: writes a plugin project for a kind and a language from the templates
 * packed here, its manifest built and validated by core's rules and rendered both ways (the
 * {@code Plugin.toml} beside it and the {@code --manifest} JSON inside it) from one value, so the
 * two never disagree. What it writes passes {@code animus plugin conformance} as written.
 *
 * <p>A capability: requires core, discovery (the TOML rendering of a manifest) and Jackson. Must
 * never depend on host, runtime or a front end; never writes to the standard streams.
 */
module dev.animus.scaffold {
    requires transitive dev.animus.core;
    requires dev.animus.discovery;
    requires tools.jackson.databind;

    exports dev.animus.scaffold;
}
