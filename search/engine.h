/* The engine API: one Engine per session (a stdin/stdout run or one TCP
 * connection). It owns everything a session changes; the protocol layers
 * only call these functions and receive output lines through a callback. */
#ifndef RATNIK_ENGINE_H
#define RATNIK_ENGINE_H

#include "../engine/game.h"

typedef void (*EngineOutputFn)(void *ctx, const char *line);

typedef struct Engine {
    const Variant *variant;
    Game game;
    Game scratch;    /* where a new position is built before it replaces game */
    int move_limit;  /* option MoveLimit, for variants that have a move limit */
    EngineOutputFn out;
    void *out_ctx;
} Engine;

Engine *engine_new(EngineOutputFn out, void *ctx);
void engine_free(Engine *e);
void engine_printf(const Engine *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Each returns false with a message in err and leaves the session unchanged. */
bool engine_set_variant(Engine *e, const char *name, char *err, size_t errlen);
bool engine_set_position(Engine *e, const char *fen, const char *const *moves, int nmoves, char *err, size_t errlen);
void engine_set_move_limit(Engine *e, int limit);

uint64_t engine_perft(Engine *e, int depth);
void engine_display(const Engine *e);
void engine_result_str(const Engine *e, char *buf, size_t n);

#endif
