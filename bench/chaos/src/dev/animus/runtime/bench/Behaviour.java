package dev.animus.runtime.bench;

import java.util.List;
import java.util.SplittableRandom;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * One kind of call of the chaos run: a method of the misbehaving test plugin, its weight in the
 * seeded mix (out of {@link #TOTAL}), and how to make its params and check its result.
 */
enum Behaviour {
    ECHO("echo", 826),
    SLOW("slow", 40),
    GARBAGE("garbage", 20),
    PRETTY("pretty", 5),
    SEVERAL_PER_LINE("several-per-line", 5),
    BIG("big", 10),
    HUGE_FRAME("huge-frame", 6),
    STDERR_FLOOD("stderr-flood", 10),
    NOTIFICATION_FLOOD("notification-flood", 15),
    DUPLICATE_ANSWER("duplicate-answer", 5),
    REQUEST_HOST("request-host", 5),
    WRONG_ID("wrong-id", 3),
    IGNORE_SIGTERM("ignore-sigterm", 8),
    FORK_GRANDCHILD("fork-grandchild", 8),
    FORK_GRANDCHILD_AND_CRASH("fork-grandchild-and-crash", 6),
    CRASH("crash", 16),
    HANG("hang", 12);

    static final int TOTAL = 1000;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final List<Behaviour> ALL = List.of(values());

    final String method;
    final int weight;

    Behaviour(String method, int weight) {
        this.method = method;
        this.weight = weight;
    }

    static {
        int sum = 0;
        for (Behaviour b : values()) {
            sum += b.weight;
        }
        if (sum != TOTAL) {
            throw new ExceptionInInitializerError("the weights add up to " + sum + ", not " + TOTAL);
        }
    }

    /** A weighted choice. */
    static Behaviour pick(SplittableRandom random) {
        int roll = random.nextInt(TOTAL);
        for (Behaviour b : ALL) {
            roll -= b.weight;
            if (roll < 0) {
                return b;
            }
        }
        throw new AssertionError("weights");
    }

    /** The params of call {@code call}, randomised within this behaviour's range. */
    ObjectNode params(long call, SplittableRandom random) {
        ObjectNode p = NODES.objectNode();
        switch (this) {
            case ECHO -> p.put("call", call).put("text", "chaos " + Long.toHexString(random.nextLong()))
                    .putArray("n").add(random.nextInt()).add(random.nextDouble()).add(true).addNull();
            case SLOW -> p.put("ms", 20 + random.nextInt(700));
            case SEVERAL_PER_LINE -> p.put("with_notification", true);
            case BIG -> p.put("bytes", 1024 + random.nextInt(2 << 20));
            case HUGE_FRAME -> p.put("bytes", (1 << 20) + random.nextInt(20 << 20)); // around the 16 MiB limit
            case STDERR_FLOOD -> p.put("lines", 100 + random.nextInt(20_000));
            case NOTIFICATION_FLOOD -> p.put("count", 10 + random.nextInt(5_000));
            case IGNORE_SIGTERM -> p.put("ignore_exit", random.nextBoolean());
            case FORK_GRANDCHILD_AND_CRASH, CRASH -> p.put("exit_code", 1 + random.nextInt(100));
            default -> { }
        }
        return p;
    }

    /** Why {@code result} is not what this behaviour answers; empty when it is. */
    String wrongResult(ObjectNode params, JsonNode result) {
        boolean ok = switch (this) {
            case ECHO -> result.toString().equals(params.toString()); // node types differ (long vs int)
            case SLOW -> result.path("slept_ms").asInt(-1) == params.get("ms").asInt();
            case GARBAGE -> result.path("after_garbage").asBoolean(false);
            case PRETTY -> result.path("pretty").asBoolean(false) && result.path("lines").size() == 3;
            case SEVERAL_PER_LINE -> result.path("call").asInt(-1) == 1;
            case BIG -> result.isString() && result.asString().length() == params.get("bytes").asInt();
            case HUGE_FRAME -> result.path("after_huge_frame").asBoolean(false);
            case STDERR_FLOOD -> result.path("lines").asInt(-1) == params.get("lines").asInt();
            case NOTIFICATION_FLOOD -> result.path("notifications").asInt(-1) == 2 * params.get("count").asInt();
            case DUPLICATE_ANSWER -> result.path("answer").asInt(-1) == 1;
            case REQUEST_HOST -> result.path("sent").asString("").equals("host/whatever");
            case IGNORE_SIGTERM -> result.path("ignoring").path(0).asString("").equals("SIGTERM");
            case FORK_GRANDCHILD -> result.path("pid").asLong(-1) > 0;
            // these never answer: any result is wrong
            case WRONG_ID, FORK_GRANDCHILD_AND_CRASH, CRASH, HANG -> false;
        };
        if (ok) {
            return "";
        }
        String text = result.toString();
        return method + " answered " + (text.length() > 200 ? text.substring(0, 200) + "..." : text);
    }
}
