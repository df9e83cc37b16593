package dev.animus.archtest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.lang.module.FindException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The dependency rule of docs/architecture.md, checked on the real module descriptors the build
 * produced: adapters never require each other, the capabilities (host, discovery, install, router) never
 * require runtime or the shell, host and install never require each other and discovery neither of
 * them, sdk never requires the host side, runtime never requires the shell, and every package
 * starts with its module's name.
 */
class ModuleGraphTest {
    private static final Set<String> ADAPTERS = Set.of(
            "dev.animus.rpc",
            "dev.animus.process",
            "dev.animus.store",
            "dev.animus.keyring",
            "dev.animus.fetch",
            "dev.animus.sigstore");
    private static final Set<String> CAPABILITIES = Set.of(
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
    private static final Set<String> EXPECTED = Set.of(
            "dev.animus.core",
            "dev.animus.rpc",
            "dev.animus.process",
            "dev.animus.store",
            "dev.animus.keyring",
            "dev.animus.fetch",
            "dev.animus.sigstore",
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
            "dev.animus.router",
            "dev.animus.runtime",
            "dev.animus.daemon",
            "dev.animus.shell",
            "dev.animus.sdk",
            "dev.animus.testplugins",
            "dev.animus.plugins.cli",
            "dev.animus.plugins.oai",
            "dev.animus.plugins.tasks",
            "dev.animus.plugins.queue",
            "dev.animus.plugins.webhook",
            "dev.animus.plugins.schedule",
            "dev.animus.plugins.workflow",
            "dev.animus.plugins.http",
            "dev.animus.json");

    static Map<String, ModuleDescriptor> animusModules() {
        List<Path> entries = new ArrayList<>();
        for (String prop : List.of("jdk.module.path", "java.class.path")) {
            String value = System.getProperty(prop, "");
            for (String e : value.split(File.pathSeparator)) {
                if (!e.isBlank() && Files.exists(Path.of(e))) {
                    entries.add(Path.of(e));
                }
            }
        }
        Map<String, ModuleDescriptor> found = new TreeMap<>();
        for (Path e : entries) {
            try {
                for (ModuleReference ref : ModuleFinder.of(e).findAll()) {
                    if (ref.descriptor().name().startsWith("dev.animus.")) {
                        found.putIfAbsent(ref.descriptor().name(), ref.descriptor());
                    }
                }
            } catch (FindException ignoredNotAModule) {
                // test-classes directories and plain jars are not modules
            }
        }
        // the module under test runs patched from target/classes
        ModuleDescriptor self = ModuleGraphTest.class.getModule().getDescriptor();
        if (self != null) {
            found.putIfAbsent(self.name(), self);
        }
        return found;
    }

    private static Set<String> requires(ModuleDescriptor d) {
        return d.requires().stream().map(ModuleDescriptor.Requires::name).collect(Collectors.toSet());
    }

    @Test
    void everyModuleOfTheReactorIsInspected() {
        assertTrue(
                animusModules().keySet().containsAll(EXPECTED),
                "found only " + animusModules().keySet());
    }

    @Test
    void noAdapterRequiresAnotherAdapter() {
        animusModules().forEach((name, d) -> {
            if (ADAPTERS.contains(name)) {
                Set<String> bad =
                        requires(d).stream().filter(ADAPTERS::contains).collect(Collectors.toSet());
                assertEquals(Set.of(), bad, name + " requires other adapters");
            }
        });
    }

    /** The front ends: the only modules that require runtime (the test plugins aside). */
    private static final Set<String> FRONT_ENDS = Set.of("dev.animus.shell", "dev.animus.daemon");

    @Test
    void onlyRuntimeAndTheFrontEndsSitAboveTheAdapters() {
        animusModules().forEach((name, d) -> {
            Set<String> r = requires(d);
            if (!name.equals("dev.animus.shell")) {
                assertTrue(!r.contains("dev.animus.shell"), name + " requires the shell");
            }
            if (!FRONT_ENDS.contains(name) && !name.equals("dev.animus.testplugins")) {
                assertTrue(!r.contains("dev.animus.runtime"), name + " requires runtime");
            }
        });
    }

    @Test
    void theDaemonRequiresNoAdapterAndNoCapabilityOfItsOwn() {
        Set<String> r = requires(animusModules().get("dev.animus.daemon"));
        Set<String> bad = r.stream()
                .filter(m -> ADAPTERS.contains(m) || CAPABILITIES.contains(m) || m.equals("dev.animus.shell"))
                .collect(Collectors.toSet());
        assertEquals(Set.of(), bad, "the daemon is a front end over runtime");
        assertTrue(r.contains("dev.animus.runtime"), "the daemon requires runtime");
    }

    @Test
    void noCapabilityRequiresRuntimeOrTheShell() {
        animusModules().forEach((name, d) -> {
            if (CAPABILITIES.contains(name)) {
                Set<String> r = requires(d);
                assertTrue(!r.contains("dev.animus.runtime"), name + " requires runtime");
                assertTrue(!r.contains("dev.animus.shell"), name + " requires the shell");
            }
        });
    }

    @Test
    void hostAndInstallNeverRequireEachOtherAndDiscoveryNeitherOfThem() {
        Map<String, ModuleDescriptor> all = animusModules();
        assertTrue(!requires(all.get("dev.animus.host")).contains("dev.animus.install"), "host requires install");
        assertTrue(!requires(all.get("dev.animus.install")).contains("dev.animus.host"), "install requires host");
        assertTrue(!requires(all.get("dev.animus.host")).contains("dev.animus.discovery"), "host requires discovery");
        Set<String> providers = requires(all.get("dev.animus.providers"));
        assertTrue(
                !providers.contains("dev.animus.discovery") && !providers.contains("dev.animus.install"),
                "providers requires " + providers);
        Set<String> discovery = requires(all.get("dev.animus.discovery"));
        assertTrue(
                !discovery.contains("dev.animus.host") && !discovery.contains("dev.animus.install"),
                "discovery requires " + discovery);
    }

    @Test
    void noAdapterRequiresACapability() {
        animusModules().forEach((name, d) -> {
            if (ADAPTERS.contains(name)) {
                Set<String> bad =
                        requires(d).stream().filter(CAPABILITIES::contains).collect(Collectors.toSet());
                assertEquals(Set.of(), bad, name + " requires capabilities");
            }
        });
    }

    /** The router is pure: core's values and Jackson's trees, nothing that does I/O. */
    @Test
    void theRouterRequiresCoreAndJacksonOnly() {
        assertEquals(
                Set.of("dev.animus.core", "tools.jackson.databind"),
                requires(animusModules().get("dev.animus.router")).stream()
                        .filter(m -> !m.equals("java.base"))
                        .collect(Collectors.toSet()),
                "dev.animus.router");
    }

    @Test
    void theSdkNeverDependsOnTheHostSide() {
        Set<String> r = requires(animusModules().get("dev.animus.sdk"));
        for (String host : List.of(
                "dev.animus.runtime",
                "dev.animus.shell",
                "dev.animus.process",
                "dev.animus.host",
                "dev.animus.providers",
                "dev.animus.subjects",
                "dev.animus.discovery",
                "dev.animus.install")) {
            assertTrue(!r.contains(host), "sdk requires " + host);
        }
    }

    /** A first-party plugin (a module under plugins/ of the repository) is a plugin, not a host. */
    @Test
    void aFirstPartyPluginRequiresTheSdkAndNothingElseOfOurs() {
        animusModules().forEach((name, d) -> {
            if (name.startsWith("dev.animus.plugins.")) {
                Set<String> ours = requires(d).stream()
                        .filter(m -> m.startsWith("dev.animus."))
                        .collect(Collectors.toSet());
                assertEquals(Set.of("dev.animus.sdk"), ours, name + " is a plugin: it requires the sdk only");
            }
        });
    }

    @Test
    void everyPackageStartsWithItsModulesName() {
        animusModules()
                .forEach((name, d) -> d.packages()
                        .forEach(pkg -> assertTrue(
                                pkg.equals(name) || pkg.startsWith(name + "."),
                                "package " + pkg + " does not belong in module " + name)));
    }
}
