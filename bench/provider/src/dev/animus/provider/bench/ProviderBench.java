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
 *   stream PROVIDER N PAD WARMUP RUNS          in-process: `agent run` of N events WARMUP + RUNS times; per run events/s
 *                                              from the write of the first event to the write of the last
 *   cli N PAD RUNS -- COMMAND...               COMMAND (the tarball's `animus agent run`) RUNS times, its stdout a
 *                                              pipe drained here; per run the µs from the plugin's stamp to this
 *                                              process reading the first event, and events/s first → last read
 * </pre>
 *
 * Each run's whole stdout is checked: the events "t=&lt;ns&gt; 0", "1", ... "N-1", each with PAD 'x'
 * and a newline, in order, nothing else; anything else ends the harness with a FAIL line and exit
 * 1. Events missing in between (the host dropped them) are counted instead: a {@code lost <k>}
 * line. Output lines per run: {@code first <µs>}, {@code rate <events/s>} and maybe {@code lost}.
 */
public final class ProviderBench {
    private ProviderBench() {}

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "first" -> first(args[1], Integer.parseInt(args[2]), Integer.parseInt(args[3]));
            case "stream" -> stream(
                    args[1],
                    Integer.parseInt(args[2]),
                    Integer.parseInt(args[3]),
                    Integer.parseInt(args[4]),
                    Integer.parseInt(args[5]));
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

    private record Run(long stampNs, long firstAt, long lastAt, int lost) {
        Run(Checked c, long firstAt, long lastAt) {
            this(c.stamp(), firstAt, lastAt, c.lost());
        }

        void print(int n) {
            System.out.printf("first %.3f%n", (firstAt - stampNs) / 1e3);
            if (n > 1) {
                // the events written (a lost one was not), from the first to the last
                long written = n - lost;
                System.out.printf(
                        "rate %.0f%n", lastAt > firstAt ? (written - 1) / ((lastAt - firstAt) / 1e9) : Double.NaN);
                System.out.println("lost " + lost);
            }
        }
    }

    private record Checked(long stamp, int lost) {}

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
            return new Run(check(out.bytes.toByteArray(), n, pad), out.firstAt, out.lastAt);
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

    private static void stream(String provider, int n, int pad, int warmup, int runs) throws IOException {
        try (Plugins host = Plugins.start(Plugins.Options.fromEnvironment(System.getenv()))) {
            for (int i = 0; i < warmup + runs; i++) {
                Run r = inProcess(host, provider, n, pad);
                if (i >= warmup) {
                    r.print(n);
                }
            }
        }
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
            new Run(check(all.toByteArray(), n, pad), firstAt, lastAt).print(n);
        }
    }

    /**
     * Checks the whole stdout of one run and returns the plugin's stamp of the first event. Every
     * line must be an expected event, in order, and the first and the last must be there; events
     * missing in between are counted (a "lost" line: the host dropped them), anything else fails.
     */
    private static Checked check(byte[] out, int n, int pad) {
        String text = new String(out, StandardCharsets.UTF_8);
        String padding = "x".repeat(pad);
        if (!text.startsWith("t=") || !text.endsWith("\n")) {
            fail("stdout does not start with the first event and end with a newline: " + head(text));
        }
        String[] lines = text.substring(0, text.length() - 1).split("\n", -1);
        int sp = lines[0].indexOf(' ');
        long stamp = Long.parseLong(lines[0].substring(2, sp));
        lines[0] = lines[0].substring(sp + 1);
        long previous = -1;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            long k = -1;
            if (line.endsWith(padding) && line.length() > pad) {
                try {
                    k = Long.parseLong(line.substring(0, line.length() - pad));
                } catch (NumberFormatException e) {
                    k = -1;
                }
            }
            if (k <= previous || k >= n || (i == 0 && k != 0)) {
                fail("wrong output: line " + (i + 1) + " is " + head(line) + " after event " + previous
                        + " (" + n + " events of " + pad + " padding bytes expected, in order)");
            }
            previous = k;
        }
        if (previous != n - 1) {
            fail("wrong output: the last event written is " + previous + ", not " + (n - 1));
        }
        return new Checked(stamp, n - lines.length);
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
