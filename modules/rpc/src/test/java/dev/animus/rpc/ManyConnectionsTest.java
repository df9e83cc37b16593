package dev.animus.rpc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * Hundreds of idle connections to child processes (what a host with hundreds of plugins has) must
 * leave the JVM's virtual threads runnable. A reader blocked in a read of a child's stdout holds a
 * carrier of the virtual-thread scheduler (the JDK adds one carrier per such read, up to 256): with
 * one virtual reader per connection, 300 idle connections took every carrier and nothing virtual
 * ran again, not even the completion of a timed-out call.
 */
class ManyConnectionsTest {
    private static final int CONNECTIONS = 300;

    @Test
    void threeHundredIdleConnectionsToChildrenLeaveVirtualThreadsRunnable() throws Exception {
        List<Process> children = new ArrayList<>();
        List<RpcConnection> connections = new ArrayList<>();
        try {
            for (int i = 0; i < CONNECTIONS; i++) {
                children.add(idleChild());
                connections.add(RpcConnection.open(
                        children.getLast().getInputStream(),
                        children.getLast().getOutputStream(),
                        RpcOptions.defaults("idle-" + i)));
            }

            CountDownLatch ran = new CountDownLatch(1);
            Thread.ofVirtual().name("probe").start(ran::countDown);
            assertTrue(
                    ran.await(20, TimeUnit.SECONDS),
                    "a virtual thread started after " + CONNECTIONS
                            + " idle connections never ran: their readers hold every carrier");

            // the deadline of a call fires through a virtual thread too
            PendingCall call =
                    connections.getLast().call("ping", JsonNodeFactory.instance.objectNode(), Duration.ofMillis(100));
            assertTrue(
                    call.result().handle((r, e) -> e).get(20, TimeUnit.SECONDS) instanceof RequestTimedOut,
                    "the call's deadline never fired");
        } finally {
            children.forEach(Process::destroyForcibly); // end of file for every reader
            connections.forEach(RpcConnection::close);
        }
    }

    /** A child that reads nothing and writes nothing until it is killed. */
    private static Process idleChild() throws IOException {
        return new ProcessBuilder("sleep", "600")
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
    }
}
