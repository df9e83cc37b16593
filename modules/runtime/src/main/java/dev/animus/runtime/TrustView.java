package dev.animus.runtime;

import java.util.List;

/**
 * What discovery needs to know of the installation lifecycle, read once per discovery run: the
 * installed plugins, and whether a digest was trusted (only then may a found binary be probed).
 */
public interface TrustView {

    /** Installed plugins, by name. */
    List<InstalledPlugin> installed();

    /** Whether the operator trusted code with this digest (under any name: the bytes are what matter). */
    boolean trusts(String sha256);

    /** A view where nothing is installed and every binary may be probed: {@code plugin dev} and tests of discovery. */
    static TrustView permissive() {
        return new TrustView() {
            @Override
            public List<InstalledPlugin> installed() {
                return List.of();
            }

            @Override
            public boolean trusts(String sha256) {
                return true;
            }
        };
    }

    /** A view where nothing is installed and nothing is trusted: what an unreadable state document allows. */
    static TrustView nothing() {
        return new TrustView() {
            @Override
            public List<InstalledPlugin> installed() {
                return List.of();
            }

            @Override
            public boolean trusts(String sha256) {
                return false;
            }
        };
    }
}
