package dev.animus.plugins.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A minimal HTTP/1.1 client over a raw socket, so a test can send any {@code Host} and
 * {@code Origin} (java.net.http sets the Host itself) and see every header as sent. One request
 * per connection ({@code Connection: close}); chunked bodies are decoded.
 */
final class Http {
    private Http() {}

    /** An answer: its status, its headers (names lower-cased, every value), its body. */
    record Response(int status, Map<String, List<String>> headers, byte[] body) {
        String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null ? null : values.getFirst();
        }

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    /** The default headers of a request to {@code port}: its loopback Host. */
    static Map<String, String> host(int port) {
        Map<String, String> h = new LinkedHashMap<>();
        h.put("Host", "127.0.0.1:" + port);
        return h;
    }

    static Response get(int port, String path, Map<String, String> headers) throws IOException {
        return send(port, "GET", path, headers, new byte[0]);
    }

    static Response send(int port, String method, String path, Map<String, String> headers, byte[] body)
            throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(head(method, path, headers, body.length).getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            InputStream in = socket.getInputStream();
            int status = status(in);
            Map<String, List<String>> h = headers(in);
            byte[] b = "chunked".equalsIgnoreCase(first(h, "transfer-encoding"))
                    ? dechunk(in)
                    : method.equals("HEAD") ? new byte[0] : in.readAllBytes();
            return new Response(status, h, b);
        }
    }

    static String head(String method, String path, Map<String, String> headers, int length) {
        StringBuilder s = new StringBuilder(method + " " + path + " HTTP/1.1\r\n");
        headers.forEach((k, v) -> s.append(k).append(": ").append(v).append("\r\n"));
        s.append("Connection: close\r\n");
        if (length > 0) {
            s.append("Content-Length: ").append(length).append("\r\n");
        }
        return s.append("\r\n").toString();
    }

    static int status(InputStream in) throws IOException {
        String line = line(in);
        String[] parts = line.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.")) {
            throw new IOException("not an HTTP status line: " + line);
        }
        return Integer.parseInt(parts[1]);
    }

    static Map<String, List<String>> headers(InputStream in) throws IOException {
        Map<String, List<String>> h = new TreeMap<>();
        for (String line; !(line = line(in)).isEmpty(); ) {
            int colon = line.indexOf(':');
            h.computeIfAbsent(line.substring(0, colon).strip().toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                    .add(line.substring(colon + 1).strip());
        }
        return h;
    }

    private static String first(Map<String, List<String>> h, String name) {
        List<String> v = h.get(name);
        return v == null ? null : v.getFirst();
    }

    /** One CRLF-ended line (without it); fails at the end of the stream. */
    static String line(InputStream in) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != '\n') {
            if (c < 0) {
                throw new IOException("the connection ended in a line: " + b);
            }
            if (c != '\r') {
                b.write(c);
            }
        }
        return b.toString(StandardCharsets.ISO_8859_1);
    }

    static byte[] dechunk(InputStream in) throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            int size = Integer.parseInt(line(in).split(";")[0].strip(), 16);
            if (size == 0) {
                line(in);
                return body.toByteArray();
            }
            body.write(in.readNBytes(size));
            line(in);
        }
    }
}
