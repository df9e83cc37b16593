package dev.animus.archtest;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.List;

/**
 * The main classes of every module this test module depends on (all of them but the test-support
 * modules and the example plugin), read once from the class path, and the names the rules use for
 * the layers of docs/architecture.md.
 */
final class BuiltClasses {
    /** The adapters: each wraps one outside thing (pipes, processes, files, HTTPS, keyring, Sigstore). */
    static final List<String> ADAPTERS = List.of(
            "dev.animus.rpc",
            "dev.animus.process",
            "dev.animus.store",
            "dev.animus.keyring",
            "dev.animus.fetch",
            "dev.animus.sigstore");

    /**
     * The capabilities split out of runtime (supervision, provider sessions, routed subject calls,
     * discovery, installation) and the subject router.
     */
    static final List<String> CAPABILITIES = List.of(
            "dev.animus.host",
            "dev.animus.providers",
            "dev.animus.subjects",
            "dev.animus.triggers",
            "dev.animus.hooks",
            "dev.animus.transports",
            "dev.animus.discovery",
            "dev.animus.conformance",
            "dev.animus.scaffold",
            "dev.animus.install",
            "dev.animus.router");

    /** The first-party plugins (the modules under plugins/ of the repository): written with the sdk only. */
    static final List<String> PLUGINS = List.of("dev.animus.plugins");

    /** The modules that exist for tests only. */
    static final List<String> TEST_SUPPORT = List.of(
            "dev.animus.testfuzz",
            "dev.animus.testbrowser",
            "dev.animus.testhttps",
            "dev.animus.testoai",
            "dev.animus.testsigstore",
            "dev.animus.testplugins");

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.animus");

    private BuiltClasses() {}

    static JavaClasses main() {
        return MAIN;
    }

    /** {@code names} as ArchUnit package patterns: each package and its subpackages. */
    static String[] withSubpackages(List<String> names) {
        return names.stream().map(n -> n + "..").toArray(String[]::new);
    }
}
