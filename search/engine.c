#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine_internal.h"
#include "wdl.h"
#include "../engine/fen.h"
#include "../engine/notation.h"
#include "../variants/registry.h"

Engine *engine_new(EngineOutputFn out, void *ctx, int hash_mb) {
    if (hash_mb < 1 || hash_mb > HASH_MAX_MB) return NULL;
    Engine *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    e->out = out;
    e->out_ctx = ctx;
    e->hash_mb = hash_mb;
    e->threads = 1;
    e->multipv = 1;
    e->strength = (StrengthOptions){.skill = SKILL_MAX, .elo = ELO_MAX};
    e->book_depth = BOOK_DEPTH_DEFAULT;
    e->book_variety = BOOK_VARIETY_DEFAULT;
    e->book_miss_steps = -1;
    e->use_nnue = true;
    pthread_mutex_init(&e->out_lock, NULL);
    pthread_mutex_init(&e->game_lock, NULL);
    if (!tt_resize(&e->tt, (size_t)e->hash_mb)) {
        pthread_mutex_destroy(&e->game_lock);
        pthread_mutex_destroy(&e->out_lock);
        free(e);
        return NULL;
    }
    e->variant = variant_default();
    e->move_limit = -1; /* the variant's own default until set */
    char err[128];
    engine_set_position(e, NULL, NULL, 0, err, sizeof err);
    return e;
}

void engine_free(Engine *e) {
    if (!e) return;
    engine_stop(e);
    tt_free(&e->tt);
    book_close(e->book);
    engine_eval_free(e);
    free(e->job);
    pthread_mutex_destroy(&e->out_lock);
    pthread_mutex_destroy(&e->game_lock);
    free(e);
}

/* The one door to the output: lines from search threads and from the
 * protocol never interleave. */
static void locked_out(void *ctx, const char *line) {
    Engine *e = ctx;
    pthread_mutex_lock(&e->out_lock);
    e->out(e->out_ctx, line);
    pthread_mutex_unlock(&e->out_lock);
}

