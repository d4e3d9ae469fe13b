/* Command line: with no arguments ratnik speaks UCI on stdin/stdout;
 * `ratnik perft ...` and `ratnik bench` are tools for scripts;
 * `ratnik --listen [HOST:PORT]` serves sessions over TCP (daemon.c). */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "daemon.h"
#include "session.h"

static void print_line(void *ctx, const char *line) {
    (void)ctx;
    fputs(line, stdout);
    fputc('\n', stdout);
    fflush(stdout);
}

enum { LINE_MAX_BYTES = 65536 };

/* Reads stdin line by line into a fixed buffer: an over-long line is
 * discarded whole and reported, so no input can make the session grow. */
static int stdin_loop(void) {
    Session *session = session_new(print_line, NULL);
    if (!session) return 1;
    static char line[LINE_MAX_BYTES];
    bool running = true;
    while (running && fgets(line, sizeof line, stdin)) {
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            int c;
            while ((c = getchar()) != EOF && c != '\n') {}
            engine_printf(session->engine, "%s", session->proto == PROTO_CECP ? "Error (line too long): input" : "info string error: line too long (at most 65534 bytes)");
            continue;
        }
        line[strcspn(line, "\r\n")] = 0;
        running = session_line(session, line);
    }
    if (running) session_eof(session);
    session_free(session);
    return 0;
}

int main(int argc, char **argv) {
    variants_init();
    if (argc > 1 && !strcmp(argv[1], "--listen")) return daemon_main(argc - 1, argv + 1);
    if (argc > 1) return cli_main(argc - 1, argv + 1);
    return stdin_loop();
}
