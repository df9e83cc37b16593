package dev.animus.rpc;

import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/** Records what a reader delivers. */
final class CollectingSink implements FrameSink {
    final List<JsonNode> frames = new ArrayList<>();
    final List<String> malformed = new ArrayList<>();
    final List<Long> oversized = new ArrayList<>();
    int batches;

    @Override
    public void frame(JsonNode frame) {
        frames.add(frame);
    }

    @Override
    public void malformed(String reason, String excerpt) {
        malformed.add(reason + " | " + excerpt);
    }

    @Override
    public void oversized(long bytesDiscarded) {
        oversized.add(bytesDiscarded);
    }

    @Override
    public void batchEnd() {
        batches++;
    }
}
