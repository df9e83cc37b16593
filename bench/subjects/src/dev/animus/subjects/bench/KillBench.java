package dev.animus.subjects.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The tasks backend's {@code kill -9} acceptance of issue 22 on the image's own launcher (not a
 * test: run by bench/subjects/run.sh; plugins/tasks' KillTest is the same on the build's
 * launcher). Round after round the plugin is started as a host starts it (its launcher, an
 * environment of {@code PATH} and {@code ANIMUS_JAVA_HOME} only, the working directory the
 * project), handshaken, fed a stream of {@code task/create} and {@code task/update
 * {labels_add}} with 8 in flight, and SIGKILLed after a seeded random 1–40 acknowledged writes
 * (so up to 7 are in flight when it dies). Then every acknowledged create is in the database with
 * its title, every acknowledged update's label is there, {@code PRAGMA integrity_check} is
 * {@code ok}, and a fresh process reads one of them back.
 *
 * <p>Args: {@code <launcher> <image> <project> <kills> <seed>}; the database is read with the
 * image's SQLite driver (run.sh passes {@code -Dorg.sqlite.lib.path}). Prints {@code kills},
 * {@code acked <creates> <updates>}, {@code integrity <result>}, {@code ms_per_kill <mean>},
 * {@code ready_ms <p50> <p90> <max>} (start to handshake answered) and {@code seed}; exits 1 when a
 * check fails.
 */
public final class KillBench {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int IN_FLIGHT = 8;
    private static final long WAIT_SECONDS = 30;

    private record Write(int id, boolean create, String subject, String mark) {}

    private KillBench() {}

