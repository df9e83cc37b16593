package dev.animus.fetch;

import java.util.List;

/**
 * What an extraction wrote.
 *
 * @param files relative {@code /}-separated paths of the regular files, sorted
 * @param inflatedBytes the bytes inflated to produce them (the cap counts these)
 */
public record Extracted(List<String> files, long inflatedBytes) {
    public Extracted {
        files = List.copyOf(files).stream().sorted().toList();
    }
}
