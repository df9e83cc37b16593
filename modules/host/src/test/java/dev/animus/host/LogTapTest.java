package dev.animus.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.animus.core.TimeoutTable;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.JsonNodeFactory;

/** A plugin's {@code log/entry} notifications reach the host's tap, inside a request or not. */
class LogTapTest {
    @TempDir
    Path dir;

    @Test
    void entriesOutsideAnyRequestReachTheTapUnderThePluginsName() throws IOException, InterruptedException {
        Path exe = TestPlugins.python(dir, "logger", """
                import json, sys, threading, time
                def send(m):
                    sys.stdout.write(json.dumps(m) + "\\n"); sys.stdout.flush()
                def later():
                    time.sleep(0.1)
                    send({"jsonrpc": "2.0", "method": "log/entry",
                          "params": {"level": "warning", "message": "after the answer"}})
                for line in sys.stdin:
                    m = json.loads(line)
                    if "id" not in m:
                        if m.get("method") == "exit": sys.exit(0)
                        continue
                    meth, i = m.get("method"), m["id"]
                    if meth == "initialize":
                        send({"jsonrpc": "2.0", "id": i, "result": {"protocol_version": "1.1.0",
                              "plugin_info": {"name": "daemon", "version": "1.0.0", "plugin_kind": "custom"},
                              "capabilities": {"methods": ["go"]}}})
                    elif meth == "go":
                        send({"jsonrpc": "2.0", "method": "progress", "params": {"id": i, "n": 1}})
                        send({"jsonrpc": "2.0", "method": "log/entry",
                              "params": {"level": "info", "message": "inside the request"}})
                        send({"jsonrpc": "2.0", "id": i, "result": {}})
                        threading.Thread(target=later).start()
                    else:
                        send({"jsonrpc": "2.0", "id": i, "result": {}})
                """);
        BlockingQueue<PluginLogLine> got = new ArrayBlockingQueue<>(16);
        LogTap tap = new LogTap() {
            @Override
            public void accept(PluginLogLine line) {
                got.add(line);
            }

            @Override
            public void lost(String plugin, long count) {}
        };
        try (PluginHost host =
                PluginHost.create(PluginHost.Options.defaults(TestPlugins.HELLO).withLogTap(tap))) {
            Supervisor s =
                    host.register(new PluginRegistration("logger", TestPlugins.spec(exe), TimeoutTable.defaults()));
            s.call("go", JsonNodeFactory.instance.objectNode(), CallOptions.defaults());
            PluginLogLine first = got.poll(10, TimeUnit.SECONDS);
            PluginLogLine second = got.poll(10, TimeUnit.SECONDS);
            assertEquals("inside the request", first.params().path("message").asString());
            assertEquals("after the answer", second.params().path("message").asString());
            assertEquals("logger", second.plugin());
            assertEquals(
                    null, got.poll(Duration.ofMillis(100).toMillis(), TimeUnit.MILLISECONDS), "progress is no log");
        }
    }
}