    public static void main(String[] args) throws Exception {
        Path launcher = Path.of(args[0]);
        Path image = Path.of(args[1]);
        Path project = Path.of(args[2]);
        int kills = Integer.parseInt(args[3]);
        long seed = Long.parseLong(args[4]);
        Random random = new Random(seed);
        Map<String, String> titles = new HashMap<>();
        List<String[]> labels = new ArrayList<>();
        List<String> known = new ArrayList<>();
        long[] ready = new long[kills];
        int serial = 0;
        long started = System.nanoTime();
        for (int round = 0; round < kills; round++) {
            int target = 1 + random.nextInt(40);
            long t0 = System.nanoTime();
            try (Child plugin = Child.ready(launcher, image, project)) {
                ready[round] = System.nanoTime() - t0;
                ArrayDeque<Write> flight = new ArrayDeque<>();
                int acked = 0;
                while (acked < target) {
                    while (flight.size() < IN_FLIGHT) {
                        String mark = "w" + serial++;
                        ObjectNode p = JSON.createObjectNode();
                        if (known.isEmpty() || random.nextBoolean()) {
                            p.put("title", mark);
                            flight.add(new Write(plugin.request("task/create", p), true, "", mark));
                        } else {
                            String subject = known.get(random.nextInt(known.size()));
                            p.put("id", subject).putArray("labels_add").add(mark);
                            flight.add(new Write(plugin.request("task/update", p), false, subject, mark));
                        }
                    }
                    Write w = flight.poll();
                    JsonNode result = plugin.answer(w.id()).get("result");
                    if (result == null) {
                        throw new IllegalStateException("write " + w + " failed in round " + round + "; stderr: " + plugin.stderr);
                    }
                    acked++;
                    if (w.create()) {
                        String id = result.get("subject").get("id").asString();
                        titles.put(id, w.mark());
                        known.add(id);
                    } else {
                        labels.add(new String[] {w.subject(), w.mark()});
                    }
                }
                plugin.kill();
            }
        }
        double msPerKill = (System.nanoTime() - started) / 1e6 / Math.max(1, kills);

        String integrity;
        Path db = project.resolve(".animus/subjects/tasks.db");
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            try (Statement s = c.createStatement();
                    ResultSet r = s.executeQuery("PRAGMA integrity_check")) {
                integrity = r.next() ? r.getString(1) : "(no row)";
            }
            try (PreparedStatement title = c.prepareStatement("SELECT title FROM subjects WHERE id = ?");
                    PreparedStatement label =
                            c.prepareStatement("SELECT count(*) FROM labels WHERE subject = ? AND label = ?")) {
                for (var e : titles.entrySet()) {
                    title.setLong(1, number(e.getKey()));
                    try (ResultSet r = title.executeQuery()) {
                        if (!r.next() || !e.getValue().equals(r.getString(1))) {
                            throw new IllegalStateException("acknowledged create " + e.getKey() + " (" + e.getValue() + ") is gone");
                        }
                    }
                }
                for (String[] l : labels) {
                    label.setLong(1, number(l[0]));
                    label.setString(2, l[1]);
                    try (ResultSet r = label.executeQuery()) {
                        if (!r.next() || r.getInt(1) != 1) {
                            throw new IllegalStateException("acknowledged update " + l[1] + " of " + l[0] + " is gone");
                        }
                    }
                }
            }
        }
        String any = titles.keySet().iterator().next();
        try (Child after = Child.ready(launcher, image, project)) {
            JsonNode got = after.answer(after.request("task/get", JSON.createObjectNode().put("id", any)));
            if (!titles.get(any).equals(got.path("result").path("subject").path("title").asString(""))) {
                throw new IllegalStateException("a fresh process reads " + any + " as " + got);
            }
        }
        Arrays.sort(ready);
        System.out.printf("kills %d%n", kills);
        System.out.printf("acked %d %d%n", titles.size(), labels.size());
        System.out.printf("integrity %s%n", integrity);
        System.out.printf("ms_per_kill %.0f%n", msPerKill);
        System.out.printf("ready_ms %.0f %.0f %.0f%n", ready[kills / 2] / 1e6, ready[(int) (kills * 0.9)] / 1e6,
                ready[kills - 1] / 1e6);
        System.out.printf("seed %d%n", seed);
        if (!"ok".equals(integrity)) {
            System.exit(1);
        }
    }

    private static long number(String id) {
        return Long.parseLong(id.substring(id.indexOf(':') + 1));
    }

    /** The plugin as a child process; answers by id, every wait bounded. */
    private static final class Child implements AutoCloseable {
        private final Process process;
        private final OutputStream stdin;
        private final Map<Integer, LinkedBlockingQueue<JsonNode>> answers = new ConcurrentHashMap<>();
        private final StringBuffer stderr = new StringBuffer();
        private int ids;

        private Child(Path launcher, Path image, Path project) throws IOException {
            ProcessBuilder b = new ProcessBuilder(launcher.toString()).directory(project.toFile());
            b.environment().clear();
            b.environment().put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
            b.environment().put("ANIMUS_JAVA_HOME", image.toString());
            process = b.start();
            stdin = process.getOutputStream();
            Thread.ofVirtual().start(() -> {
                try (var in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = in.readLine()) != null) {
                        JsonNode frame = JSON.readTree(line);
                        if (frame.has("id") && !frame.has("method")) {
                            queue(frame.get("id").asInt()).add(frame);
                        }
                    }
                } catch (IOException | RuntimeException e) {
                    // the process died (SIGKILL): its stream ends mid-line or not at all
                }
            });
            Thread.ofVirtual().start(() -> {
                try (var in = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = in.readLine()) != null) {
                        stderr.append(line).append('\n');
                    }
                } catch (IOException e) {
                    // gone
                }
            });
        }

        static Child ready(Path launcher, Path image, Path project) throws IOException {
            Child c = new Child(launcher, image, project);
            JsonNode a = c.answer(c.request("initialize", JSON.createObjectNode().put("protocol_version", "1.1.0")));
            if (a.get("result") == null) {
                throw new IllegalStateException("initialize answered " + a + "; stderr: " + c.stderr);
            }
            c.send("{\"jsonrpc\":\"2.0\",\"method\":\"initialized\"}");
            return c;
        }

        int request(String method, JsonNode params) throws IOException {
            int id = ++ids;
            ObjectNode frame = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", id).put("method", method);
            frame.set("params", params);
            send(frame.toString());
            return id;
        }

        private void send(String frame) throws IOException {
            stdin.write((frame + "\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
        }

        JsonNode answer(int id) {
            try {
                JsonNode frame = queue(id).poll(WAIT_SECONDS, TimeUnit.SECONDS);
                if (frame == null) {
                    throw new IllegalStateException("no answer to " + id + " within " + WAIT_SECONDS + " s; stderr: " + stderr);
                }
                answers.remove(id);
                return frame;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }

        private LinkedBlockingQueue<JsonNode> queue(int id) {
            return answers.computeIfAbsent(id, k -> new LinkedBlockingQueue<>());
        }

        /** SIGKILL (kill -9), and waits for it to be gone. */
        void kill() throws InterruptedException {
            process.destroyForcibly();
            if (!process.waitFor(WAIT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the plugin did not die of SIGKILL");
            }
        }

        @Override
        public void close() {
            try {
                stdin.close();
            } catch (IOException e) {
                // already gone
            }
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    process.waitFor(WAIT_SECONDS, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroyForcibly();
            }
        }
    }
}
