/*
 * The native plugin of the discovery benchmark: on `--manifest` it prints one manifest JSON object
 * whose name comes from its own file name (argv[0] is `.../animus-plugin-<name>`) and exits 0, as
 * a real plugin binary does; anything else is a usage error (exit 2). run.sh compiles it once and
 * copies it 100 times, each copy with its own trailing bytes (so each has its own SHA-256: the
 * manifest cache is keyed by the binary's digest). Trailing bytes after an ELF image are ignored
 * by the loader.
 */
#include <stdio.h>
#include <string.h>

#define PREFIX "animus-plugin-"

/* The discovery name rule: ^[a-z0-9][a-z0-9._-]{0,63}$ (so it needs no JSON escaping). */
static int valid_name(const char *s) {
    size_t n = strlen(s);
    if (n == 0 || n > 64) return 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        int ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (i > 0 && (c == '.' || c == '_' || c == '-'));
        if (!ok) return 0;
    }
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 2 || strcmp(argv[1], "--manifest") != 0) {
        fputs("usage: animus-plugin-<name> --manifest\n", stderr);
        return 2;
    }
    const char *base = strrchr(argv[0], '/');
    base = base ? base + 1 : argv[0];
    if (strncmp(base, PREFIX, sizeof PREFIX - 1) != 0 || !valid_name(base + sizeof PREFIX - 1)) {
        fprintf(stderr, "%s: not named animus-plugin-<name>\n", base);
        return 2;
    }
    printf("{\"name\":\"%s\",\"version\":\"1.0.0\",\"plugin_kind\":\"custom\",\"description\":\"\","
           "\"protocol_version\":\"1.1.0\",\"capabilities\":[\"echo\"]}\n",
           base + sizeof PREFIX - 1);
    return fflush(stdout) == 0 ? 0 : 1;
}
