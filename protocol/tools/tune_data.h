/* The tuner's positions: `ratnik datagen` lines read, each resolved to the
 * quiet position its quiescence search ends in. */
#ifndef RATNIK_TUNE_DATA_H
#define RATNIK_TUNE_DATA_H

#include "../../engine/variant.h"

enum { MAX_TUNE_THREADS = 64 };

typedef struct {
    Position leaf;       /* where the quiescence search of the position ends */
    float result, score; /* White's result (0..1) and the search's score (White's view) */
    float target;        /* what sigmoid(K * eval) is fitted to */
} TunePosition;

typedef struct {
    TunePosition *pos;
    int n, cap;
} TuneData;

/* Reads "FEN | score | result" lines of variant v (at most max; 0: all);
 * false with a message when the file cannot be read or has no position. */
bool tune_data_load(TuneData *d, const Variant *v, const char *path, int max);
/* Replaces each position by its quiescence search's leaf under params. */
void tune_data_resolve(TuneData *d, const EvalParams *ep, const int *params);
/* target = lambda * result + (1 - lambda) * sigmoid(k * score). */
void tune_data_targets(TuneData *d, double k, double lambda);
void tune_data_free(TuneData *d);

#endif
