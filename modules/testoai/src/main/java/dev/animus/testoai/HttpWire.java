package dev.animus.testoai;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The little of HTTP/1.1 the fake server needs: reading one request, writing a fixed-length answer. */
final class HttpWire {
    /** Bounds that keep a broken client from filling the test's heap. */
    private static final int MAX_HEAD = 64 * 1024;

    private static final int MAX_BODY = 16 * 1024 * 1024;

    /** A request the server cannot read. */
    static final class BadRequest extends Exception {
        private static final long serialVersionUID = 1L;

        BadRequest(String message) {
            super(message);
        }
    }

    private HttpWire() {}

    static RecordedRequest readRequest(InputStream in) throws IOException, BadRequest {
        String head = readHead(in);
        String[] lines = head.split("\r\n");
        String[] start = lines[0].split(" ");
        if (start.length != 3 || !start[2].startsWith("HTTP/1.")) {
            throw new BadRequest("not an HTTP/1.x request line: " + lines[0]);
        }
        Map<String, String> headers = new HashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon <= 0) {
                throw new BadRequest("not a header line: " + lines[i]);
            }
            headers.put(
                    lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT),
                    lines[i].substring(colon + 1).strip());
        }
        if (headers.containsKey("transfer-encoding")) {
            throw new BadRequest("a chunked request body is not supported here; send Content-Length");
        }
        int length = contentLength(headers.getOrDefault("content-length", "0"));
        byte[] body = in.readNBytes(length);
        if (body.length != length) {
            throw new BadRequest("the body ended after " + body.length + " of " + length + " bytes");
        }
        return new RecordedRequest(start[0], start[1], headers, new String(body, StandardCharsets.UTF_8));
    }

    private static int contentLength(String value) throws BadRequest {
        try {
            int length = Integer.parseInt(value);
            if (length < 0 || length > MAX_BODY) {
                throw new BadRequest("Content-Length " + value + " is out of range (0 to " + MAX_BODY + ")");
            }
            return length;
        } catch (NumberFormatException e) {
            throw new BadRequest("Content-Length is not a number: " + value);
        }
    }

    private static String readHead(InputStream in) throws IOException, BadRequest {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0; // of "\r\n\r\n"
        while (matched < 4) {
            int b = in.read();
            if (b < 0) {
                throw new BadRequest("the connection ended inside the request head");
            }
            head.write(b);
            if (head.size() > MAX_HEAD) {
                throw new BadRequest("the request head is over " + MAX_HEAD + " bytes");
            }
            matched = (b == (matched % 2 == 0 ? '\r' : '\n')) ? matched + 1 : (b == '\r' ? 1 : 0);
        }
        String text = head.toString(StandardCharsets.ISO_8859_1);
        return text.substring(0, text.length() - 4);
    }

    static void writeHead(OutputStream out, int status, List<Map.Entry<String, String>> headers) throws IOException {
        StringBuilder head = new StringBuilder("HTTP/1.1 ")
                .append(status)
                .append(' ')
                .append(reason(status))
                .append("\r\n");
        for (Map.Entry<String, String> h : headers) {
            head.append(h.getKey()).append(": ").append(h.getValue()).append("\r\n");
        }
        head.append("Connection: close\r\n\r\n");
        out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
    }

    static void writeFixed(OutputStream out, int status, List<Map.Entry<String, String>> headers, String body)
            throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        List<Map.Entry<String, String>> all = new java.util.ArrayList<>(headers);
        if (headers.stream().noneMatch(h -> h.getKey().equalsIgnoreCase("Content-Type"))) {
            all.add(Map.entry("Content-Type", "application/json"));
        }
        all.add(Map.entry("Content-Length", Integer.toString(bytes.length)));
        writeHead(out, status, all);
        out.write(bytes);
        out.flush();
    }

    private static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 301 -> "Moved Permanently";
            case 302 -> "Found";
            case 307 -> "Temporary Redirect";
            case 308 -> "Permanent Redirect";
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 404 -> "Not Found";
            case 429 -> "Too Many Requests";
            case 500 -> "Internal Server Error";
            case 503 -> "Service Unavailable";
            default -> "Status";
        };
    }
}
