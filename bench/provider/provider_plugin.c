/*
 * Native provider plugin for the provider benchmark (bench/provider/run.sh; docs/protocol.md#providers).
 * Reads newline-delimited JSON-RPC requests on stdin. "initialize" gets a fixed InitializeResult
 * (plugin_kind provider, streaming), "shutdown" gets {}, "agent/run" and "agent/resume" are
 * answered by streaming N agent/output notifications as fast as the pipe takes them, then the
 * result {"exit_code":0,"metadata":{"events":N}} (no "output": the host then uses the streamed
 * text). Anything else with an id gets error -32601.
 *
 * The prompt says what to stream: "<N> <PAD>" (defaults 1 and 0). Event k (0-based) has the text
 * "<k>" followed by PAD 'x' and a newline, except event 0, whose text is "t=<ns> 0" + pad +
 * newline: <ns> is CLOCK_MONOTONIC (the clock of Java's System.nanoTime on Linux) read just before
 * the write(2) that hands that first notification to the pipe; the first notification is written
 * on its own (flushed before and after), so the stamp is the moment the host could first read it.
 * The last event carries "final":true. Later events are batched into 64 KiB writes.
 *
 * The strings are found by scanning (the host writes compact JSON: "id" and "method" before
 * "params"; the prompt and control_session_id hold no escaped quotes here). Exits on stdin EOF.
 */
#define _GNU_SOURCE
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static char in[1 << 20];
static size_t in_len;
static char out[1 << 16];
static size_t out_len;

static void flush_out(void) {
    size_t done = 0;
    while (done < out_len) {
        ssize_t n = write(1, out + done, out_len - done);
        if (n <= 0) _exit(1);
        done += (size_t) n;
    }
    out_len = 0;
}

static void append(const char *s, size_t n) {
    if (out_len + n > sizeof out) flush_out();
    memcpy(out + out_len, s, n);
    out_len += n;
}

static void append_str(const char *s) { append(s, strlen(s)); }

static const char INITIALIZE_RESULT[] =
    "{\"protocol_version\":\"1.1.0\","
    "\"plugin_info\":{\"name\":\"pbench\",\"version\":\"1.0.0\",\"plugin_kind\":\"provider\"},"
    "\"capabilities\":{\"methods\":[\"agent/run\",\"agent/resume\"],\"streaming\":true,\"progress\":false,"
    "\"cancellation\":false,\"subject_kinds\":[]}}";

/* Whether the method string that starts at `m` (just past its opening quote) is exactly `name`. */
static int method_is(const char *m, const char *end, const char *name) {
    size_t n = strlen(name);
    return m && (size_t) (end - m) > n && memcmp(m, name, n) == 0 && m[n] == '"';
}

/* The string value of "key":"..." in line, copied into dst (at most cap - 1 bytes); 0 when absent. */
static int string_of(const char *line, size_t len, const char *key, char *dst, size_t cap) {
    char pattern[64];
    int plen = snprintf(pattern, sizeof pattern, "\"%s\":\"", key);
    const char *v = memmem(line, len, pattern, (size_t) plen);
    if (!v) return 0;
    v += plen;
    size_t i = 0;
    while (v + i < line + len && v[i] != '"' && i + 1 < cap) {
        dst[i] = v[i];
        i++;
    }
    dst[i] = 0;
    return 1;
}

static long long monotonic_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long) t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void run(const char *id, size_t id_len, const char *line, size_t len) {
    char prompt[256] = "", session[128] = "";
    string_of(line, len, "prompt", prompt, sizeof prompt);
    string_of(line, len, "control_session_id", session, sizeof session);
    long n = 1, pad = 0;
    sscanf(prompt, "%ld %ld", &n, &pad);
    if (n < 1) n = 1;
    if (pad < 0) pad = 0;
    if (pad > 4096) pad = 4096;
    char padding[4097];
    memset(padding, 'x', (size_t) pad);
    padding[pad] = 0;
    char head[256];
    int head_len = snprintf(head, sizeof head,
                            "{\"jsonrpc\":\"2.0\",\"method\":\"agent/output\",\"params\":{\"session_id\":\"%s\",\"text\":\"",
                            session);
    flush_out(); /* the first event goes alone: its stamp is its own write */
    for (long k = 0; k < n; k++) {
        char text[64];
        append(head, (size_t) head_len);
        if (k == 0) {
            snprintf(text, sizeof text, "t=%lld 0", monotonic_ns());
        } else {
            snprintf(text, sizeof text, "%ld", k);
        }
        append_str(text);
        append(padding, (size_t) pad);
        append_str(k == n - 1 ? "\\n\",\"final\":true}}\n" : "\\n\",\"final\":false}}\n");
        if (k == 0) flush_out();
    }
    append_str("{\"jsonrpc\":\"2.0\",\"id\":");
    append(id, id_len);
    char result[128];
    snprintf(result, sizeof result, ",\"result\":{\"exit_code\":0,\"metadata\":{\"events\":%ld}}}\n", n);
    append_str(result);
    flush_out();
}

static void answer(const char *line, size_t len) {
    const char *id = memmem(line, len, "\"id\":", 5);
    if (!id) return; /* a notification: never answered */
    id += 5;
    const char *id_end = id;
    while (id_end < line + len && *id_end != ',' && *id_end != '}') id_end++;
    const char *method = memmem(line, len, "\"method\":\"", 10);
    if (method) method += 10;
    size_t id_len = (size_t) (id_end - id);
    if (method_is(method, line + len, "agent/run") || method_is(method, line + len, "agent/resume")) {
        run(id, id_len, line, len);
        return;
    }
    append_str("{\"jsonrpc\":\"2.0\",\"id\":");
    append(id, id_len);
    if (method_is(method, line + len, "initialize")) {
        append_str(",\"result\":");
        append(INITIALIZE_RESULT, sizeof INITIALIZE_RESULT - 1);
        append_str("}\n");
    } else if (method_is(method, line + len, "shutdown") || method_is(method, line + len, "$/ping")
               || method_is(method, line + len, "health/check")) {
        append_str(",\"result\":{}}\n");
    } else {
        append_str(",\"error\":{\"code\":-32601,\"message\":\"method not found\"}}\n");
    }
}

int main(void) {
    for (;;) {
        ssize_t n = read(0, in + in_len, sizeof in - in_len);
        if (n <= 0) break;
        in_len += (size_t) n;
        size_t start = 0;
        for (size_t i = 0; i < in_len; i++) {
            if (in[i] == '\n') {
                answer(in + start, i - start);
                start = i + 1;
            }
        }
        memmove(in, in + start, in_len - start);
        in_len -= start;
        if (in_len == sizeof in) _exit(2); /* a line longer than the buffer */
        struct pollfd pending = {.fd = 0, .events = POLLIN};
        if (poll(&pending, 1, 0) == 0) flush_out();
    }
    flush_out();
    return 0;
}
