package dev.animus.plugins.webhook;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** One real HTTP request to the plugin's listener, and its status and text. */
record Post(int status, String text) {
    static Post send(String url, String method, Map<String, String> headers, byte[] body) throws IOException {
        HttpURLConnection c = (HttpURLConnection) URI.create(url).toURL().openConnection();
        try {
            c.setRequestMethod(method);
            c.setConnectTimeout(10_000);
            c.setReadTimeout(30_000);
            headers.forEach(c::setRequestProperty);
            if (body.length > 0 || method.equals("POST")) {
                c.setDoOutput(true);
                c.setFixedLengthStreamingMode(body.length);
                try (OutputStream out = c.getOutputStream()) {
                    out.write(body);
                }
            }
            int status = c.getResponseCode();
            InputStream in = status < 400 ? c.getInputStream() : c.getErrorStream();
            String text = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return new Post(status, text);
        } finally {
            c.disconnect();
        }
    }

    /** A POST signed with {@code secret}, with the delivery id and event headers GitHub sends. */
    static Post signed(String url, String secret, String delivery, String event, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        return send(
                url,
                "POST",
                Map.of(
                        "Content-Type",
                        "application/json",
                        Signature.HEADER,
                        new Signature(secret).sign(bytes),
                        Delivery.ID_HEADER,
                        delivery,
                        Delivery.EVENT_HEADER,
                        event),
                bytes);
    }
}
