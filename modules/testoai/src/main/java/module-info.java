/**
 * For tests only: a loopback HTTP server that speaks the OpenAI-compatible chat-completions
 * protocol ({@code POST /v1/chat/completions}, server-sent events), scripted per test. Plain
 * sockets (java.base only), so a test sees exactly when the client closes its connection. Never a
 * dependency of production code.
 */
module dev.animus.testoai {
    exports dev.animus.testoai;
}
