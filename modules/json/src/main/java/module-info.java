/**
 * JSON numbers kept as written, over Jackson: {@code ExactJson} reads text into trees whose numbers
 * print exactly as they were read, {@code ExactNumberNode} holds the ones Jackson's own nodes would
 * rewrite. Shared by the host's wire layer (rpc) and the plugin sdk, so that both pass numbers on
 * byte for byte; it knows nothing of JSON-RPC, processes or files.
 */
module dev.animus.json {
    requires transitive tools.jackson.databind;

    exports dev.animus.json;
}
