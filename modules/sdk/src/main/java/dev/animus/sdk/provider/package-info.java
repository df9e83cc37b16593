/**
 * Writing a {@code provider} plugin: an AI model or agent CLI behind {@code agent/run},
 * {@code agent/resume} and {@code agent/cancel} (docs/plugin-authoring.md#writing-a-provider).
 *
 * <p>The author implements {@link dev.animus.sdk.provider.Provider}; {@link
 * dev.animus.sdk.provider.ProviderPlugin} serves it: it parses the params into an {@link
 * dev.animus.sdk.provider.AgentRequest}, keeps the map of running runs by
 * {@code control_session_id}, hands each run an {@link dev.animus.sdk.provider.AgentStream} for its
 * notifications and a {@link dev.animus.sdk.provider.CancellationToken} that {@code agent/cancel}
 * and {@code $/cancelRequest} fire, and writes the {@link dev.animus.sdk.provider.AgentResult}.
 */
package dev.animus.sdk.provider;
