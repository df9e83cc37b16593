package dev.animus.store;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * A child process of {@link LockfileConcurrencyTest}: {@code LockfileSaver <file> <prefix> <saves>}
 * prints {@code ready} once loaded, waits for a {@code go} line on stdin (so that all children
 * start saving together), then saves {@code <prefix>-0}, {@code <prefix>-1}, ... one per save.
 * After each save it checks that what was written still holds all its own earlier entries. Exit
 * 0 when all is well, 2 when an entry went missing, 3 without a go.
 */
final class LockfileSaver {
    private LockfileSaver() {}

    public static void main(String[] args) throws IOException {
        LockfileStore store = new LockfileStore(Path.of(args[0]), Duration.ofSeconds(60));
        String prefix = args[1];
        int saves = Integer.parseInt(args[2]);
        store.read();
        System.out.println("ready");
        System.out.flush();
        if (!"go".equals(new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine())) {
            System.exit(3);
        }
        for (int i = 0; i < saves; i++) {
            Lockfile written = store.save(List.of(LockEntries.path(prefix + "-" + i)), Set.of(), false);
            for (int j = 0; j <= i; j++) {
                if (written.entry(prefix + "-" + j).isEmpty()) {
                    System.err.println("save " + i + " lost " + prefix + "-" + j + ": "
                            + written.entries().keySet());
                    System.exit(2);
                }
            }
        }
    }
}
