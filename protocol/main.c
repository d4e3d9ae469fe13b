/* Command line: with no arguments ratnik speaks UCI on stdin/stdout;
 * `ratnik perft ...` and `ratnik bench` are tools for scripts. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "uci.h"

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
    Engine *e = engine_new(print_line, NULL);
    static char line[LINE_MAX_BYTES];
    bool running = true;
    while (running && fgets(line, sizeof line, stdin)) {
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            int c;
            while ((c = getchar()) != EOF && c != '\n') {}
            engine_printf(e, "info string error: line too long (at most %d bytes)", LINE_MAX_BYTES - 2);
            continue;
        }
        running = uci_command(e, line);
    }
    /* End of input: a search with limits may finish and answer; an
     * infinite or pondering one is stopped (engine_free stops it). */
    if (running && engine_is_searching(e) && !e->job->limits.infinite && !e->job->limits.ponder)
        pthread_join(e->search_thread, NULL), e->searching = false;
    engine_free(e);
    return 0;
}

int main(int argc, char **argv) {
    variants_init();
    if (argc > 1) return cli_main(argc - 1, argv + 1);
    return stdin_loop();
}
