package dev.animus.provider.bench;

import dev.animus.runtime.Plugins;
import dev.animus.shell.Main;
import dev.animus.shell.ShellContext;
import dev.animus.shell.render.Terminal;
import java.io.ByteArrayOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.BufferedOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The provider benchmark's harness (bench/provider/run.sh says what each figure is).
 *
 * <pre>
 *   first PROVIDER WARMUP RUNS                 in-process: the shell's `agent run` (Main.execute, the CLI's own path
 *                                              after JVM start) RUNS times on one warm host; per run, the µs from the
 *                                              plugin's stamp in the first event to the shell's write of it
 *   stream PROVIDER N PAD REPEAT               in-process: `agent run` of N events REPEAT times; per run events/s
 *                                              from the write of the first event to the write of the last
 *   cli N PAD RUNS -- COMMAND...               COMMAND (the tarball's `animus agent run`) RUNS times, its stdout a
 *                                              pipe drained here; per run the µs from the plugin's stamp to this
 *                                              process reading the first event, and events/s first → last read
 * </pre>
 *
 * Each run's whole stdout is checked: the events "t=&lt;ns&gt; 0", "1", ... "N-1", each with PAD 'x'
 * and a newline, in order, nothing else; a wrong one ends the harness with exit 1. Output lines:
 * {@code first <µs>} and {@code rate <events/s>} per run.
 */
public final class ProviderBench {
    private ProviderBench() {}

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "first" -> first(args[1], Integer.parseInt(args[2]), Integer.parseInt(args[3]));
            case "stream" -> stream(args[1], Integer.parseInt(args[2]), Integer.parseInt(args[3]), Integer.parseInt(args[4]));
            case "cli" -> cli(
                    Integer.parseInt(args[1]),
                    Integer.parseInt(args[2]),
                    Integer.parseInt(args[3]),
                    Arrays.asList(args).subList(5, args.length));
            default -> throw new IllegalArgumentException("unknown part " + args[0]);
        }
    }

    /** What the shell wrote to stdout, with the time of the write that held the first event and of the last write. */
    private static final class Stamping extends OutputStream {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream(1 << 20);
        final OutputStream sink;
        long firstAt;
        long lastAt;

        Stamping(OutputStream sink) {
            this.sink = sink;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            long now = System.nanoTime();
            sink.write(b, off, len);
            if (firstAt == 0) {
                firstAt = now;
            }
            lastAt = now;
            bytes.write(b, off, len);
        }
    }

    private record Run(long stampNs, long firstAt, long lastAt) {}

    /** One `agent run` through the shell, in this JVM, on {@code host}; stdout goes to /dev/null through the stamper. */
    private static Run inProcess(Plugins host, String provider, int n, int pad) throws IOException {
        Map<String, String> env = System.getenv();
        try (FileOutputStream devNull = new FileOutputStream("/dev/null")) {
            Stamping out = new Stamping(devNull);
            // as Terminal.system: an autoflushing PrintWriter over a PrintStream over an 8 KiB buffer over the fd
            PrintWriter stdout = new PrintWriter(
                    new PrintStream(new BufferedOutputStream(out, 8192), false, StandardCharsets.UTF_8),
                    true,
                    StandardCharsets.UTF_8);
            StringWriter errText = new StringWriter();
            PrintWriter stderr = new PrintWriter(errText, true);
            Terminal terminal = new Terminal(InputStream.nullInputStream(), stdout, stderr, false, false);
            String[] line = {"--no-daemon", "agent", "run", "--provider", provider, "--prompt", n + " " + pad};
            int code = Main.execute(line, ShellContext.oneShot(terminal, env, host));
            stdout.flush();
            if (code != 0) {
                fail("agent run exited " + code + ": " + errText);
            }
            long stamp = check(out.bytes.toByteArray(), n, pad);
            return new Run(stamp, out.firstAt, out.lastAt);
        }
    }

    private static void first(String provider, int warmup, int runs) throws IOException {
        try (Plugins host = Plugins.start(Plugins.Options.fromEnvironment(System.getenv()))) {
            for (int i = 0; i < warmup + runs; i++) {
                Run r = inProcess(host, provider, 1, 0);
                if (i >= warmup) {
                    System.out.printf("first %.3f%n", (r.firstAt - r.stampNs) / 1e3);
                }
            }
        }
    }

    private static void stream(String provider, int n, int pad, int repeat) throws IOException {
        try (Plugins host = Plugins.start(Plugins.Options.fromEnvironment(System.getenv()))) {
            for (int i = 0; i < repeat; i++) {
                Run r = inProcess(host, provider, n, pad);
                System.out.printf("first %.3f%n", (r.firstAt - r.stampNs) / 1e3);
                System.out.printf("rate %.0f%n", rate(n, r));
            }
        }
    }

    private static double rate(int n, Run r) {
        return r.lastAt > r.firstAt ? (n - 1) / ((r.lastAt - r.firstAt) / 1e9) : Double.NaN;
    }

    private static void cli(int n, int pad, int runs, List<String> command) throws IOException, InterruptedException {
        byte[] buf = new byte[1 << 16];
        for (int i = 0; i < runs; i++) {
            Process p = new ProcessBuilder(command)
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .redirectError(ProcessBuilder.Redirect.PIPE)
                    .start();
            ByteArrayOutputStream all = new ByteArrayOutputStream(1 << 20);
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            Thread errPump = Thread.ofVirtual().start(() -> {
                try {
                    p.getErrorStream().transferTo(err);
                } catch (IOException e) {
                    // the process is gone: what came is kept
                }
            });
            long firstAt = 0;
            long lastAt = 0;
            InputStream stdout = p.getInputStream();
            int got;
            while ((got = stdout.read(buf)) > 0) {
                long now = System.nanoTime();
                if (firstAt == 0) {
                    firstAt = now;
                }
                lastAt = now;
                all.write(buf, 0, got);
            }
            int code = p.waitFor();
            errPump.join();
            if (code != 0) {
                fail("the command exited " + code + ": " + err.toString(StandardCharsets.UTF_8).strip());
            }
            long stamp = check(all.toByteArray(), n, pad);
            Run r = new Run(stamp, firstAt, lastAt);
            System.out.printf("first %.3f%n", (r.firstAt - r.stampNs) / 1e3);
            if (n > 1) {
                System.out.printf("rate %.0f%n", rate(n, r));
            }
        }
    }

    /** Checks the whole stdout of one run; returns the plugin's stamp of the first event. */
    private static long check(byte[] out, int n, int pad) {
        String text = new String(out, StandardCharsets.UTF_8);
        String padding = "x".repeat(pad);
        List<String> problems = new ArrayList<>();
        if (!text.startsWith("t=")) {
            fail("stdout does not start with the first event: " + head(text));
        }
        int sp = text.indexOf(' ');
        long stamp = Long.parseLong(text.substring(2, sp));
        int at = sp + 1;
        for (int k = 0; k < n && problems.isEmpty(); k++) {
            String want = k + padding + "\n";
            if (!text.startsWith(want, at)) {
                problems.add("event " + k + " is not '" + want.strip() + "' but " + head(text.substring(at)));
            }
            at += want.length();
        }
        if (problems.isEmpty() && at != text.length()) {
            problems.add((text.length() - at) + " unexpected bytes after the last event: " + head(text.substring(at)));
        }
        if (!problems.isEmpty()) {
            fail("wrong output (" + n + " events expected, " + text.split("\n", -1).length + " lines written): "
                    + problems.getFirst());
        }
        return stamp;
    }

    private static String head(String s) {
        return "'" + (s.length() > 60 ? s.substring(0, 60) + "…" : s).replace("\n", "\\n") + "'";
    }

    private static void fail(String message) {
        System.out.println("FAIL " + message);
        System.out.flush();
        System.exit(1);
    }
}
