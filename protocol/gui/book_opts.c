/* Book options and book replies for UCI and CECP (book_opts.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "book_opts.h"
#include "../../engine/number.h"

static bool book_opts_set(Engine *e, const char *name, const char *value, char *err, size_t errlen) {
    long long v;
    if (!strcasecmp(name, "OwnBook")) {
        bool on;
        if (!read_boolean("OwnBook", value, &on, err, errlen)) return false;
        engine_set_own_book(e, on);
    } else if (!strcasecmp(name, "BookFile")) {
        if (!engine_check_book_file(e, value, err, errlen)) return false;
        if (!engine_set_book_file(e, value)) {
            snprintf(err, errlen, "BookFile path longer than %d characters", BOOK_FILE_MAX);
            return false;
        }
    } else if (!strcasecmp(name, "BookDepth")) {
        if (!read_integer("BookDepth", value, 0, BOOK_DEPTH_MAX, &v, err, errlen)) return false;
        engine_set_book_depth(e, (int)v);
    } else {
        if (!read_integer("BookVariety", value, 0, 100, &v, err, errlen)) return false;
        engine_set_book_variety(e, (int)v);
    }
    return true;
}

static void book_opts_uci_options(const Engine *e) {
    engine_printf(e, "option name OwnBook type check default false");
    engine_printf(e, "option name BookFile type string default <empty>");
    engine_printf(e, "option name BookDepth type spin default %d min 0 max %d", BOOK_DEPTH_DEFAULT, BOOK_DEPTH_MAX);
    engine_printf(e, "option name BookVariety type spin default %d min 0 max 100", BOOK_VARIETY_DEFAULT);
}

static void book_opts_cecp_features(const Engine *e) {
    engine_printf(e, "feature option=\"OwnBook -check %d\"", engine_own_book(e));
    engine_printf(e, "feature option=\"BookFile -file %s\"", engine_book_file(e));
    engine_printf(e, "feature option=\"BookDepth -spin %d 0 %d\"", engine_book_depth(e), BOOK_DEPTH_MAX);
    engine_printf(e, "feature option=\"BookVariety -spin %d 0 100\"", engine_book_variety(e));
}

static const char *const names[] = {"OwnBook", "BookFile", "BookDepth", "BookVariety", NULL};
const OptionGroup book_options = {names, book_opts_set, book_opts_uci_options, book_opts_cecp_features, false};

bool book_opts_uci_go(Engine *e) {
    char turn[TURN_STR_MAX], ponder[TURN_STR_MAX], err[1400];
    engine_stop(e); /* a running search gives its own bestmove first */
    bool hit = engine_book_move(e, turn, ponder, err, sizeof err);
    if (err[0]) engine_printf(e, "info string error: %s", err);
    if (!hit) return false;
    engine_printf(e, "info string book move %s", turn);
    if (ponder[0]) engine_printf(e, "bestmove %s ponder %s", turn, ponder);
    else engine_printf(e, "bestmove %s", turn);
    return true;
}

bool book_opts_cecp_move(Engine *e, char *turn, char *ponder) {
    char err[1400];
    bool hit = engine_book_move(e, turn, ponder, err, sizeof err);
    if (err[0]) engine_printf(e, "Error (%s): book", err);
    if (hit) engine_printf(e, "# book move %s", turn);
    return hit;
}

void book_opts_cecp_bk(Engine *e) {
    BookMove moves[64];
    char path[1100], err[1400];
    int n = engine_book_list(e, moves, 64, path, sizeof path, err, sizeof err);
    if (n < 0) engine_printf(e, " no book: %s", err);
    else if (n == 0) engine_printf(e, " no book moves in this position (%s)", path);
    unsigned long total = 0;
    for (int i = 0; i < n; i++) total += moves[i].weight;
    for (int i = 0; i < n; i++)
        engine_printf(e, " %s %u (%.0f%%)", moves[i].turn, moves[i].weight, total ? 100.0 * moves[i].weight / total : 0.0);
    engine_printf(e, "%s", "");
}
