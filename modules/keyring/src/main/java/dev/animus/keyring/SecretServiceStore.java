package dev.animus.keyring;

import dev.animus.core.SecretDeclaration;
import dev.animus.core.SecretStore;
import dev.animus.core.SecretStoreFailed;
import dev.animus.core.SecretValue;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code ANIMUS_KEYRING=secret-service}: secrets kept by the Linux Secret Service (GNOME Keyring,
 * KWallet, KeePassXC...) through libsecret's {@code secret-tool}.
 *
 * <p>Each secret is an item with the attributes {@code service=animus plugin=<plugin>
 * name=<name>} and the label {@code animus <plugin> <name>}. A value travels to secret-tool on
 * its stdin and back on its stdout, never in a process argument, a log line or an error message.
 * Each call runs one {@code secret-tool} in a cleared environment holding only the caller's
 * {@code DBUS_SESSION_BUS_ADDRESS}, {@code XDG_RUNTIME_DIR}, {@code HOME}, {@code PATH},
 * {@code LANG} and {@code LC_ALL}, and is killed (with its descendants) when it does not answer
 * within the time limit, 5 s unless told otherwise. Thread-safe: the instance holds no mutable
 * state.
 */
public final class SecretServiceStore implements SecretStore {

    /** The time limit of each call unless the constructor is given another. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);

    /**
     * The longest value, in UTF-8 bytes, that secret-tool stores whole: it reads at most 8192
     * bytes of stdin and cuts the rest off (saying so only on stderr, with exit status 0).
     */
    static final int MAX_VALUE_BYTES = 8191;

    private static final Logger LOG = LoggerFactory.getLogger(SecretServiceStore.class);
    private static final String BACKEND = "secret-service";
    private static final String FIX = "unlock your keyring, or set ANIMUS_KEYRING=file";
    private static final String NAME_LINE = "attribute.name = ";

    private final SecretTool tool;
    private final boolean toolFound;

    /**
     * A store running {@code secret-tool} found on the caller's {@code PATH}, 5 s per call.
     *
     * @param callerEnvironment the environment animus was started with (only the variables
     *     secret-tool needs are passed on)
     */
    public SecretServiceStore(Map<String, String> callerEnvironment) {
        this(callerEnvironment, null, DEFAULT_TIMEOUT);
    }

