package dev.animus.testplugins;

import dev.animus.sdk.Plugin;
import dev.animus.sdk.PluginDefinition;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.locks.LockSupport;

/**
 * The test plugin that breaks the rules on request ({@code animus-plugin-misbehaving}); the host's
 * tests use it to prove that each kind of misbehaviour is survived. When it serves (no
 * arguments) it first prints the banner line {@code misbehaving plugin starting...} on stdout,
 * before any frame; {@code --manifest} prints only the manifest. The handshake is normal.
 *
 * <p>Behaviour per method (params in braces, defaults after {@code =}):
 * <ul>
 *   <li>{@code crash} {@code {exit_code=3, stderr="misbehaving plugin: crashing on purpose"}}:
 *       writes the stderr text (a string, or an array of lines) and exits with {@code exit_code}
 *       in the middle of the request, without answering;
 *   <li>{@code hang}: never answers, and ignores {@code $/cancelRequest};
 *   <li>{@code garbage}: prints two non-JSON lines and a malformed frame on stdout, then answers
 *       {@code {"after_garbage": true}};
 *   <li>{@code pretty}: answers {@code {"pretty": true, "lines": [1, 2, 3]}} pretty-printed over
 *       many lines;
 *   <li>{@code several-per-line}: the first call is not answered until a second call of it
 *       arrives; then both answers ({@code {"call": 1}} for the lower id, {@code {"call": 2}}) are written on
 *       one line. With {@code {with_notification: true}} it answers at once, with the answer and a
 *       {@code $/progress} notification for the same id on one line;
 *   <li>{@code big} {@code {bytes=1048576}}: the result is a string of {@code bytes} ASCII characters;
 *   <li>{@code huge-frame} {@code {bytes=20971520}}: writes one line holding a valid response of
 *       about {@code bytes} bytes to id {@code "nobody-waits"}, then answers
 *       {@code {"after_huge_frame": true}};
 *   <li>{@code stderr-flood} {@code {lines=10000}}: writes that many stderr lines, then answers
 *       {@code {"lines": n}};
 *   <li>{@code notification-flood} {@code {count=10000}}: sends {@code count} {@code $/progress}
 *       notifications for the request ({@code {id, value: {index}}}) interleaved with {@code count}
 *       {@code misbehaving/flood} notifications ({@code {index}}), then answers
 *       {@code {"notifications": 2 * count}};
 *   <li>{@code slow} {@code {ms=500}}: answers {@code {"slept_ms": ms}} after {@code ms}
 *       milliseconds (an interrupt does not cut the wait short);
 *   <li>{@code ignore-sigterm} {@code {ignore_exit=false}}: from now on SIGTERM is ignored;
 *       answers {@code {"ignoring": ["SIGTERM"]}}. With {@code ignore_exit: true}, {@code exit}
 *       and end of stdin no longer end the process either: only SIGKILL does;
 *   <li>{@code fork-grandchild}: starts {@code sleep 3600} with stdout inherited, so the
 *       grandchild holds the stdout pipe open; answers {@code {"pid": <grandchild pid>}} and
 *       names it on stderr ({@code grandchild pid N});
 *   <li>{@code fork-grandchild-and-crash} {@code {exit_code=3}}: the same, then exits without
 *       answering (the pid is only on stderr);
 *   <li>{@code wrong-id}: answers {@code {"wrong_id": true}} to a different id (the id plus
 *       1000, or the string id with {@code "wrong-"} in front), never to the request's own;
 *   <li>{@code duplicate-answer}: answers {@code {"answer": 1}} and then {@code {"answer": 2}} to
 *       the same id;
 *   <li>{@code request-host}: sends the plugin → host request
 *       {@code {"id": "p1", "method": "host/whatever"}}, then answers {@code {"sent": "host/whatever"}};
 *       the host's reply is logged on stderr ({@code dropped a response ...});
 *   <li>{@code echo}: the result is the params; {@code env}: the whole environment;
 *   <li>{@code stop-reading}: answers {@code {"stopped_reading": true}} and from then on never
 *       reads stdin again (what it had read already is still handled), so the host's writes block
 *       once the pipe is full; it still answers, and ends on SIGTERM.
 *   <li>{@code stderr-bytes} {@code {bytes=20971520, line_bytes=1024, fill="a"}}: writes lines of
 *       {@code line_bytes} bytes ({@code fill} repeated, then a newline) to stderr, as many as fit in
 *       {@code bytes}, then {@code misbehaving plugin: wrote N lines}, and answers
 *       {@code {"lines": N, "bytes": written}};
 *   <li>{@code leak-env} {@code {name="SECRET", crash=false, pad=0}}: writes
 *       {@code misbehaving plugin: NAME is VALUE} (the variable's value, after {@code pad} times
 *       {@code x}) to stderr, then answers
 *       with the error {@code -32000 "the value of NAME is VALUE"}, or with {@code crash: true}
 *       exits with code 3 without answering.
 * </ul>
 */
public final class MisbehavingPlugin {

    private MisbehavingPlugin() {}

    /** The plugin, for tests that serve it in-process (no banner then). */
    public static Plugin plugin() {
        var definition = PluginDefinition.of(
                "misbehaving", "0.1.0", "custom", "breaks the protocol on request, for the host's tests");
        return Misbehaviours.register(Plugin.builder(definition)).build();
    }

    public static void main(String[] args) {
        int code;
        if (args.length == 0) {
            banner();
            System.out.flush();
            System.setOut(System.err); // as the sdk's run(): a stray println must not land in the protocol stream
            code = plugin().serve(
                            Misbehaviours.gate(new FileInputStream(FileDescriptor.in)),
                            new FileOutputStream(FileDescriptor.out),
                            System.err);
        } else {
            code = plugin().run(args);
        }
        if (Misbehaviours.ignoresExit()) {
            while (true) {
                LockSupport.park(); // only SIGKILL ends this process now
                Thread.interrupted();
            }
        }
        System.exit(code);
    }

    private static void banner() {
        try {
            var stdout = new FileOutputStream(FileDescriptor.out);
            stdout.write("misbehaving plugin starting...\n".getBytes(StandardCharsets.UTF_8));
            stdout.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
