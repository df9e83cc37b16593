package dev.animus.core;

import java.util.List;
import java.util.Objects;

/**
 * A manifest that passed validation, with the warnings it earned (one per ignored unknown key;
 * each names the source and the key and is one line).
 */
public record ManifestCheck(Manifest manifest, List<String> warnings) {
    public ManifestCheck {
        Objects.requireNonNull(manifest, "manifest");
        warnings = List.copyOf(warnings);
    }
}
