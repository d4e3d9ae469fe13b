/* Shared by the UCI, CECP and bribe fuzz targets: runs fuzzer bytes as protocol
 * lines through a real Session (protocol/gui/session.c) whose output goes
 * nowhere.
 *
 * What the harness bounds, and why (nothing else is filtered):
 *  - Every search or perft is stopped right after the line that started it
 *    (UCI `go ...`, CECP `go`/`usermove`/`analyze`...), through engine_stop,
 *    so a fuzzed `go infinite`, `go perft 20` or a CECP clock of hours
 *    cannot run forever; the search still starts, reports and sends its
 *    best move (CECP then plays it).
 *  - `bench`, which runs synchronously for as long as it takes, is dropped.
 *  - The session starts with a 1 MB Hash (so `ucinewgame` clears little)
 *    and Hash is capped at FUZZ_HASH_MB through the engine's own
 *    hash_reserve hook (the daemon's mechanism), so `setoption name Hash
 *    value 65536` exercises the refusal path instead of allocating 64 GB.
 *  - Threads is capped at 2 the same way as bench: a line that sets more is
 *    dropped, since every later `go` would start and join up to 64 threads.
 * A target may add its own filter (FuzzLineFilter: fuzz_bribe.c). */
#ifndef RATNIK_FUZZ_SESSION_H
#define RATNIK_FUZZ_SESSION_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "../../protocol/gui/session.h"

enum { FUZZ_HASH_MB = 4, FUZZ_LINE_MAX = 4096 };

static void fuzz_discard(void *ctx, const char *line) {
    (void)ctx;
    (void)line;
}

static bool fuzz_hash_reserve(void *ctx, int old_mb, int new_mb) {
    (void)ctx;
    (void)old_mb;
    return new_mb <= FUZZ_HASH_MB;
}

/* The first word of s and its length. */
static const char *fuzz_word(const char *s, size_t *len) {
    s += strspn(s, " \t\r");
    *len = strcspn(s, " \t\r");
    return s;
}

static bool fuzz_word_is(const char *w, size_t len, const char *lit) {
    return len == strlen(lit) && !strncmp(w, lit, len);
}

/* Whether the harness passes this line on (see the comment at the top). */
static bool fuzz_line_allowed(const char *line) {
    size_t len;
    const char *w = fuzz_word(line, &len);
    if (fuzz_word_is(w, len, "bench")) return false;
    /* Threads (UCI setoption, CECP cores): at most 2. */
    const char *t = strcasestr(line, "threads");
    if (t || fuzz_word_is(w, len, "cores")) {
        const char *digits = line + strcspn(line, "0123456789");
        if (*digits && (strtol(digits, NULL, 10) > 2 || strspn(digits, "0123456789") > 1)) return false;
    }
    return true;
}

/* A target's own filter: may rewrite the line in place (room for
 * FUZZ_LINE_MAX bytes); false drops it. */
typedef bool (*FuzzLineFilter)(char *line);

/* Feeds data as lines, after `first` (the protocol's opening lines). */
static void fuzz_session_run(const char *first, const uint8_t *data, size_t size, FuzzLineFilter filter) {
    Session *s = session_new(fuzz_discard, NULL, 1);
    if (!s) return;
    engine_set_hash_reserve(s->engine, fuzz_hash_reserve, NULL);
    char *line = malloc(FUZZ_LINE_MAX + 64);
    bool running = true;
    if (first) {
        char buf[256];
        const char *p = first;
        while (running && *p) {
            size_t n = strcspn(p, "\n");
            memcpy(buf, p, n);
            buf[n] = 0;
            running = session_line(s, buf);
            p += n + (p[n] == '\n');
        }
    }
    size_t i = 0;
    while (running && i < size) {
        size_t n = 0;
        while (i + n < size && data[i + n] != '\n') n++;
        size_t keep = n < FUZZ_LINE_MAX ? n : FUZZ_LINE_MAX;
        memcpy(line, data + i, keep);
        line[keep] = 0;
        i += n + 1;
        /* As the stdin loop does, a line holding a NUL byte is refused
         * whole; the filters see it up to the NUL (and may lengthen it). */
        if (fuzz_line_allowed(line) && (!filter || filter(line))) {
            size_t text = strlen(line);
            running = session_input(s, line, text > keep ? text : keep);
        }
        engine_stop(s->engine);
    }
    if (running) session_eof(s);
    session_free(s);
    free(line);
}

#endif
