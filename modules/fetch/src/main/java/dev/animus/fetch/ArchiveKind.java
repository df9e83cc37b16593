package dev.animus.fetch;

/** The archive formats a release asset may come in. */
public enum ArchiveKind {
    /** A gzip-compressed tar ({@code .tar.gz}, {@code .tgz}). */
    TAR_GZ,
    /** A zip ({@code .zip}). */
    ZIP
}
