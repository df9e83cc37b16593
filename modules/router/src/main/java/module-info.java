/**
 * The subject router: which subject backend plugin serves a subject kind ({@code task/get} goes to
 * the plugin that declared {@code subject_kind:task}), built from manifest markers alone, and the
 * install-time aliases ({@code --as-kind}) that let two backends of the same kind live side by side,
 * with the rewriting of method names, ids and kinds both ways.
 *
 * <p>Pure logic over values: no I/O, no threads, no clock reads, no logging. Requires core and
 * Jackson's trees (for the rewriting of JSON params and results) only; never an adapter, the host,
 * runtime or a front end.
 */
module dev.animus.router {
    requires transitive dev.animus.core;
    requires transitive tools.jackson.databind;

    exports dev.animus.router;
}
