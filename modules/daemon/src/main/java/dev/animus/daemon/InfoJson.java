package dev.animus.daemon;

import dev.animus.json.ExactJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** {@code <scope>.json} read and written: {@link DaemonInfo} as one JSON object. */
final class InfoJson {
    /** Built by the daemon only, which writes the file: a client that reads it needs no mapper. */
    private static final class Writing {
        static final JsonMapper JSON = JsonMapper.shared();

        private Writing() {}
    }

    /** A daemon's info document is small; a bigger file is not one of ours. */
    private static final long MAX_BYTES = 64 * 1024;

    private InfoJson() {}

    static byte[] bytes(DaemonInfo info) {
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("root", info.root().toString());
        o.put("pid", info.pid());
        o.put("started_at", info.startedAt().toString());
        o.put("version", info.version());
        o.put("socket", info.socket().toString());
        o.put("start_ticks", info.startTicks());
        o.put("boot_id", info.bootId());
        return (Writing.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(o) + "\n")
                .getBytes(StandardCharsets.UTF_8);
    }

    /** The document at {@code file}; empty when it is missing, too big or not one of ours. */
    static Optional<DaemonInfo> read(Path file) {
        try {
            if (Files.size(file) > MAX_BYTES) {
                return Optional.empty();
            }
            JsonNode n = ExactJson.parse(Files.readString(file));
            if (!n.isObject()
                    || !n.path("pid").canConvertToLong()
                    || !n.path("root").isString()) {
                return Optional.empty();
            }
            return Optional.of(new DaemonInfo(
                    Path.of(n.path("root").asString()),
                    n.path("pid").asLong(),
                    Instant.parse(n.path("started_at").asString("")),
                    n.path("version").asString(""),
                    Path.of(n.path("socket").asString("")),
                    n.path("start_ticks").asLong(0),
                    n.path("boot_id").asString("")));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException | JacksonException | DateTimeParseException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** The pid in a pid file (one decimal number); empty when missing or malformed. */
    static Optional<Long> readPid(Path pidFile) {
        try {
            if (Files.size(pidFile) > 64) {
                return Optional.empty();
            }
            long pid = Long.parseLong(
                    Files.readString(pidFile, StandardCharsets.US_ASCII).trim());
            return pid > 0 ? Optional.of(pid) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
