package dev.animus.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.node.IntNode;
import tools.jackson.databind.node.MissingNode;
import tools.jackson.databind.node.StringNode;

@Timeout(30)
class InFlightTest {

    private static Incoming request(tools.jackson.databind.JsonNode id) {
        return new Incoming(null, id, "m", MissingNode.getInstance());
    }

    @Test
    void admitsUpToTheBoundAndRefusesDuplicates() {
        InFlight inFlight = new InFlight(2);
        Incoming one = request(IntNode.valueOf(1));
        assertEquals(InFlight.Admission.ADMITTED, inFlight.tryAdmit(one));
        assertEquals(InFlight.Admission.DUPLICATE, inFlight.tryAdmit(request(IntNode.valueOf(1))));
        assertEquals(InFlight.Admission.ADMITTED, inFlight.tryAdmit(request(StringNode.valueOf("1"))));
        assertEquals(InFlight.Admission.FULL, inFlight.tryAdmit(request(IntNode.valueOf(3))));
        inFlight.end(one);
        assertEquals(InFlight.Admission.ADMITTED, inFlight.tryAdmit(request(IntNode.valueOf(3))));
    }

    @Test
    void aReaderWaitingForAPlaceIsAdmittedWhenOneEnds() throws Exception {
        InFlight inFlight = new InFlight(1);
        Incoming first = request(IntNode.valueOf(1));
        inFlight.tryAdmit(first);
        CompletableFuture<InFlight.Admission> waiting = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> waiting.complete(inFlight.admit(request(IntNode.valueOf(2)))));
        assertFalse(waiting.isDone());
        inFlight.end(first);
        assertEquals(InFlight.Admission.ADMITTED, waiting.get(10, TimeUnit.SECONDS));
    }

    @Test
    void closingWakesAWaitingReaderAndReturnsWhatRuns() throws Exception {
        InFlight inFlight = new InFlight(1);
        Incoming first = request(IntNode.valueOf(1));
        inFlight.tryAdmit(first);
        CompletableFuture<InFlight.Admission> waiting = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> waiting.complete(inFlight.admit(request(IntNode.valueOf(2)))));
        assertEquals(List.of(first), inFlight.close());
        assertEquals(InFlight.Admission.CLOSED, waiting.get(10, TimeUnit.SECONDS));
        assertEquals(InFlight.Admission.CLOSED, inFlight.tryAdmit(request(IntNode.valueOf(3))));
    }
}
