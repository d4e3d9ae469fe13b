/* `ratnik match`: headless engine-vs-engine matches refereed by ratnik's own
 * rule plugins (docs/match.md). The files split the job:
 *   match.c        the command: schedule, threads, progress, PGN file
 *   match_args.c   cutechess-cli style flags -> MatchConfig
 *   match_proc.c   child processes: fork/exec, pipes, lines with timeouts
 *   match_proto.c  UCI and CECP as seen from the GUI side
 *   match_game.c   one game: clocks, referee, adjudication, PGN text
 *   match_stats.c  Elo, error margin, LOS, SPRT, over games and over pairs
 *   match_results.c the records of finished games and the results file
 *   match_resume.c results files read back: resume, merge input
 *   match_report.c the progress lines in cutechess-cli's wording
 *   match_merge.c  `ratnik match merge`: shards put together
 *   match_json.c   the JSON reader and writer of the results files
 *   match_options.c option.NAME=VALUE against the engine's own options
 *   match_book.c   opening sets (EPD/PGN) and the book generator */
#ifndef RATNIK_MATCH_H
#define RATNIK_MATCH_H

#include <pthread.h>
#include <stdio.h>
#include <sys/types.h>
#include "../../engine/fen.h"
#include "../../engine/game.h"
#include "../../engine/notation.h"

enum {
    MATCH_MAX_OPTS = 32,
    MATCH_MAX_ARGS = 16,
    MATCH_NAME_MAX = 64,
    MATCH_PATH_MAX = 512,
    MATCH_MAX_GAMES = 10000000, /* games x rounds */
};

typedef enum { MP_UCI, MP_XBOARD } MatchProto;

/* The Elo of the SPRT's bounds: logistic (the score) or normalized (the
 * score's distance from 1/2 in standard deviations). */
typedef enum { SPRT_LOGISTIC, SPRT_NORMALIZED } SprtModel;

/* moves/base+inc; base and inc in milliseconds; moves 0: whole game. */
typedef struct {
    int moves;
    long long base_ms, inc_ms;
    bool set, infinite;
} TimeControl;

/* One engine as the command line describes it (-engine / -each). */
typedef struct {
    char name[MATCH_NAME_MAX];
    char cmd[MATCH_PATH_MAX];
    char dir[MATCH_PATH_MAX];
    char args[MATCH_MAX_ARGS][128];
    int nargs;
    MatchProto proto;
    char opt_name[MATCH_MAX_OPTS][64], opt_value[MATCH_MAX_OPTS][128];
    int nopts;
    TimeControl tc;
    double st;            /* seconds per move, 0: none */
    int depth;            /* 0: none */
    long long nodes;      /* 0: none */
    int timemargin_ms;    /* grace before a time forfeit */
    char initstr[256];    /* sent after the handshake; "\n" separates lines */
} EngineSpec;

/* The engine processes alive at any moment, so that an interrupted match
 * can stop them all before it exits. */
enum { MATCH_MAX_CHILDREN = 256 };
typedef struct {
    pthread_mutex_t lock;
    pid_t pid[MATCH_MAX_CHILDREN];
} MatchChildren;
void match_children_add(MatchChildren *c, pid_t pid);
void match_children_remove(MatchChildren *c, pid_t pid);

typedef struct MatchGame MatchGame;
typedef struct MatchPlayer MatchPlayer;

/* The bribe hook (`-corruption`, docs/bribes.md): called before each turn of a game when set.
 * It may negotiate with the side *not* to move (players[side ^ 1]) and play
 * a whole turn for the side to move with match_game_apply; it returns true
 * when it did (the runner then re-checks the rules and asks again). */
typedef bool (*MatchTurnHook)(void *ctx, MatchGame *mg, MatchPlayer *players[2]);