void engine_printf(const Engine *e, const char *fmt, ...) {
    char line[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    locked_out((void *)e, line);
}

bool engine_set_variant(Engine *e, const char *name, char *err, size_t errlen) {
    engine_stop(e);
    const Variant *v = variant_find(name);
    if (!v) {
        snprintf(err, errlen, "unknown variant '%s'", name);
        return false;
    }
    const Variant *old = e->variant;
    e->variant = v;
    if (!engine_set_position(e, NULL, NULL, 0, err, errlen)) {
        e->variant = old;
        return false;
    }
    return true;
}

bool engine_set_position(Engine *e, const char *fen, const char *const *moves, int nmoves, char *err,
                         size_t errlen) {
    Position start;
    engine_stop(e);
    if (!fen_parse(&start, e->variant, fen ? fen : e->variant->start_fen, err, errlen)) return false;
    if (e->move_limit >= 0 && e->variant->default_move_limit) start.move_limit = (uint16_t)e->move_limit;
    game_reset(&e->scratch, &start);
    for (int i = 0; i < nmoves; i++)
        if (!game_play(&e->scratch, moves[i], err, errlen)) return false;
    engine_lock_game(e);
    memcpy(&e->game, &e->scratch, sizeof e->game);
    engine_unlock_game(e);
    return true;
}

bool engine_play(Engine *e, const char *turn, char *err, size_t errlen) {
    engine_lock_game(e);
    bool ok = game_play(&e->game, turn, err, errlen);
    engine_unlock_game(e);
    return ok;
}

/* ---- the game, read under game_lock ---------------------------------------- */

/* The lock is not part of the state a const Engine promises not to change. */
void engine_lock_game(const Engine *e) { pthread_mutex_lock((pthread_mutex_t *)&e->game_lock); }
void engine_unlock_game(const Engine *e) { pthread_mutex_unlock((pthread_mutex_t *)&e->game_lock); }

Game *engine_game_snapshot(const Engine *e) {
    Game *g = malloc(sizeof *g);
    if (!g) return NULL;
    engine_lock_game(e);
    memcpy(g, &e->game, sizeof *g);
    engine_unlock_game(e);
    return g;
}

void engine_position(const Engine *e, Position *out) {
    engine_lock_game(e);
    *out = e->game.cur;
    engine_unlock_game(e);
}

void engine_start_position(const Engine *e, Position *out) {
    engine_lock_game(e);
    *out = e->game.start;
    engine_unlock_game(e);
}

void engine_outcome(const Engine *e, Outcome *o) {
    engine_lock_game(e);
    game_outcome(&e->game, o);
    engine_unlock_game(e);
}

/* The variant and the options below change only on the command thread,
 * with no search running: a plain read is safe there. */
const Variant *engine_variant(const Engine *e) { return e->variant; }
int engine_move_limit(const Engine *e) { return e->move_limit; }

/* ---- the game, changed ------------------------------------------------------ */

bool engine_undo(Engine *e, int turns) {
    engine_stop(e);
    engine_lock_game(e);
    bool ok = game_undo(&e->game, turns);
    engine_unlock_game(e);
    return ok;
}

void engine_set_game(Engine *e, const Game *g) {
    engine_stop(e);
    engine_lock_game(e);
    memcpy(&e->game, g, sizeof e->game);
    engine_unlock_game(e);
}

/* ---- bribes ------------------------------------------------------------------ */

BribeSession *engine_bribes(Engine *e) { return &e->bribes; }

void engine_bribe_budget(Engine *e, int movetime, BribeBudget *out) {
    engine_stop(e);
    *out = (BribeBudget){&e->tt, e->threads, movetime, 0};
}

/* The limit is a rule parameter: it applies to the game already set up. */
void engine_set_move_limit(Engine *e, int limit) {
    engine_stop(e);
    e->move_limit = limit;
    if (!e->variant->default_move_limit) return;
    engine_lock_game(e);
    e->game.start.move_limit = (uint16_t)limit;
    e->game.cur.move_limit = (uint16_t)limit;
    engine_unlock_game(e);
}

void engine_result_str(const Engine *e, char *buf, size_t n) {
    Outcome o;
    engine_outcome(e, &o);
    static const char *codes[] = {"none", "1-0", "0-1", "1/2-1/2"};
    if (o.code == RES_NONE) snprintf(buf, n, "none");
    else snprintf(buf, n, "%s %s", codes[o.code], o.reason);
}

void engine_display(const Engine *e) {
    Position cur;
    engine_position(e, &cur);
    const Position *pos = &cur;
    const Geometry *g = pos->geo;
    char line[256], fen[FEN_MAX * 2];
    for (int r = g->ranks - 1; r >= 0; r--) {
        int len = snprintf(line, sizeof line, " %d ", r + 1);
        for (int f = 0; f < g->files; f++) {
            Piece p = pos->board[sq_make(g, f, r)];
            const PieceDef *d = &pos->v->pieces[piece_type(p)];
            char c = p ? (piece_color(p) == WHITE ? d->letter : (char)(d->letter | 0x20)) : '.';
            len += snprintf(line + len, sizeof line - (size_t)len, " %c%c", p && d->promoted ? '+' : ' ', c);
        }
        engine_printf(e, "%s", line);
    }
    int len = snprintf(line, sizeof line, "   ");
    for (int f = 0; f < g->files; f++) len += snprintf(line + len, sizeof line - (size_t)len, "  %c", 'a' + f);
    engine_printf(e, "%s", line);
    if (pos->v->holding_order) {
        fen_write(pos, fen, sizeof fen);
        const char *lb = strchr(fen, '['), *rb = strchr(fen, ']');
        engine_printf(e, "Holdings: %.*s", (int)(rb - lb + 1), lb);
    }
    engine_printf(e, "Variant: %s", pos->v->name);
    engine_printf(e, "Side to move: %s", pos->side == WHITE ? "white" : "black");
    fen_write(pos, fen, sizeof fen);
    engine_printf(e, "Fen: %s", fen);
    engine_printf(e, "Key: %016llx", (unsigned long long)pos->key);
    engine_result_str(e, line, sizeof line);
    engine_printf(e, "Result: %s", line);
}

/* ---- playing for people ---------------------------------------------- */

void engine_set_skill_level(Engine *e, int level) {
    e->strength.skill = level < 0 ? 0 : level > SKILL_MAX ? SKILL_MAX : level;
}

void engine_set_limit_strength(Engine *e, bool on) { e->strength.limit = on; }

void engine_set_elo(Engine *e, int elo) { e->strength.elo = elo < ELO_MIN ? ELO_MIN : elo > ELO_MAX ? ELO_MAX : elo; }

void engine_set_skill_seed(Engine *e, uint32_t seed) { e->strength.seed = seed; }

void engine_set_analyse_mode(Engine *e, bool on) { e->analyse_mode = on; }
bool engine_analyse_mode(const Engine *e) { return e->analyse_mode; }

void engine_set_show_wdl(Engine *e, bool on) { atomic_store(&e->show_wdl, on); }
bool engine_show_wdl(const Engine *e) { return atomic_load(&e->show_wdl); }

void engine_wdl(const Engine *e, int score, int mate, int wdl[3]) { wdl_estimate(e->variant, score, mate, wdl); }

void engine_set_debug(Engine *e, bool on) { e->debug = on; }
