package dev.animus.store;

import dev.animus.core.ConsentGrant;
import dev.animus.core.InstallState;
import dev.animus.core.PluginState;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The child JVM of the multi-process tests ({@link ChildJvm} starts it), talking one flushed line
 * at a time on stdout:
 * <ul>
 *   <li>{@code transact <home> <worker> <count>}: prints {@code ready}, waits for {@code go} on
 *       stdin, then runs {@code count} transactions, each adding {@link #agent} or
 *       {@link #trusted} of {@code (worker, i)}, and prints {@code done}.
 *   <li>{@code crash <home> <round> <limit>}: waits for {@code go} on stdin, then adds consent
 *       grants {@link #grant}{@code (round, i)} to {@code echo}, one per transaction, until killed
 *       or {@code limit} are committed; prints {@code changing <digest>} inside
 *       each change (the lock is held, the write is next) and {@code committed <digest> <revision>}
 *       once it is committed.
 *   <li>{@code hold <lock file>}: takes the state lock, prints {@code held}, and keeps it until
 *       stdin closes.
 * </ul>
 */
final class StateWorker {
    /** Workers wait long: they compete with each other, and a test that times out here says nothing. */
    static final Duration WAIT = Duration.ofSeconds(60);

    static final String PLUGIN = "echo";

    private static final PrintStream OUT = new PrintStream(System.out, true, StandardCharsets.UTF_8);

    private StateWorker() {}

    static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        switch (args[0]) {
            case "transact" -> transact(store(args[1]), Integer.parseInt(args[2]), Integer.parseInt(args[3]), in);
            case "crash" -> crash(store(args[1]), Integer.parseInt(args[2]), Integer.parseInt(args[3]), in);
            case "hold" -> hold(Path.of(args[1]), in);
            default -> throw new IllegalArgumentException("unknown mode " + args[0]);
        }
    }

    /** The plugin a worker's changes go to: two entries, so that workers change the same one and different ones. */
    static String pluginOf(int worker) {
        return "p" + worker % 2;
    }

    static String agent(int worker, int i) {
        return "w" + worker + "-a" + i;
    }

    static String trusted(int worker, int i) {
        return StateFixtures.digest("w" + worker + "-t" + i);
    }

    static String grant(int round, int i) {
        return StateFixtures.digest("round" + round + "-grant" + i);
    }

    /** One line to the parent; a parent that is gone (stdout broken) ends the worker, which would otherwise run on. */
    private static void say(String line) {
        OUT.println(line);
        if (OUT.checkError()) {
            System.exit(2);
        }
    }

    private static StateStore store(String home) {
        HomeLayout layout = new HomeLayout(Path.of(home));
        return new StateStore(layout.stateFile(), layout.stateLock(), WAIT);
    }

    private static void transact(StateStore store, int worker, int count, BufferedReader in) throws IOException {
        say("ready");
        awaitGo(in);
        for (int i = 0; i < count; i++) {
            boolean agentTurn = i % 2 == 0;
            int n = i;
            store.transact(s -> {
                PluginState p = s.plugin(pluginOf(worker)).orElse(PluginState.empty());
                Set<String> agents = new HashSet<>(p.enabledAgents());
                Set<String> digests = new HashSet<>(p.trustedDigests());
                if (agentTurn) {
                    agents.add(agent(worker, n));
                } else {
                    digests.add(trusted(worker, n));
                }
                return s.with(
                        pluginOf(worker),
                        new PluginState(
                                p.current(), p.previous(), digests, p.consentGrants(), agents, p.enabledAllAgents()));
            });
        }
        say("done");
    }

    private static void crash(StateStore store, int round, int limit, BufferedReader in) throws IOException {
        awaitGo(in);
        for (int i = 0; i < limit; i++) {
            String digest = grant(round, i);
            InstallState committed = store.transact(s -> {
                        say("changing " + digest);
                        return withGrant(s, digest);
                    })
                    .state();
            say("committed " + digest + " " + committed.revision());
        }
    }

    private static void awaitGo(BufferedReader in) throws IOException {
        if (!"go".equals(in.readLine())) {
            throw new IllegalStateException("the parent did not say go");
        }
    }

    private static InstallState withGrant(InstallState s, String digest) {
        PluginState p = s.plugin(PLUGIN).orElse(PluginState.empty());
        List<ConsentGrant> grants = new ArrayList<>(p.consentGrants());
        grants.add(new ConsentGrant(digest, Instant.EPOCH.plusSeconds(grants.size())));
        return s.with(
                PLUGIN,
                new PluginState(
                        p.current(),
                        p.previous(),
                        p.trustedDigests(),
                        grants,
                        p.enabledAgents(),
                        p.enabledAllAgents()));
    }

    private static void hold(Path lockFile, BufferedReader in) throws IOException {
        try (FileLocks.Held _ = FileLocks.acquire(lockFile, WAIT)) {
            say("held");
            while (in.readLine() != null) {
                // holds the lock until the parent closes stdin
            }
        }
    }
}
