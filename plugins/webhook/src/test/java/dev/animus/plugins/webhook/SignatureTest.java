package dev.animus.plugins.webhook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@code X-Hub-Signature-256}: GitHub's own example, and any change to body, secret or header refused. */
class SignatureTest {
    @Test
    void githubsDocumentedExampleVerifies() {
        // the example of GitHub's "Validating webhook deliveries"
        byte[] body = "Hello, World!".getBytes(StandardCharsets.UTF_8);
        Signature s = new Signature("It's a Secret to Everybody");
        String expected = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17";
        assertEquals(expected, s.sign(body));
        assertTrue(s.verifies(expected, body));
        assertTrue(s.verifies(expected.toUpperCase(java.util.Locale.ROOT).replace("SHA256=", "sha256="), body));
    }

    @Test
    void anyChangedByteOfBodyOrSignatureIsRefused() {
        Random random = new Random(23);
        Signature s = new Signature("secret");
        for (int i = 0; i < 500; i++) {
            byte[] body = new byte[random.nextInt(64)];
            random.nextBytes(body);
            String header = s.sign(body);
            assertTrue(s.verifies(header, body));
            if (body.length > 0) {
                byte[] changed = body.clone();
                changed[random.nextInt(body.length)] ^= (byte) (1 + random.nextInt(255));
                assertFalse(s.verifies(header, changed));
            }
            char[] h = header.toCharArray();
            int at = 7 + random.nextInt(h.length - 7);
            h[at] = h[at] == '0' ? '1' : '0';
            assertFalse(s.verifies(new String(h), body));
            assertFalse(new Signature("secret2").verifies(header, body));
        }
        assertFalse(s.verifies(null, new byte[0]));
        assertFalse(s.verifies("sha1=abc", new byte[0]));
        assertFalse(s.verifies("sha256=", new byte[0]));
        assertFalse(s.verifies("sha256=xyz", new byte[0]));
    }
}
