/* Command line: with no arguments ratnik speaks UCI on stdin/stdout;
 * `ratnik perft ...` and `ratnik bench` are tools for scripts;
 * `ratnik --listen [HOST:PORT]` serves sessions over TCP and `--http
 * [HOST:PORT]` the web board (daemon.c, protocol/web/). */
#include <stdio.h>
#include <string.h>
#include "tools/cli.h"
#include "daemon/daemon.h"
#include "gui/session.h"
#include "../variants/registry.h"

static void print_line(void *ctx, const char *line) {
    (void)ctx;
    fputs(line, stdout);
    fputc('\n', stdout);
    fflush(stdout);
}

enum { LINE_MAX_BYTES = 65536 };

typedef enum { LINE_OK, LINE_TOO_LONG, LINE_EOF } LineStatus;

/* Reads one line into buf (without its newline, NUL bytes kept: *len
 * counts them). A line longer than the buffer is read to its end and
 * dropped whole, so no input can make the session grow. */
static LineStatus read_line(FILE *in, char *buf, size_t cap, size_t *len) {
    size_t n = 0;
    bool too_long = false;
    int c;
    while ((c = getc(in)) != EOF && c != '\n') {
        if (n < cap - 1) buf[n++] = (char)c;
        else too_long = true;
    }
    if (c == EOF && !n && !too_long) return LINE_EOF;
    while (n && buf[n - 1] == '\r') n--;
    buf[n] = 0;
    *len = n;
    return too_long ? LINE_TOO_LONG : LINE_OK;
}

static int stdin_loop(void) {
    Session *session = session_new(print_line, NULL, HASH_DEFAULT_MB);
    if (!session) return 1;
    static char line[LINE_MAX_BYTES];
    bool running = true;
    LineStatus st;
    size_t len;
    while (running && (st = read_line(stdin, line, sizeof line, &len)) != LINE_EOF) {
        if (st == LINE_TOO_LONG)
            engine_printf(session->engine, "%s", session->proto == PROTO_CECP ? "Error (line too long): input" : "info string error: line too long (at most 65535 bytes)");
        else
            running = session_input(session, line, len);
    }
    if (running) session_eof(session);
    session_free(session);
    return 0;
}

int main(int argc, char **argv) {
    variants_init();
    if (argc > 1 && (!strcmp(argv[1], "--listen") || !strcmp(argv[1], "--http"))) return daemon_main(argc - 1, argv + 1);
    if (argc > 1) return cli_main(argc - 1, argv + 1);
    return stdin_loop();
}
