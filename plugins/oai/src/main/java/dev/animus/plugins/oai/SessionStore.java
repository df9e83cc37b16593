package dev.animus.plugins.oai;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The conversations of one project: {@code <root>/.animus/providers/oai/sessions/<session_id>.json},
 * one JSON file each ({@code {"format":1,"session_id","model","messages":[...]}}), written
 * atomically (a temporary file in the same directory, forced to disk, renamed over the old one, the
 * directory forced too), so a crash leaves the old conversation or the new one, never half of one.
 *
 * <p>Thread-safe as the file system is: two runs resuming the same session at once both succeed
 * and the later write wins.
 */
final class SessionStore {
    /** Where the sessions live, relative to the project root. */
    static final Path RELATIVE = Path.of(".animus", "providers", "oai", "sessions");

    private static final int FORMAT = 1;
    /** A session file bigger than this is refused rather than read into memory. */
    private static final int MAX_FILE = 32 << 20;

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Path dir;

    /** The store of the project at {@code root} (the plugin's working directory under the daemon). */
    SessionStore(Path root) {
        this.dir = Objects.requireNonNull(root, "root").resolve(RELATIVE);
    }

    /** The file of session {@code id}. */
    Path file(String id) {
        return dir.resolve(Conversation.requireId(id) + ".json");
    }

    /**
     * The conversation {@code id}.
     *
     * @throws SessionUnusable if there is no such session or its file cannot be read as one
     */
    Conversation load(String id) {
        Path file;
        try {
            file = file(id);
        } catch (IllegalArgumentException e) {
            throw new SessionUnusable(e.getMessage());
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(MAX_FILE + 1);
        } catch (NoSuchFileException e) {
            throw new SessionUnusable("no session '" + id + "' in " + dir
                    + "; start a new run (agent/run) or give the session_id an earlier run returned");
        } catch (IOException e) {
            throw new SessionUnusable("could not read session file " + file + ": " + e.getMessage());
        }
        if (bytes.length > MAX_FILE) {
            throw new SessionUnusable("session file " + file + " is over " + MAX_FILE + " bytes; start a new run");
        }
        try {
            JsonNode root = JSON.readTree(new String(bytes, StandardCharsets.UTF_8));
            if (root.path("format").asInt(-1) != FORMAT) {
                throw new IllegalArgumentException("format is not " + FORMAT);
            }
            if (!root.path("session_id").asString("").equals(id)) {
                throw new IllegalArgumentException("it names another session_id");
            }
            List<ChatMessage> messages = new ArrayList<>();
            for (JsonNode m : root.path("messages")) {
                messages.add(ChatMessage.fromJson(m));
            }
            if (messages.isEmpty()) {
                throw new IllegalArgumentException("it has no messages");
            }
            return new Conversation(id, root.path("model").asString(""), messages);
        } catch (JacksonException | IllegalArgumentException e) {
            throw new SessionUnusable("session file " + file + " is corrupt ("
                    + e.getMessage().lines().findFirst().orElse("") + "); delete it and start a new run");
        }
    }

    /**
     * Writes {@code conversation} atomically.
     *
     * @throws UncheckedIOException naming the file when it cannot be written
     */
    void save(Conversation conversation) {
        Path target = file(conversation.sessionId());
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put("format", FORMAT);
        root.put("session_id", conversation.sessionId());
        root.put("model", conversation.model());
        ArrayNode messages = root.putArray("messages");
        conversation.messages().forEach(m -> messages.add(m.toJson()));
        byte[] bytes = (JSON.writeValueAsString(root) + "\n").getBytes(StandardCharsets.UTF_8);
        Path temp = null;
        try {
            Files.createDirectories(dir);
            temp = Files.createTempFile(dir, "." + conversation.sessionId() + ".", ".tmp");
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            move(temp, target);
            temp = null;
            try (FileChannel directory = FileChannel.open(dir, StandardOpenOption.READ)) {
                directory.force(true); // the rename itself reaches the disk
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not write session file " + target + ": " + e.getMessage(), e);
        } finally {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // the write already failed and says so; a stray temporary file is harmless
                }
            }
        }
    }

    private static void move(Path temp, Path target) throws IOException {
        try {
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            throw new IOException("this file system cannot rename atomically in " + target.getParent(), e);
        }
    }
}
