package dev.animus.testoai;

/**
 * How {@link FakeChat} answers one chat-completions request: a scripted event stream, an
 * OpenAI-style error, or any status, headers and body.
 */
public sealed interface Reply permits SseReply, ErrorReply, RawReply {}