    /**
     * A store running the given {@code secret-tool}.
     *
     * @param callerEnvironment the environment animus was started with
     * @param secretTool the executable, or null for {@code secret-tool} on the caller's {@code PATH}
     * @param timeout the limit of each call
     */
    public SecretServiceStore(Map<String, String> callerEnvironment, Path secretTool, Duration timeout) {
        Map<String, String> environment = SecretTool.passedOn(callerEnvironment);
        Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("the secret-tool time limit must be positive, not " + timeout);
        }
        Optional<Path> executable =
                secretTool != null ? Optional.of(secretTool) : SecretTool.resolve(environment.get("PATH"));
        this.toolFound = executable.isPresent();
        this.tool = new SecretTool(executable.orElse(Path.of("secret-tool")), environment, timeout);
    }

    /**
     * Whether the Secret Service answers here: {@code secret-tool} is on the caller's {@code PATH},
     * {@code DBUS_SESSION_BUS_ADDRESS} is set, and a harmless search completes within 5 s without
     * an error. Found out once per process for each distinct {@code PATH} and bus address.
     */
    public static boolean available(Map<String, String> callerEnvironment) {
        return Availability.of(callerEnvironment);
    }

    @Override
    public String backend() {
        return BACKEND;
    }

    @Override
    public Optional<SecretValue> get(String plugin, String name) {
        SecretStore.checkNames(plugin, name);
        SecretTool.Result r = run("lookup", plugin, name, attributes("lookup", plugin, name), null);
        byte[] stdout = r.stdout();
        try {
            if (r.exit() == 1 && stdout.length == 0 && r.stderrBlank()) {
                return Optional.empty();
            }
            if (r.exit() != 0) {
                throw failed("lookup", r, null);
            }
            if (r.stdoutTruncated()) {
                throw new SecretStoreFailed(BACKEND + ": the value of " + plugin + "/" + name + " is larger than "
                        + SecretTool.MAX_OUTPUT + " bytes; replace it, or set ANIMUS_KEYRING=file");
            }
            if (stdout.length == 0) {
                LOG.debug("secret-service: {}/{} holds an empty value, which counts as none", plugin, name);
                return Optional.empty();
            }
            return Optional.of(value(plugin, name, stdout));
        } finally {
            SecretTool.wipe(stdout);
        }
    }

    @Override
    public void set(String plugin, String name, SecretValue value) {
        SecretStore.checkNames(plugin, name);
        Objects.requireNonNull(value, "value");
        byte[] input = encode(value);
        if (input.length > MAX_VALUE_BYTES) {
            SecretTool.wipe(input);
            throw new SecretStoreFailed(BACKEND + ": the value of " + plugin + "/" + name + " is longer than "
                    + MAX_VALUE_BYTES + " bytes, more than secret-tool stores; set ANIMUS_KEYRING=file to keep it");
        }
        List<String> args = new ArrayList<>();
        args.add("store");
        args.add("--label=animus " + plugin + " " + name);
        args.addAll(attributes(null, plugin, name));
        SecretTool.Result r = run("store", plugin, name, args, input);
        SecretTool.wipe(r.stdout());
        if (r.exit() != 0) {
            throw failed("store", r, value);
        }
    }

    /**
     * {@inheritDoc}
     *
     * <p>Looks the secret up first, then clears it: secret-tool's {@code clear} says whether it
     * removed anything only from libsecret 0.19 on (exit status 1 for nothing).
     */
    @Override
    public boolean delete(String plugin, String name) {
        SecretStore.checkNames(plugin, name);
        SecretTool.Result found = run("lookup", plugin, name, attributes("lookup", plugin, name), null);
        SecretTool.wipe(found.stdout());
        boolean existed;
        if (found.exit() == 0) {
            existed = true;
        } else if (found.exit() == 1 && found.stderrBlank()) {
            existed = false;
        } else {
            throw failed("lookup", found, null);
        }
        SecretTool.Result r = run("clear", plugin, name, attributes("clear", plugin, name), null);
        SecretTool.wipe(r.stdout());
        if (r.exit() == 1 && r.stderrBlank()) {
            return false; // nothing matched (libsecret 0.19 and later)
        }
        if (r.exit() != 0) {
            throw failed("clear", r, null);
        }
        return existed;
    }

    /**
     * {@inheritDoc}
     *
     * <p>secret-tool's {@code search} prints each item's secret on stdout and its attributes on
     * stderr; stdout is read and dropped, the names come from the {@code attribute.name} lines.
     */
    @Override
    public List<String> list(String plugin) {
        SecretStore.checkNames(plugin, "_"); // the plugin name; "_" is a valid secret name
        List<String> args = List.of("search", "--all", "service", "animus", "plugin", plugin);
        SecretTool.Result r = run("search", plugin, "*", args, null);
        boolean anyItem = r.stdout().length > 0;
        SecretTool.wipe(r.stdout());
        if (r.exit() != 0) {
            throw failed("search", r, null);
        }
        TreeSet<String> names = new TreeSet<>();
        for (String line : r.stderr().split("\n")) {
            if (line.startsWith(NAME_LINE)) {
                String name = line.substring(NAME_LINE.length()).strip();
                if (SecretDeclaration.isValidName(name)) {
                    names.add(name);
                }
            }
        }
        if (anyItem && names.isEmpty()) {
            throw new SecretStoreFailed(BACKEND + ": secret-tool search found items of " + plugin
                    + " but printed no names this version of animus can read; set ANIMUS_KEYRING=file");
        }
        return List.copyOf(names);
    }

    @Override
    public String toString() {
        return "SecretServiceStore[" + BACKEND + "]";
    }

    private static List<String> attributes(String action, String plugin, String name) {
        List<String> args = new ArrayList<>(7);
        if (action != null) {
            args.add(action);
        }
        args.addAll(List.of("service", "animus", "plugin", plugin, "name", name));
        return args;
    }

    private SecretTool.Result run(String action, String plugin, String name, List<String> args, byte[] input) {
        if (!toolFound) {
            SecretTool.wipe(input);
            throw new SecretStoreFailed(
                    BACKEND + ": secret-tool is not on PATH; install libsecret-tools," + " or set ANIMUS_KEYRING=file");
        }
        long start = System.nanoTime();
        try {
            SecretTool.Result r = tool.run(args, input);
            LOG.debug(
                    "secret-service: secret-tool {} for {}/{} exited {} in {} ms",
                    action,
                    plugin,
                    name,
                    r.exit(),
                    (System.nanoTime() - start) / 1_000_000);
            return r;
        } catch (SecretTool.TimedOut e) {
            LOG.debug("secret-service: secret-tool {} for {}/{} timed out", action, plugin, name);
            throw new SecretStoreFailed(
                    BACKEND + ": the Secret Service did not answer within " + text(tool.timeout()) + "; " + FIX);
        }
    }

    private static SecretStoreFailed failed(String action, SecretTool.Result r, SecretValue sent) {
        return new SecretStoreFailed(BACKEND + ": secret-tool " + action + " failed (exit status " + r.exit() + ")"
                + Excerpt.of(r.stderr(), sent) + "; " + FIX);
    }

    private static byte[] encode(SecretValue value) {
        try {
            ByteBuffer b = StandardCharsets.UTF_8
                    .newEncoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .encode(CharBuffer.wrap(value.reveal()));
            byte[] out = new byte[b.remaining()];
            b.get(out);
            if (b.hasArray()) {
                SecretTool.wipe(b.array());
            }
            return out;
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("a secret's value holds a lone UTF-16 surrogate, which the"
                    + " Secret Service cannot store as text");
        }
    }

    private static SecretValue value(String plugin, String name, byte[] stdout) {
        String text;
        try {
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(stdout))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new SecretStoreFailed(BACKEND + ": the value of " + plugin + "/" + name
                    + " is not UTF-8 text; replace it with animus, or set ANIMUS_KEYRING=file");
        }
        try {
            return SecretValue.of(text);
        } catch (IllegalArgumentException e) {
            // the message of SecretValue.of never holds the value
            throw new SecretStoreFailed(
                    BACKEND + ": the value of " + plugin + "/" + name + " cannot be used: " + e.getMessage());
        }
    }

    static String text(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? (ms / 1000) + " s" : ms + " ms";
    }
}
