package dev.animus.plugins.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import com.sun.net.httpserver.Headers;
import java.net.URI;
import org.junit.jupiter.api.Test;

/** The gate's decisions, without a server: Host and Origin first, then the token. */
class GateTest {
    private static final String TOKEN = "t0ken-t0ken-t0ken-t0ken-t0ken-t0ken-t0ken";
    private final Gate gate = new Gate(TOKEN, 8123);

    private static Headers headers(String... pairs) {
        Headers h = new Headers();
        for (int i = 0; i < pairs.length; i += 2) {
            h.add(pairs[i], pairs[i + 1]);
        }
        return h;
    }

    @Test
    void aForeignHostIsForbiddenBeforeTheTokenIsLookedAt() {
        assertInstanceOf(
                Gate.Decision.Forbidden.class,
                gate.check(
                        "GET",
                        URI.create("/"),
                        headers("Host", "attacker.example:8123", "Cookie", "animus_token=" + TOKEN)));
        assertInstanceOf(Gate.Decision.Forbidden.class, gate.check("GET", URI.create("/"), headers()));
    }

    @Test
    void theCookieIsFoundAmongOthers() {
        assertInstanceOf(
                Gate.Decision.Allow.class,
                gate.check(
                        "GET",
                        URI.create("/"),
                        headers("Host", "LocalHost:8123", "Cookie", "a=b; animus_token=" + TOKEN + "; c=d")));
        assertInstanceOf(
                Gate.Decision.Unauthorized.class,
                gate.check(
                        "GET", URI.create("/"), headers("Host", "localhost:8123", "Cookie", "xanimus_token=" + TOKEN)));
    }

    @Test
    void aQueryTokenOnAPostIsNoLogin() {
        assertInstanceOf(
                Gate.Decision.Unauthorized.class,
                gate.check("POST", URI.create("/rpc?token=" + TOKEN), headers("Host", "127.0.0.1:8123")));
    }

    @Test
    void theLoginRedirectKeepsThePathAndTheOtherParameters() {
        assertEquals(
                new Gate.Decision.Login("/x?b=2", "animus_token=" + TOKEN + "; Path=/; HttpOnly; SameSite=Strict"),
                gate.check("GET", URI.create("/x?token=" + TOKEN + "&b=2"), headers("Host", "127.0.0.1:8123")));
    }
}
