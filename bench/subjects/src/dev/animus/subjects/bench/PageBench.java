package dev.animus.subjects.bench;

import dev.animus.daemon.DaemonLink;
import dev.animus.runtime.SubjectEndpoint;
import dev.animus.subjects.NewSubject;
import dev.animus.subjects.Subject;
import dev.animus.subjects.SubjectFilter;
import dev.animus.subjects.SubjectPage;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Creates then pages through the daemon (not a test: run by bench/subjects/run.sh), on a
 * {@link DaemonLink} to a running daemon's control socket, in a project whose tasks backend holds
 * no task yet:
 * <ol>
 *   <li>{@code count} sequential {@code subject/create {kind: task, title}} (each answered after
 *       its transaction committed); creates/s over the whole run;
 *   <li>{@code subject/list {filter: {kind: [task], limit}}} page by page with the cursor to the
 *       end; the pages must hand back every created id exactly once and nothing else, each page
 *       {@code limit} long but the last; wall time of the whole walk.
 * </ol>
 * Writes the created ids, one a line, to {@code <ids file>} (run.sh checks the CLI's walk against
 * it).
 *
 * <p>Args: {@code <socket> <agent> <count> <limit> <ids file>}. Prints {@code creates <n> <ms>
 * <per second>} and {@code pages <pages> <subjects> <ms>}; fails (exit 1) when the walk is wrong.
 */
public final class PageBench {
    private PageBench() {}

    public static void main(String[] args) throws Exception {
        Path socket = Path.of(args[0]);
        String agent = args[1];
        int count = Integer.parseInt(args[2]);
        int limit = Integer.parseInt(args[3]);
        Path idsFile = Path.of(args[4]);
        try (DaemonLink link = DaemonLink.connect(socket)) {
            SubjectEndpoint subjects = link.subjects(agent);
            Set<String> created = new HashSet<>();
            long start = System.nanoTime();
            try (PrintWriter ids = new PrintWriter(Files.newBufferedWriter(idsFile))) {
                for (int i = 0; i < count; i++) {
                    String id = subjects.create(NewSubject.of("task", "page bench " + i)).id();
                    if (!created.add(id)) {
                        throw new IllegalStateException("create " + i + " handed back an id twice: " + id);
                    }
                    ids.println(id);
                }
            }
            long createNs = System.nanoTime() - start;
            System.out.printf("creates %d %.0f %.0f%n", count, createNs / 1e6, count / (createNs / 1e9));

            SubjectFilter filter = SubjectFilter.all().withKinds(List.of("task")).withLimit(limit);
            Set<String> seen = new HashSet<>();
            int pages = 0;
            start = System.nanoTime();
            while (true) {
                SubjectPage page = subjects.list(filter);
                pages++;
                for (Subject s : page.subjects()) {
                    if (!created.contains(s.id())) {
                        throw new IllegalStateException("page " + pages + " has " + s.id() + ", which was not created");
                    }
                    if (!seen.add(s.id())) {
                        throw new IllegalStateException("page " + pages + " repeats " + s.id());
                    }
                }
                if (page.nextCursor().isEmpty()) {
                    break;
                }
                if (page.subjects().size() != limit) {
                    throw new IllegalStateException("page " + pages + " has " + page.subjects().size()
                            + " subjects (not " + limit + ") and a next_cursor");
                }
                filter = filter.withCursor(Optional.of(page.nextCursor().get()));
            }
            long walkNs = System.nanoTime() - start;
            if (seen.size() != created.size()) {
                throw new IllegalStateException("the pages visited " + seen.size() + " of " + created.size() + " tasks");
            }
            System.out.printf("pages %d %d %.0f%n", pages, seen.size(), walkNs / 1e6);
        }
    }
}
