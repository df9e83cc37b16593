package dev.animus.conformance;

import java.util.Objects;
import tools.jackson.databind.JsonNode;

/** What the reader of a plugin's stdout hands the scenario runner, in the order it read it. */
sealed interface Incoming {

    /** One line that is one JSON value; {@code index} counts the frames of this process from 0. */
    record Frame(JsonNode value, int index) implements Incoming {
        public Frame {
            Objects.requireNonNull(value, "value");
        }
    }

    /** A line that is not one JSON value (a banner, a pretty-printed frame, two frames on a line). */
    record NotAFrame(String excerpt, int line, String why) implements Incoming {
        public NotAFrame {
            Objects.requireNonNull(excerpt, "excerpt");
            Objects.requireNonNull(why, "why");
        }
    }

    /** Stdout ended (the process closed it or exited). */
    record End() implements Incoming {}
}
