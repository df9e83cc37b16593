package dev.animus.process;

import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes this JVM a child subreaper ({@code prctl(PR_SET_CHILD_SUBREAPER)}, Linux 3.4+): a process
 * of a plugin's tree whose parent dies is then re-parented to the JVM instead of init, so one that
 * also left the plugin's session (it called {@code setsid()}) is still found, as a child of the
 * JVM in a session that is not the JVM's (see {@link ProcessTree}). Also reaps such adopted
 * children once they died ({@code waitpid(pid, WNOHANG)}), which the JDK never does.
 *
 * <p>Through the foreign function API, which prints a warning on stderr at first use unless the
 * JVM was started with {@code --enable-native-access=dev.animus.process} ({@code ALL-UNNAMED} on the
 * class path). Without that option on the command line or in {@code JDK_JAVA_OPTIONS} (one in an
 * {@code @argfile} is not seen) this class does nothing and says so once in the debug log: a tree
 * then loses such a process to init. Set up once, at first use. Thread-safe.
 */
final class Subreaper {
    private static final Logger LOG = LoggerFactory.getLogger(Subreaper.class);
    private static final int PR_SET_CHILD_SUBREAPER = 36;
    private static final int WNOHANG = 1;
    private static final Optional<MethodHandle> WAITPID;
    private static final boolean ACTIVE;

    static {
        MethodHandle waitpid = null;
        if (!nativeAccessGranted()) {
            LOG.debug("not a child subreaper: the JVM runs without --enable-native-access={}", moduleName());
        } else {
            waitpid = becomeSubreaper();
        }
        WAITPID = Optional.ofNullable(waitpid);
        ACTIVE = waitpid != null;
    }

    /** {@code prctl(PR_SET_CHILD_SUBREAPER, 1)}; the {@code waitpid} handle when it worked, else null. */
    @SuppressWarnings("restricted") // the two calls' signatures are glibc's; only called with --enable-native-access
    private static MethodHandle becomeSubreaper() {
        try {
            Linker linker = Linker.nativeLinker();
            MethodHandle prctl = linker.downcallHandle(
                    linker.defaultLookup().find("prctl").orElseThrow(),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_LONG),
                    Linker.Option.firstVariadicArg(1));
            if ((int) prctl.invokeExact(PR_SET_CHILD_SUBREAPER, 1L) != 0) {
                LOG.debug("prctl(PR_SET_CHILD_SUBREAPER) failed: not a child subreaper");
                return null;
            }
            return linker.downcallHandle(
                    linker.defaultLookup().find("waitpid").orElseThrow(),
                    FunctionDescriptor.of(
                            ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT));
        } catch (Throwable e) {
            // not Linux, no such symbol, native access denied (--illegal-native-access=deny)
            LOG.debug("not a child subreaper: {}", e.toString());
            return null;
        }
    }

    private Subreaper() {}

    /** Whether this JVM is a child subreaper: orphans of the plugins' trees come to it. */
    static boolean active() {
        return ACTIVE;
    }

    /**
     * Reaps {@code pid} if it is a dead child of this JVM; does not wait. Only for children the JVM
     * adopted: a child the JDK started is reaped by the JDK, which would otherwise lose its status.
     */
    static void reap(long pid) {
        if (WAITPID.isEmpty()) {
            return;
        }
        try {
            int unused = (int) WAITPID.get().invokeExact((int) pid, MemorySegment.NULL, WNOHANG);
        } catch (Throwable e) {
            LOG.debug("waitpid({}): {}", pid, e.toString());
        }
    }

    private static String moduleName() {
        Module m = Subreaper.class.getModule();
        return m.isNamed() ? m.getName() : "ALL-UNNAMED";
    }

    /**
     * Whether an {@code --enable-native-access} option names this module: only then is the foreign
     * function API used without a warning on stderr (the JDK says nothing else about it).
     */
    private static boolean nativeAccessGranted() {
        List<String> options = new ArrayList<>(
                ProcessHandle.current().info().arguments().map(List::of).orElse(List.of()));
        String fromEnv = System.getenv("JDK_JAVA_OPTIONS");
        if (fromEnv != null) {
            options.addAll(List.of(fromEnv.strip().split("\\s+")));
        }
        String name = moduleName();
        for (int i = 0; i < options.size(); i++) {
            String o = options.get(i);
            String value = o.startsWith("--enable-native-access=")
                    ? o.substring(o.indexOf('=') + 1)
                    : o.equals("--enable-native-access") && i + 1 < options.size() ? options.get(i + 1) : null;
            if (value != null && List.of(value.split(",")).contains(name)) {
                return true;
            }
        }
        return false;
    }
}
