package dev.animus.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.animus.core.AgentScope;
import dev.animus.discovery.AnimusPaths;
import dev.animus.host.ProjectBinding;
import dev.animus.install.InstallRequest;
import dev.animus.install.PluginInstaller;
import dev.animus.runtime.Animus;
import dev.animus.runtime.Plugins;
import dev.animus.subjects.Subject;
import dev.animus.subjects.SubjectFilter;
import java.io.IOException;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.time.InstantSource;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * The first-party webhook trigger in a real daemon (docs/daemon.md#triggers,
 * plugins/webhook/README.md): a delivery signed with the declared secret becomes one task of the
 * tasks backend; a bad signature is refused with 401 and makes nothing; the same delivery id sent
 * again is acknowledged {@code skipped} by the daemon and makes no second task.
 */
class DaemonWebhookTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String SECRET = "the webhook's test secret";

    @TempDir
    Path dir;

    private static Path launcher(String property) {
        String value = System.getProperty(property);
        if (value == null || !Files.isExecutable(Path.of(value))) {
            throw new IllegalStateException(
                    "no launcher at " + property + "=" + value + "; run through Maven with -am");
        }
        return Path.of(value);
    }

    private static String ready(Animus animus, Path plugin) {
        String name = animus.install(
                        InstallRequest.local(plugin, Optional.empty(), new PluginInstaller.PinPolicy(false, false)))
                .name();
        animus.trust(name, Animus.sha256(plugin), false);
        animus.consent(
                name,
                animus.inspect(name, "default").inspection().consentDigest().orElseThrow());
        animus.enable(name, new AgentScope.One("default"));
        return name;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static String signature(String secret, byte[] body) throws GeneralSecurityException {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return "sha256=" + HexFormat.of().formatHex(mac.doFinal(body));
    }

    /** POSTs {@code body} as delivery {@code id}, signed with {@code secret}; the status code. */
    private static int post(int port, String id, String body, String secret) throws Exception {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        HttpURLConnection c = (HttpURLConnection)
                URI.create("http://127.0.0.1:" + port + "/webhook").toURL().openConnection();
        c.setRequestMethod("POST");
        c.setDoOutput(true);
        c.setRequestProperty("Content-Type", "application/json");
        c.setRequestProperty("X-GitHub-Delivery", id);
        c.setRequestProperty("X-GitHub-Event", "issues");
        c.setRequestProperty("X-Hub-Signature-256", signature(secret, bytes));
        try (OutputStream out = c.getOutputStream()) {
            out.write(bytes);
        }
        int code = c.getResponseCode();
        c.disconnect();
        return code;
    }

    /** Waits for a real process's effect, with a deadline. */
    private static void await(String what, BooleanSupplier done) throws InterruptedException {
        long end = System.nanoTime() + WAIT.toNanos();
        while (!done.getAsBoolean()) {
            assertTrue(System.nanoTime() < end, "not within " + WAIT + ": " + what);
            Thread.sleep(50); // waiting for real processes with a deadline
        }
    }

    private static boolean listening(int port) {
        try {
            new Socket("127.0.0.1", port).close();
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    @Test
    void aSignedDeliveryMakesOneTaskABadSignatureIs401AndAReplayedDeliveryMakesNoSecond() throws Exception {
        Map<String, String> env = Map.of(
                "HOME", dir.toString(),
                "ANIMUS_HOME", dir.resolve("home").toString(),
                "PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"),
                "ANIMUS_WEBHOOK_SECRET", SECRET);
        Path project = Files.createDirectories(dir.resolve("project")).toRealPath();
        Animus animus = Animus.open(AnimusPaths.from(env, project), env);
        ready(animus, launcher("animus.tasks.launcher"));
        String webhook = ready(animus, launcher("animus.webhook.launcher"));
        int port = freePort();
        Files.createDirectories(project.resolve(".animus"));
        Files.writeString(
                project.resolve(".animus/triggers.toml"),
                "[" + webhook + "]\nport = " + port + "\nkind = \"task\"\nlabels = [\"from-webhook\"]\n");
        try (Daemon d = Daemon.start(
                        animus,
                        // bound: the tasks backend keeps its database in the project, as under a real daemon
                        Plugins.start(Plugins.Options.defaults().withProjectBinding(new ProjectBinding(project))),
                        new Daemon.Options(
                                project,
                                dir.resolve("d.sock"),
                                Optional.empty(),
                                "test",
                                InstantSource.system(),
                                s -> {}));
                DaemonLink link = DaemonLink.connect(dir.resolve("d.sock"))) {
            assertEquals(project, d.options().projectRoot());
            await("the webhook listens on " + port, () -> listening(port));
            String body = "{\"action\":\"opened\",\"issue\":{\"title\":\"From a hook\",\"body\":\"details\"}}";

            assertEquals(401, post(port, "delivery-0", body, "not the secret"), "a bad signature");
            assertEquals(202, post(port, "delivery-1", body, SECRET));
            await("the delivery's task", () -> !tasks(link).isEmpty());
            List<Subject> made = tasks(link);
            assertEquals(1, made.size(), made.toString());
            assertTrue(
                    Files.exists(project.resolve(".animus/subjects/tasks.db")), "the backend's state is the project's");
            assertEquals("From a hook", made.getFirst().title());
            assertEquals(List.of("from-webhook"), made.getFirst().labels());

            assertEquals(202, post(port, "delivery-1", body, SECRET), "the plugin takes it; the daemon skips it");
            await(
                    "the replay acknowledged skipped",
                    () -> status(link).path("skipped").asInt() == 1);
            JsonNode s = status(link);
            assertEquals(1, s.path("dispatched").asInt(), s.toString());
            assertEquals(2, s.path("events").asInt(), "the refused one is no event: " + s);
            assertEquals(1, tasks(link).size(), "no second task: " + tasks(link));
        }
    }

    private static List<Subject> tasks(DaemonLink link) {
        return link.subjects("default")
                .list(SubjectFilter.all().withKinds(List.of("task")))
                .subjects();
    }

    private static JsonNode status(DaemonLink link) {
        return link.request("trigger/status", JsonNodeFactory.instance.objectNode())
                .path("triggers")
                .path(0);
    }
}