typedef struct {
    EngineSpec eng[2];
    const Variant *variant;
    int games, rounds, repeat, concurrency, maxmoves, ratinginterval;
    unsigned srand;
    bool recover, debug, corruption;
    char openings[MATCH_PATH_MAX];
    bool openings_pgn, openings_random;
    int openings_plies, openings_start;
    char pgnout[MATCH_PATH_MAX];
    bool pgn_min;
    struct { bool on; int movenumber, movecount, score; } draw;
    struct { bool on, twosided; int movecount, score; } resign;
    struct { bool on; double elo0, elo1, alpha, beta; SprtModel model; } sprt;
    bool penta;           /* statistics over game pairs (-report penta=true, the default) */
    bool srand_given;     /* -srand on the command line (else the clock's, kept in the results) */
    char resultsout[MATCH_PATH_MAX]; /* -resultsout FILE.json, rewritten after every game */
    bool resume;          /* -resume: the results file must be there to go on from */
    int shard, nshards;   /* -shard I/N (1-based I); nshards 0: the whole match */
    MatchChildren *children; /* engines alive now, stopped by an interrupt; may be NULL */
    double stall_s;       /* seconds an engine may stay silent when no clock runs */
    int move_limit;       /* Buratia MoveLimit for the referee; -1: the variant's */
    MatchTurnHook before_turn;
    void *hook_ctx;
} MatchConfig;

/* ---- match_args.c */
/* The one reader of integers in match options: the whole word is the
 * number (no sign but '-', no spaces), in [lo, hi]. False with the
 * option `what`, the range and the word in err. */
bool match_parse_int(const char *what, const char *s, long long lo, long long hi, long long *out, char *err, size_t n);
/* Fills cfg from argv (argv[0] is "match"); false with a message in err. */
bool match_parse_args(int argc, char **argv, MatchConfig *cfg, char *err, size_t errlen);
/* A time control; false with the reason in err (malformed, or beyond a
 * day of base time, an hour of increment, 1000 moves a period). */
bool match_parse_tc(const char *s, TimeControl *tc, char *err, size_t n);

/* ---- match_proc.c */
typedef struct {
    pid_t pid;
    int to_fd, from_fd;
    char buf[65536];
    size_t len;
    bool dead, debug;
    const char *tag;      /* name shown in -debug lines */
    MatchChildren *children;
} EngineProc;

