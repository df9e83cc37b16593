package dev.animus.runtime;

/** The version of this Animus build, from the runtime module's descriptor. */
public final class HostVersion {
    private HostVersion() {}

    /** e.g. {@code 0.1.0}; {@code "dev"} when run from classes without a module version. */
    public static String current() {
        return HostVersion.class.getModule().getDescriptor() == null
                ? "dev"
                : HostVersion.class.getModule().getDescriptor().rawVersion().orElse("dev");
    }
}
