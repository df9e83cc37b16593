package dev.animus.providers;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One run a caller asks of a provider (docs/protocol.md#providers).
 *
 * @param provider the provider's name as the caller gave it (resolved by {@link ProviderNames})
 * @param prompt what the model is asked
 * @param model the model to use; empty: the provider's default
 * @param resume the provider's own session id from an earlier result: the run is
 *     {@code agent/resume} instead of {@code agent/run}
 * @param timeout the run's deadline (sent as {@code timeout_secs} too); empty: the plugin's
 *     deadline for the method
 * @param env request-local variables: only those the plugin may see (the base allowlist and its
 *     declared names) are passed on, the others are dropped
 * @param systemPrompt a system prompt for the model
 */
public record AgentRequest(
        String provider,
        String prompt,
        Optional<String> model,
        Optional<String> resume,
        Optional<Duration> timeout,
        Map<String, String> env,
        Optional<String> systemPrompt) {
    public AgentRequest {
        Objects.requireNonNull(provider, "provider");
        Objects.requireNonNull(prompt, "prompt");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(resume, "resume");
        Objects.requireNonNull(timeout, "timeout");
        env = Map.copyOf(env);
        Objects.requireNonNull(systemPrompt, "systemPrompt");
        if (provider.isBlank()) {
            throw new IllegalArgumentException("a provider name is required");
        }
        timeout.ifPresent(d -> {
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("a run's timeout must be positive, got " + d);
            }
        });
    }

    /** A run of {@code prompt} on {@code provider} with its defaults. */
    public static AgentRequest of(String provider, String prompt) {
        return new AgentRequest(
                provider, prompt, Optional.empty(), Optional.empty(), Optional.empty(), Map.of(), Optional.empty());
    }

    public AgentRequest withModel(String m) {
        return new AgentRequest(provider, prompt, Optional.of(m), resume, timeout, env, systemPrompt);
    }

    public AgentRequest resuming(String providerSessionId) {
        return new AgentRequest(provider, prompt, model, Optional.of(providerSessionId), timeout, env, systemPrompt);
    }

    public AgentRequest withTimeout(Duration d) {
        return new AgentRequest(provider, prompt, model, resume, Optional.of(d), env, systemPrompt);
    }

    public AgentRequest withEnv(Map<String, String> extras) {
        return new AgentRequest(provider, prompt, model, resume, timeout, extras, systemPrompt);
    }

    public AgentRequest withSystemPrompt(String s) {
        return new AgentRequest(provider, prompt, model, resume, timeout, env, Optional.of(s));
    }

    /** {@code agent/resume} when resuming, else {@code agent/run}. */
    public String method() {
        return resume.isPresent() ? "agent/resume" : "agent/run";
    }

    /** Names the extras but never their values. */
    @Override
    public String toString() {
        return "AgentRequest[provider=" + provider + ", model=" + model + ", resume=" + resume + ", timeout=" + timeout
                + ", env=" + new java.util.TreeSet<>(env.keySet()) + "]";
    }
}
