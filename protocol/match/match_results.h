/* The record of a match: every finished game, the tallies recomputed from
 * them, and the results file (-resultsout FILE.json) that holds them, read
 * back to resume a match and to merge its shards (docs/match.md). */
#ifndef RATNIK_MATCH_RESULTS_H
#define RATNIK_MATCH_RESULTS_H

#include "match.h"
#include "match_json.h"

typedef struct {
    int game;              /* 0-based number in the whole match (the PGN Round is game + 1) */
    int white;             /* the engine playing White */
    int opening;           /* 0-based index in the opening file, -1: the variant's start */
    char *fen, *moves;     /* the opening's start position and book moves ("" when none) */
    unsigned seed;         /* the match seed that ordered the openings */
    ResultCode result;
    char end[48], termination[32], reason[200];
    int plies;
    double points[COLOR_NB];
} GameRecord;

enum { MATCH_MAX_ENDS = 48 };

typedef struct {
    char name[48];
    int count;
} EndCount;

typedef struct {
    int total;             /* games in the whole match */
    GameRecord **by_game;  /* [total]: a recorded game, NULL before it is played */
    GameRecord **list;     /* in the order they were recorded */
    int n, cap;
    MatchScore score;
    EndCount ends[MATCH_MAX_ENDS];
    int nends;
    long long pgn_bytes;   /* the PGN file's length after the last recorded game */
} MatchResults;

/* What the report lines need to know of the match. */
typedef struct {
    const char *name[2];
    bool penta;
    const char *scoring;   /* Variant.scoring's name, or NULL */
    bool sprt;
    double elo0, elo1, alpha, beta;
    SprtModel model;
} ReportSpec;

bool results_init(MatchResults *r, int total);
/* Room for `total` games, the recorded ones kept; false without memory. */
bool results_grow(MatchResults *r, int total);
void results_free(MatchResults *r);
/* Records a finished game (copied) and counts it, and its pair once both
 * games are in; false when that game is already recorded. */
bool results_add(MatchResults *r, const GameRecord *g);
/* The pair partner of game i: the other game of its opening's two. */
int results_partner(int game);

/* "engines" and "settings" of the results file for this match: what must
 * be equal for a file to be resumed or merged with it. The caller frees it. */
char *results_setup_json(const MatchConfig *cfg, int nopenings);
/* Writes the whole file (setup, shard, PGN length, games in order, totals)
 * to PATH.tmp, syncs it and renames it over PATH, so that the file is
 * always one complete state. */
bool results_write(const char *path, const char *setup, int shard, int nshards, const char *pgnout,
                   const ReportSpec *spec, const MatchResults *r, char *err, size_t errlen);

/* A results file read back: its tree, and its games into r. */
typedef struct {
    Json *root;
    const Json *engines, *settings;
    int shard, nshards;
    const char *pgnout;
} ResultsFile;
bool results_load(const char *path, ResultsFile *f, MatchResults *r, char *err, size_t errlen);
void results_file_free(ResultsFile *f);
/* Whether a file's engines and settings are the ones of `setup`
 * (results_setup_json); what differs in `what` when not. */
bool results_same_setup(const char *setup, const ResultsFile *f, char *what, size_t n);
/* Reads cfg->resultsout when it exists, checks that it holds this match
 * and shard (taking its seed when -srand is not given), and cuts the PGN
 * file back to the games it records. 1 resumed, 0 nothing to resume, -1
 * refused (err says why). */
int results_resume(MatchConfig *cfg, int nopenings, MatchResults *r, char *err, size_t n);
/* The report's view of a file's settings. */
void results_report_spec(const ResultsFile *f, ReportSpec *spec);

/* ---- match_report.c: progress lines in cutechess-cli's wording */
void report_score(const ReportSpec *spec, const MatchResults *r);
/* The "..." lines by colour, the Elo line, the pairs and the SPRT line. */
void report_results(const ReportSpec *spec, const MatchResults *r);
/* Returns 1 once H1 is accepted, -1 for H0, 0 while undecided. */
int report_sprt_state(const ReportSpec *spec, const MatchResults *r, double *llr, double *lo, double *hi);
void report_ends(const MatchResults *r);

/* ---- match_merge.c */
int match_merge_main(int argc, char **argv);

#endif
