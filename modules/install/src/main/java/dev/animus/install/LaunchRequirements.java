package dev.animus.install;

import dev.animus.core.EnvDeclaration;
import dev.animus.core.Fix;
import dev.animus.core.Guidance;
import dev.animus.core.Manifest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a plugin needs before it can do its work and does not have
 * (docs/security.md#plugin-environment): a required variable its manifest declares that the
 * caller's environment lacks, or a required secret set nowhere. {@code plugin call/ping/info}
 * refuse on the first, before anything starts; {@code plugin doctor} lists them all.
 */
public final class LaunchRequirements {
    private LaunchRequirements() {}

    /**
     * One unmet requirement.
     *
     * @param problem what is missing, e.g. {@code needs the environment variable API_URL (not set)}
     * @param fix what provides it, its fixes as values for the front end to render
     */
    public record Missing(String problem, Guidance fix) {
        public Missing {
            Objects.requireNonNull(problem, "problem");
            Objects.requireNonNull(fix, "fix");
        }
    }

    /**
     * The unmet requirements of {@code plugin}, variables first, in declaration order.
     *
     * @param secrets the plugin's declared secrets as resolved for this launch
     */
    public static List<Missing> of(
            String plugin,
            Manifest manifest,
            Map<String, String> callerEnvironment,
            List<PluginSecrets.Resolved> secrets) {
        List<Missing> missing = new ArrayList<>();
        for (EnvDeclaration e : manifest.envRequired()) {
            String value = callerEnvironment.get(e.name());
            if (e.required() && (value == null || value.isEmpty())) {
                missing.add(new Missing(
                        "needs the environment variable " + e.name() + " (not set)",
                        Guidance.of(new Fix.SetVariable(e.name()))));
            }
        }
        for (PluginSecrets.Resolved r : secrets) {
            if (r.missingButRequired()) {
                missing.add(new Missing(
                        "needs the secret " + r.declaration().name() + " (passed as "
                                + r.declaration().env() + "), which is set nowhere",
                        Guidance.of(
                                new Fix.SetSecret(plugin, r.declaration().name()),
                                " (or ",
                                new Fix.SetVariable(r.declaration().env()),
                                ")")));
            }
        }
        return missing;
    }
}
