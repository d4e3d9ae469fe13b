/* A weaker ratnik for people (UCI `Skill Level`, `UCI_LimitStrength` +
 * `UCI_Elo`; docs/uci.md "Playing strength"): a search cut short by depth
 * and nodes, with several root lines, and a choice among the lines that
 * are nearly as good as the best, by a noise that depends only on the
 * seed, the position and the turn, so that a game is reproducible. Works
 * the same in every variant: it only reads the scores of root turns. */
#ifndef RATNIK_STRENGTH_H
#define RATNIK_STRENGTH_H

#include "search.h"

enum {
    SKILL_MAX = 20,     /* Skill Level 20: full strength */
    STRENGTH_LINES = 4, /* root lines the choice is made among */
    ELO_MIN = 650,  /* Skill Level 0, as measured (docs/uci.md "Calibration") */
    ELO_MAX = 1870, /* full strength, as measured */
};

/* The options, as the session sets them. With limit on, elo decides;
 * otherwise skill does (as in Stockfish: UCI_LimitStrength wins). */
typedef struct {
    int skill;          /* 0..SKILL_MAX */
    bool limit;         /* UCI_LimitStrength */
    int elo;            /* UCI_Elo, ELO_MIN..ELO_MAX */
    uint32_t seed;      /* Skill Seed */
} StrengthOptions;

/* What a level means for one search. */
typedef struct {
    double level;       /* 0..SKILL_MAX, fractional from an Elo */
    int depth;          /* cap on the search depth */
    uint64_t nodes;     /* cap on the nodes */
    int margin;         /* centipawns below the best that a turn may be chosen */
} StrengthPlan;

/* False at full strength (nothing to limit); else fills *p. */
bool strength_plan(const StrengthOptions *o, StrengthPlan *p);
/* The level an Elo stands for (the calibration table in strength.c). */
double strength_level_of_elo(int elo);

/* One root line as the search reported it. */
typedef struct {
    int score, depth;
    char turn[TURN_STR_MAX * 2];   /* the root turn */
    char reply[TURN_STR_MAX * 2];  /* the next turn of the line, "" if none */
} StrengthLine;

/* The lines of the deepest iteration a search reported (the last one may
 * be cut short by the limits: then the one before, if it had more lines). */
typedef struct {
    StrengthLine cur[STRENGTH_LINES], done[STRENGTH_LINES];
    int ncur, ndone;
} StrengthLines;

/* Records a search's info line (exact bounds only; multipv 1..LINES). */
void strength_record(StrengthLines *l, const SearchInfo *info);
/* The index, in the lines strength_lines_final gives, of the turn to play. */
int strength_choose(const StrengthPlan *p, uint32_t seed, uint64_t key, const StrengthLine *lines, int n);
/* The lines to choose among: the last iteration's if it is complete. */
const StrengthLine *strength_lines_final(const StrengthLines *l, int *n);

#endif
