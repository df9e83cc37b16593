/*
 * Minimal native echo plugin for the rpc and lifecycle benchmarks: reads newline-delimited JSON-RPC
 * requests on stdin and answers each with {"jsonrpc":"2.0","id":<same id>,"result":<params>}, except
 * "initialize" (a fixed InitializeResult, so the host's handshake succeeds) and "shutdown" ({}).
 * The id, method and params are found by string scanning (the host's requests put "id" and "method"
 * before "params", and "params" last). Output is buffered and written when no more input is pending
 * (poll with a zero timeout), like a well-behaved plugin. Exits on stdin EOF.
 */
#define _GNU_SOURCE
#include <poll.h>
#include <string.h>
#include <unistd.h>

static char in[1 << 16];
static size_t in_len;
static char out[1 << 20];
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

static const char INITIALIZE_RESULT[] =
    "{\"protocol_version\":\"1.1.0\","
    "\"plugin_info\":{\"name\":\"native-echo\",\"version\":\"1.0.0\",\"plugin_kind\":\"custom\"},"
    "\"capabilities\":{\"methods\":[\"echo\"],\"streaming\":false,\"progress\":false,"
    "\"cancellation\":false,\"subject_kinds\":[]}}";

/* Whether the method string that starts at `m` (just past its opening quote) is exactly `name`. */
static int method_is(const char *m, const char *end, const char *name) {
    size_t n = strlen(name);
    return m && (size_t) (end - m) > n && memcmp(m, name, n) == 0 && m[n] == '"';
}

static void answer(const char *line, size_t len) {
    const char *id = memmem(line, len, "\"id\":", 5);
    const char *params = memmem(line, len, "\"params\":", 9);
    if (!id) return; /* a notification: never answered */
    id += 5;
    const char *id_end = id;
    while (id_end < line + len && *id_end != ',' && *id_end != '}') id_end++;
    const char *method = memmem(line, len, "\"method\":\"", 10);
    if (method) method += 10;
    const char *p = "null", *p_end = p + 4;
    if (method_is(method, line + len, "initialize")) {
        p = INITIALIZE_RESULT;
        p_end = p + sizeof INITIALIZE_RESULT - 1;
    } else if (method_is(method, line + len, "shutdown")) {
        p = "{}";
        p_end = p + 2;
    } else if (params) {
        p = params + 9;
        p_end = line + len;
        while (p_end > p && p_end[-1] != '}') p_end--; /* the envelope's closing brace */
        if (p_end > p) p_end--;
    }
    append("{\"jsonrpc\":\"2.0\",\"id\":", 22);
    append(id, (size_t) (id_end - id));
    append(",\"result\":", 10);
    append(p, (size_t) (p_end - p));
    append("}\n", 2);
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
        struct pollfd pending = {.fd = 0, .events = POLLIN};
        if (poll(&pending, 1, 0) == 0) flush_out();
    }
    flush_out();
    return 0;
}
