/*
 * Raw-pipe baseline for the rpc benchmark: spawns the echo plugin and does the same round trips as
 * the Java harness over the same kind of pipes, with no JSON library: requests are formatted with
 * snprintf, responses are recognised by their newline only.
 *   sequential: write one request, read one line; latency of each round trip (p50, p99)
 *   pipelined:  64 requests in flight; every response read is replaced by a new request, the new
 *               requests of one read() are written with one write(); responses per second
 * Usage: raw_host <echo_plugin> <warmup> <sequential> <pipelined>
 * Prints: "raw sequential <p50_us> <p99_us>" and "raw pipelined <responses_per_s>".
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int to_plugin, from_plugin;
static char rbuf[1 << 16];
static size_t rlen, rpos;

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void write_all(const char *s, size_t n) {
    while (n > 0) {
        ssize_t w = write(to_plugin, s, n);
        if (w <= 0) { perror("write"); exit(1); }
        s += w;
        n -= (size_t) w;
    }
}

static int request(char *buf, size_t cap, long id) {
    return snprintf(buf, cap, "{\"jsonrpc\":\"2.0\",\"id\":%ld,\"method\":\"echo\",\"params\":"
                    "{\"seq\":%ld,\"text\":\"hello world\"}}\n", id, id);
}

/* Reads until one complete line was consumed. */
static void read_line(void) {
    for (;;) {
        char *nl = memchr(rbuf + rpos, '\n', rlen - rpos);
        if (nl) { rpos = (size_t) (nl - rbuf) + 1; return; }
        rlen = 0; rpos = 0;
        ssize_t n = read(from_plugin, rbuf, sizeof rbuf);
        if (n <= 0) { fprintf(stderr, "plugin closed\n"); exit(1); }
        rlen = (size_t) n;
    }
}

static int cmp(const void *a, const void *b) {
    long long x = *(const long long *) a, y = *(const long long *) b;
    return x < y ? -1 : x > y;
}

static void sequential(long warmup, long count) {
    long long *lat = malloc(sizeof(long long) * (size_t) count);
    char req[256];
    long id = 1;
    for (long i = 0; i < warmup + count; i++, id++) {
        int n = request(req, sizeof req, id);
        long long t0 = now_ns();
        write_all(req, (size_t) n);
        read_line();
        if (i >= warmup) lat[i - warmup] = now_ns() - t0;
    }
    qsort(lat, (size_t) count, sizeof *lat, cmp);
    printf("raw sequential %.2f %.2f\n", lat[count / 2] / 1000.0, lat[count * 99 / 100] / 1000.0);
    free(lat);
}

static void pipelined(long total) {
    static char out[1 << 20];
    long sent = 0, received = 0, window = 64;
    size_t out_len = 0;
    rlen = rpos = 0;
    long long t0 = now_ns();
    for (; sent < window && sent < total; sent++) out_len += (size_t) request(out + out_len, 256, 1000000000L + sent);
    write_all(out, out_len);
    while (received < total) {
        ssize_t n = read(from_plugin, rbuf, sizeof rbuf);
        if (n <= 0) { fprintf(stderr, "plugin closed\n"); exit(1); }
        out_len = 0;
        for (ssize_t i = 0; i < n; i++) {
            if (rbuf[i] != '\n') continue;
            received++;
            if (sent < total) out_len += (size_t) request(out + out_len, 256, 1000000000L + sent++);
        }
        if (out_len) write_all(out, out_len);
    }
    double secs = (now_ns() - t0) / 1e9;
    printf("raw pipelined %.0f\n", total / secs);
}

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: raw_host plugin warmup sequential pipelined\n"); return 2; }
    int down[2], up[2];
    if (pipe(down) || pipe(up)) { perror("pipe"); return 1; }
    pid_t pid = fork();
    if (pid == 0) {
        dup2(down[0], 0);
        dup2(up[1], 1);
        close(down[0]); close(down[1]); close(up[0]); close(up[1]);
        execl(argv[1], argv[1], (char *) NULL);
        perror("exec");
        _exit(127);
    }
    close(down[0]);
    close(up[1]);
    to_plugin = down[1];
    from_plugin = up[0];
    long warmup = atol(argv[2]), count = atol(argv[3]), total = atol(argv[4]);
    sequential(warmup, count);
    pipelined(total / 4); /* warm-up of the pipelined mode */
    pipelined(total);
    close(to_plugin);
    return 0;
}
