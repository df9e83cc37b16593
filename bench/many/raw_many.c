/*
 * Raw-pipe baseline for bench/many: what 200 plugins cost the OS alone. Spawns N copies of the echo
 * plugin (fork + exec, two pipes each, no setsid, no JSON library), then times sequential
 * $/ping-like round trips (write one request line, read one response line) to plugin 0 alone and
 * to a random plugin of the N, in alternating blocks of 1000, as ManyBench does through the host.
 * Usage: raw_many <echo_plugin> <plugins> <warmup> <pings>
 * Prints: "raw single p50-us <p50> p99-us <p99>", "raw many p50-us <p50> p99-us <p99>" and
 * "raw ratio-p50 <many/single>".
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct plugin { int to, from; char buf[4096]; size_t len, pos; };

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void spawn(struct plugin *p, const char *exe) {
    int in[2], out[2];
    if (pipe(in) || pipe(out)) { perror("pipe"); exit(1); }
    pid_t pid = fork();
    if (pid < 0) { perror("fork"); exit(1); }
    if (pid == 0) {
        dup2(in[0], 0); dup2(out[1], 1);
        close(in[0]); close(in[1]); close(out[0]); close(out[1]);
        execl(exe, exe, (char *) NULL);
        _exit(127);
    }
    close(in[0]); close(out[1]);
    p->to = in[1]; p->from = out[0]; p->len = p->pos = 0;
}

static long long round_trip(struct plugin *p, long id) {
    char req[160];
    int n = snprintf(req, sizeof req, "{\"jsonrpc\":\"2.0\",\"id\":%ld,\"method\":\"$/ping\",\"params\":{}}\n", id);
    long long t0 = now_ns();
    if (write(p->to, req, (size_t) n) != n) { perror("write"); exit(1); }
    for (;;) {
        char *nl = memchr(p->buf + p->pos, '\n', p->len - p->pos);
        if (nl) { p->pos = (size_t) (nl - p->buf) + 1; break; }
        p->len = p->pos = 0;
        ssize_t r = read(p->from, p->buf, sizeof p->buf);
        if (r <= 0) { fprintf(stderr, "plugin closed\n"); exit(1); }
        p->len = (size_t) r;
    }
    return now_ns() - t0;
}

static int cmp(const void *a, const void *b) {
    long long x = *(const long long *) a, y = *(const long long *) b;
    return x < y ? -1 : x > y;
}

static double pct(long long *v, long n, int p) {
    qsort(v, (size_t) n, sizeof *v, cmp);
    long i = (long) ((p / 100.0) * n + 0.999999) - 1;
    return v[i < 0 ? 0 : i] / 1000.0;
}

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: raw_many <echo_plugin> <plugins> <warmup> <pings>\n"); return 2; }
    int n = atoi(argv[2]);
    long warmup = atol(argv[3]), pings = atol(argv[4]), id = 1;
    struct plugin *ps = calloc((size_t) n + 1, sizeof *ps);
    for (int i = 0; i <= n; i++) spawn(&ps[i], argv[1]); /* ps[n]: the single plugin */
    srand(42);
    for (long i = 0; i < warmup; i++) { round_trip(&ps[n], id++); round_trip(&ps[rand() % n], id++); }
    long long *one = malloc(sizeof(long long) * (size_t) pings), *many = malloc(sizeof(long long) * (size_t) pings);
    for (long done = 0; done < pings; done += 1000) {
        long k = pings - done < 1000 ? pings - done : 1000;
        for (long i = 0; i < k; i++) one[done + i] = round_trip(&ps[n], id++);
        for (long i = 0; i < k; i++) many[done + i] = round_trip(&ps[rand() % n], id++);
    }
    double s50 = pct(one, pings, 50), s99 = pct(one, pings, 99), m50 = pct(many, pings, 50), m99 = pct(many, pings, 99);
    printf("raw single p50-us %.1f p99-us %.1f\nraw many p50-us %.1f p99-us %.1f\nraw ratio-p50 %.2f\n",
           s50, s99, m50, m99, m50 / s50);
    for (int i = 0; i <= n; i++) close(ps[i].to); /* end of input: every plugin exits */
    return 0;
}
