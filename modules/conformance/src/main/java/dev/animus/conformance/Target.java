package dev.animus.conformance;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The plugin binary to check and the world it runs in.
 *
 * @param executable the binary, run as it is (conformance is for authors: nothing is trusted)
 * @param environment its <em>complete</em> environment (nothing else is inherited)
 * @param projectRoot its working directory and the project it is told it serves: a throwaway one
 * @param controlSocket the control socket path transports are given (nothing listens there)
 * @param hostVersion the host's version for {@code initialize}'s {@code host_info}
 * @param kinds the kind packs to run instead of those of the kinds the plugin declares
 * @param method the domain method the checks call instead of the first one the plugin advertises
 * @param prompt the prompt of the provider checks' runs instead of {@link #DEFAULT_PROMPT}
 * @param only the checks to run, by id or pack name ({@code manifest} and {@code handshake} always
 *             run: they learn the plugin); empty for all
 */
public record Target(
        Path executable,
        Map<String, String> environment,
        Path projectRoot,
        Path controlSocket,
        String hostVersion,
        Optional<List<String>> kinds,
        Optional<String> method,
        Optional<String> prompt,
        Set<String> only) {

    /** What a provider check asks for when the author names no prompt. */
    public static final String DEFAULT_PROMPT = "Reply with the word OK.";

    public Target {
        Objects.requireNonNull(executable, "executable");
        environment = Map.copyOf(environment);
        Objects.requireNonNull(projectRoot, "projectRoot");
        Objects.requireNonNull(controlSocket, "controlSocket");
        Objects.requireNonNull(hostVersion, "hostVersion");
        kinds = kinds.map(List::copyOf);
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(prompt, "prompt");
        only = Set.copyOf(only);
    }

    /** The name errors and the spawn use: the file's. */
    String fileName() {
        return executable.getFileName().toString();
    }
}