bool proc_start(EngineProc *p, const EngineSpec *spec, bool debug, MatchChildren *children, char *err, size_t errlen);
/* Writes one line (a newline is added); false once the engine is gone. */
bool proc_send(EngineProc *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* One line into `line` by the monotonic deadline (ms): 1 line, 0 timeout, -1 end of file. */
int proc_read_line(EngineProc *p, char *line, size_t n, double deadline_ms);
void proc_stop(EngineProc *p, bool polite);

/* ---- match_proto.c */
typedef enum { MV_OK, MV_TIMEOUT, MV_EOF, MV_RESIGN } MoveStatus;

struct MatchPlayer {
    EngineProc proc;
    const EngineSpec *spec;
    char id_name[MATCH_NAME_MAX];
    /* CECP features */
    bool f_usermove, f_ping, f_setboard, f_san;
    int ping_id, sent;     /* turns of the game the engine already knows */
    char variants[1024];   /* CECP "variants" feature / UCI_Variant vars */
    bool has_uci_variant;
    bool opt_declared[MATCH_MAX_OPTS]; /* the engine has option.NAME of the spec */
    char option_error[200];            /* the first setting it cannot take */
    /* the last search report */
    bool has_score;
    int score, depth;
    long long clock_ms;    /* time left */
    int period_moves;      /* moves made in this time-control period */
};

/* Starts the engine and shakes hands; false: the engine did not (err says why,
 * *stalled tells a silent engine from a crash). */
bool player_start(MatchPlayer *pl, const EngineSpec *spec, const MatchConfig *cfg, bool *stalled, char *err, size_t n);
/* New game from the game's start position; false on a crash or stall. */
bool player_new_game(MatchPlayer *pl, const MatchConfig *cfg, const MatchGame *mg, bool *stalled, char *err, size_t n);
/* Asks for a move in the current position; `opp_clock` is the opponent's time. */
MoveStatus player_go(MatchPlayer *pl, const MatchConfig *cfg, const MatchGame *mg, long long opp_clock,
                     char *move, size_t n, double *elapsed_ms);
void player_stop(MatchPlayer *pl);

/* ---- match_options.c */
/* Each option the engine declares, checked against the spec's settings. */
void match_note_uci_option(MatchPlayer *pl, const char *line);
void match_note_cecp_option(MatchPlayer *pl, const char *decl);
/* False (why in err) when a setting is undeclared or its value refused. */
bool match_options_ok(const MatchPlayer *pl, char *err, size_t n);

/* ---- match_game.c */
struct MatchGame {
    Game game;
    char start_fen[FEN_MAX];
    bool from_startpos;
    int nturns, book_turns;
    char (*turns)[TURN_STR_MAX];      /* canonical turn text, sent to engines */
    char (*pgn_moves)[TURN_STR_MAX];  /* SAN where the variant writes it, else the turn text */
    char (*comments)[40];
    int *mover;                        /* per turn: fullmove * 2 + side, for PGN numbers */
    ResultCode result;
    bool advantage;
    const char *termination;           /* PGN Termination tag */
    char end[48];                      /* how it ended, for the count of ends: the rules' reason or the runner's */
    char reason[200];                  /* the comment after the moves */
    double points[COLOR_NB];           /* by colour: 1/0.5/0, or the variant's scoring */
    bool engine_failed;                /* a crash or stall (for -recover) */
    int white;                         /* index of the engine playing White */
    char names[COLOR_NB][MATCH_NAME_MAX];
    int round;
};

typedef struct {
    char fen[256];
    char *moves;       /* space-separated turns to play first, or NULL */
} Opening;

MatchGame *match_game_new(void);
void match_game_free(MatchGame *mg);
/* Plays one whole game; fills mg (result, PGN material). */
void match_play_game(const MatchConfig *cfg, const Opening *op, int white, int round, MatchGame *mg);
/* Plays a turn given as text (any accepted spelling, SAN for chess);
 * false if it is illegal. Used by the game loop and the turn hook. */
bool match_game_apply(MatchGame *mg, const char *text, const char *comment, char *err, size_t n);
/* The game's PGN; the caller frees it. */
char *match_game_pgn(const MatchConfig *cfg, const MatchGame *mg);
const char *match_result_str(ResultCode r);

/* ---- match_stats.c */
/* Pairs (the two games of an opening, colours swapped) by the first
 * engine's score in them: 0, 1/2, 1 (a win and a loss, or two draws), 3/2, 2. */
enum { PENTA_LL, PENTA_LD, PENTA_DRAWN, PENTA_WD, PENTA_WW, PENTA_NB };

typedef struct {
    int wins, losses, draws;   /* from the first engine's view */
    double points[2];          /* the variant's points (Variant.scoring), by engine */
    int penta[PENTA_NB];       /* finished pairs */
    int pairs_wl;              /* of penta[PENTA_DRAWN], the pairs of a win and a loss */
    int as_white[3], as_black[3]; /* the first engine's wins, losses, draws by colour */
} MatchScore;

typedef struct {
    double score, elo, margin, los, draw_ratio, nelo, nelo_margin;
} EloReport;

/* Trinomial: every game on its own (cutechess-cli's figures). */
void match_elo(const MatchScore *s, EloReport *r);
/* Pentanomial: from the finished pairs (fishtest's and fastchess's). */
void match_elo_penta(const MatchScore *s, EloReport *r);
int match_pairs(const MatchScore *s);
/* The GSPRT's log-likelihood ratio of H1 (elo1) against H0 (elo0), over
 * pairs or games, with the bounds in logistic or normalized Elo. */
double match_llr(const MatchScore *s, bool penta, SprtModel model, double elo0, double elo1);
/* Trinomial, logistic. */
double match_sprt_llr(const MatchScore *s, double elo0, double elo1);
void match_sprt_bounds(double alpha, double beta, double *lower, double *upper);
/* Counts a game (first_color: the first engine's colour in it) and a pair. */
void match_score_game(MatchScore *s, ResultCode result, int first_color, const double points[COLOR_NB]);
void match_score_pair(MatchScore *s, ResultCode r1, int first_color1, ResultCode r2, int first_color2);

/* ---- match_book.c */
/* Reads an opening file (EPD or PGN); returns how many, the array in *out. */
int match_load_openings(const MatchConfig *cfg, Opening **out, char *err, size_t n);
void match_free_openings(Opening *ops, int n);
/* `ratnik match -makebook ...`: writes an EPD set of balanced positions. */
int match_makebook_main(int argc, char **argv);

int match_main(int argc, char **argv);

#endif
