/* The flags of `ratnik match`, spelled as cutechess-cli spells them wherever
 * they fit (docs/match.md). An engine's own settings win over -each. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "match.h"
#include "match_bribes.h"
#include "../../search/bribe_decide.h"
#include "../../variants/registry.h"
#include "../../engine/number.h"

enum { MAX_TOKENS = 64 };

typedef struct {
    char *tok[MAX_TOKENS];
    int n;
} TokenList;

typedef struct {
    TokenList each, eng[2];
    int nengines;
    const char *tc;
} RawArgs;

static bool err_out(char *err, size_t n, const char *fmt, const char *arg) {
    snprintf(err, n, fmt, arg);
    return false;
}

bool match_parse_int(const char *what, const char *s, long long lo, long long hi, long long *out, char *err, size_t n) {
    if (parse_integer(s, lo, hi, out)) return true;
    snprintf(err, n, "%s must be an integer from %lld to %lld, not '%s'", what, lo, hi, s);
    return false;
}

static bool int_option(const char *what, const char *s, long long lo, long long hi, int *out, char *err, size_t n) {
    long long v;
    if (!match_parse_int(what, s, lo, hi, &v, err, n)) return false;
    *out = (int)v;
    return true;
}

/* A decimal number ("0.05", "-10", "1e3"), finite, in [lo, hi]. */
static bool num_value(const char *what, const char *s, double lo, double hi, double *out, char *err, size_t n) {
    char *end;
    bool plain = *s && strspn(s, "0123456789.-+eE") == strlen(s);
    double v = plain ? strtod(s, &end) : 0;
    if (plain && !*end && isfinite(v) && v >= lo && v <= hi) return *out = v, true;
    snprintf(err, n, "%s must be a number from %g to %g, not '%s'", what, lo, hi, s);
    return false;
}

/* Bounds of a time control, so that every clock fits any engine's
 * integer milliseconds (and the runner's deadlines stay meaningful). */
enum { TC_MAX_BASE_S = 86400, TC_MAX_INC_S = 3600, TC_MAX_MOVES = 1000 };

/* "40/60+0.6", "10+0.1", "1:30+1", "inf", "60". */
bool match_parse_tc(const char *s, TimeControl *tc, char *err, size_t n) {
    memset(tc, 0, sizeof *tc);
    tc->set = true;
    if (!strcmp(s, "inf") || !strcmp(s, "infinite")) return tc->infinite = true;
    char buf[128], what[3][160];
    snprintf(buf, sizeof buf, "%s", s);
    snprintf(what[0], sizeof what[0], "time control '%.100s': the moves", s);
    snprintf(what[1], sizeof what[1], "time control '%.100s': the base", s);
    snprintf(what[2], sizeof what[2], "time control '%.100s': the increment", s);
    char *base = buf, *slash = strchr(buf, '/'), *plus = strchr(buf, '+'), *colon;
    if (slash) *slash = 0, base = slash + 1;
    if (plus) *plus = 0;
    if (slash && !int_option(what[0], buf, 1, TC_MAX_MOVES, &tc->moves, err, n)) return false;
    double sec = 0, min = 0, inc = 0;
    if ((colon = strchr(base, ':'))) {
        *colon = 0;
        if (!num_value(what[1], base, 0, TC_MAX_BASE_S / 60, &min, err, n)) return false;
        base = colon + 1;
    }
    if (!num_value(what[1], base, 0, TC_MAX_BASE_S, &sec, err, n)) return false;
    if (plus && !num_value(what[2], plus + 1, 0, TC_MAX_INC_S, &inc, err, n)) return false;
    tc->base_ms = (long long)((min * 60 + sec) * 1000 + 0.5), tc->inc_ms = (long long)(inc * 1000 + 0.5);
    if (tc->base_ms > TC_MAX_BASE_S * 1000LL)
        return snprintf(err, n, "%s is more than %d seconds", what[1], TC_MAX_BASE_S), false;
    if (tc->base_ms <= 0) return snprintf(err, n, "%s must be more than 0", what[1]), false;
    return true;
}

static bool engine_key(EngineSpec *e, const char *k, const char *v, char *err, size_t n) {
    long long num;
    if (!strcmp(k, "cmd")) snprintf(e->cmd, sizeof e->cmd, "%s", v);
    else if (!strcmp(k, "name")) snprintf(e->name, sizeof e->name, "%s", v);
    else if (!strcmp(k, "dir")) snprintf(e->dir, sizeof e->dir, "%s", v);
    else if (!strcmp(k, "proto")) {
        if (!strcmp(v, "uci")) e->proto = MP_UCI;
        else if (!strcmp(v, "xboard") || !strcmp(v, "cecp")) e->proto = MP_XBOARD;
        else return err_out(err, n, "unknown proto '%s' (uci or xboard)", v);
    } else if (!strcmp(k, "arg")) {
        if (e->nargs == MATCH_MAX_ARGS) return err_out(err, n, "too many arg= (at most 16)%s", "");
        snprintf(e->args[e->nargs++], sizeof e->args[0], "%s", v);
    } else if (!strncmp(k, "option.", 7)) {
        if (e->nopts == MATCH_MAX_OPTS) return err_out(err, n, "too many options (at most 32)%s", "");
        if (!k[7]) return err_out(err, n, "option. needs a name (option.NAME=VALUE)%s", "");
        snprintf(e->opt_name[e->nopts], sizeof e->opt_name[0], "%.63s", k + 7);
        snprintf(e->opt_value[e->nopts++], sizeof e->opt_value[0], "%s", v);
    } else if (!strcmp(k, "tc")) return match_parse_tc(v, &e->tc, err, n);
    else if (!strcmp(k, "st")) return num_value("st= (seconds a move)", v, 0.001, TC_MAX_BASE_S, &e->st, err, n);
    else if (!strcmp(k, "depth")) return int_option("depth=", v, 1, 1000, &e->depth, err, n);
    else if (!strcmp(k, "nodes")) {
        if (!match_parse_int("nodes=", v, 1, 1000000000000000LL, &num, err, n)) return false;
        e->nodes = num;
    } else if (!strcmp(k, "timemargin")) return int_option("timemargin= (ms)", v, 0, 3600000, &e->timemargin_ms, err, n);
    else if (!strcmp(k, "initstr")) snprintf(e->initstr, sizeof e->initstr, "%s", v);
    else if (!strcmp(k, "restart") || !strcmp(k, "ponder") || !strcmp(k, "stderr")) {
        /* accepted for cutechess compatibility: engines always restart each game */
    } else return err_out(err, n, "unknown engine setting '%s'", k);
    return true;
}

static bool apply_tokens(EngineSpec *e, const TokenList *t, char *err, size_t n) {
    for (int i = 0; i < t->n; i++) {
        char key[128];
        const char *eq = strchr(t->tok[i], '=');
        if (!eq) return err_out(err, n, "expected key=value, got '%s'", t->tok[i]);
        snprintf(key, sizeof key, "%.*s", (int)(eq - t->tok[i]), t->tok[i]);
        if (!engine_key(e, key, eq + 1, err, n)) return false;
    }
    return true;
}

/* Collects the key=value words after a flag. */
static int collect(int argc, char **argv, int i, TokenList *t) {
    while (i + 1 < argc && argv[i + 1][0] != '-' && t->n < MAX_TOKENS) t->tok[t->n++] = argv[++i];
    return i;
}

/* The value of "key=value" when tok has this key, else NULL. */
static const char *kv(const char *tok, const char *key) {
    size_t k = strlen(key);
    return strncmp(tok, key, k) || tok[k] != '=' ? NULL : tok + k + 1;
}

static bool parse_openings(MatchConfig *c, const TokenList *t, char *err, size_t n) {
    for (int i = 0; i < t->n; i++) {
        const char *s = t->tok[i], *v;
        bool ok = true;
        if (!strncmp(s, "file=", 5)) snprintf(c->openings, sizeof c->openings, "%s", s + 5);
        else if (!strcmp(s, "format=pgn")) c->openings_pgn = true;
        else if (!strcmp(s, "format=epd")) c->openings_pgn = false;
        else if (!strcmp(s, "order=random")) c->openings_random = true;
        else if (!strcmp(s, "order=sequential")) c->openings_random = false;
        else if ((v = kv(s, "plies"))) ok = int_option("-openings plies=", v, 0, 100000, &c->openings_plies, err, n);
        else if ((v = kv(s, "start"))) ok = int_option("-openings start=", v, 1, 100000000, &c->openings_start, err, n);
        else if (!strncmp(s, "policy=", 7)) {
        } else return err_out(err, n, "unknown -openings setting '%s'", s);
        if (!ok) return false;
    }
    if (!c->openings[0]) return err_out(err, n, "-openings needs file=%s", "");
    return true;
}

/* An SPRT error rate: above 0 (the bounds are its logarithm) and at most
 * 0.5, so that alpha + beta < 1 and the two bounds lie either side of 0. */
static bool error_rate(const char *what, const char *v, double *out, char *err, size_t n) {
    if (!num_value(what, v, 0, 0.5, out, err, n)) return false;
    if (*out > 0) return true;
    snprintf(err, n, "%s must be more than 0, not '%s'", what, v);
    return false;
}

/* One key=value of -draw, -resign or -sprt; false with err when the key is
 * unknown or its value out of range. */
static bool adjudication_key(MatchConfig *c, const char *flag, const char *s, char *err, size_t n) {
    const char *v;
    if (!strcmp(flag, "-draw")) {
        if ((v = kv(s, "movenumber"))) return int_option("-draw movenumber=", v, 0, 100000, &c->draw.movenumber, err, n);
        if ((v = kv(s, "movecount"))) return int_option("-draw movecount=", v, 1, 100000, &c->draw.movecount, err, n);
        if ((v = kv(s, "score"))) return int_option("-draw score=", v, 0, 100000, &c->draw.score, err, n);
    } else if (!strcmp(flag, "-resign")) {
        if ((v = kv(s, "movecount"))) return int_option("-resign movecount=", v, 1, 100000, &c->resign.movecount, err, n);
        if ((v = kv(s, "score"))) return int_option("-resign score=", v, 1, 100000, &c->resign.score, err, n);
        if (!strcmp(s, "twosided=true") || !strcmp(s, "twosided=false")) {
            c->resign.twosided = !strcmp(s, "twosided=true");
            return true;
        }
    } else {
        if ((v = kv(s, "elo0"))) return num_value("-sprt elo0=", v, -1000, 1000, &c->sprt.elo0, err, n);
        if ((v = kv(s, "elo1"))) return num_value("-sprt elo1=", v, -1000, 1000, &c->sprt.elo1, err, n);
        if ((v = kv(s, "alpha"))) return error_rate("-sprt alpha=", v, &c->sprt.alpha, err, n);
        if ((v = kv(s, "beta"))) return error_rate("-sprt beta=", v, &c->sprt.beta, err, n);
        if (!strcmp(s, "model=logistic") || !strcmp(s, "model=normalized")) {
            c->sprt.model = !strcmp(s, "model=normalized") ? SPRT_NORMALIZED : SPRT_LOGISTIC;
            return true;
        }
    }
    snprintf(err, n, "unknown %s setting '%s'", flag, s);
    return false;
}

static bool parse_adjudication(MatchConfig *c, const char *flag, const TokenList *t, char *err, size_t n) {
    bool movecount = false;
    for (int i = 0; i < t->n; i++) {
        if (!adjudication_key(c, flag, t->tok[i], err, n)) return false;
        movecount |= kv(t->tok[i], "movecount") != NULL;
    }
    if (!strcmp(flag, "-draw")) c->draw.on = true;
    else if (!strcmp(flag, "-resign")) {
        if (!movecount) return err_out(err, n, "-resign needs movecount=N (and score=CP, default 600)%s", "");
        c->resign.on = true;
    } else {
        if (c->sprt.elo1 <= c->sprt.elo0) return err_out(err, n, "-sprt needs elo1 greater than elo0%s", "");
        c->sprt.on = true;
    }
    return true;
}

static void defaults(MatchConfig *c) {
    memset(c, 0, sizeof *c);
    c->variant = variant_find("chess");
    c->games = 1, c->rounds = 1, c->repeat = 1, c->concurrency = 1, c->ratinginterval = 10;
    c->stall_s = 30;
    c->move_limit = -1;
    c->draw.movecount = 1, c->draw.score = 10;
    c->resign.score = 600;
    c->sprt.alpha = c->sprt.beta = 0.05;
    c->penta = true;
}

/* "I/N": this run plays the I-th of N shares of the match (1-based). */
static bool parse_shard(MatchConfig *c, const char *v, char *err, size_t n) {
    char buf[64];
    snprintf(buf, sizeof buf, "%s", v);
    char *slash = strchr(buf, '/');
    if (!slash) return err_out(err, n, "-shard takes I/N (e.g. 2/4), not '%s'", v);
    *slash = 0;
    if (!int_option("-shard N", slash + 1, 1, 100000, &c->nshards, err, n)) return false;
    if (!int_option("-shard I", buf, 1, c->nshards, &c->shard, err, n)) return false;
    return true;
}

/* One flag with a single value; returns false if `flag` is not one. */
static bool single_flag(MatchConfig *c, RawArgs *r, const char *flag, const char *v, char *err, size_t n, bool *bad) {
    long long seed;
    bool ok = true;
    if (!strcmp(flag, "-variant")) {
        if (!(c->variant = variant_find(v))) ok = err_out(err, n, "unknown variant '%s'", v);
    } else if (!strcmp(flag, "-games")) ok = int_option("-games", v, 1, MATCH_MAX_GAMES, &c->games, err, n);
    else if (!strcmp(flag, "-rounds")) ok = int_option("-rounds", v, 1, MATCH_MAX_GAMES, &c->rounds, err, n);
    else if (!strcmp(flag, "-concurrency")) ok = int_option("-concurrency", v, 1, 64, &c->concurrency, err, n);
    else if (!strcmp(flag, "-tc")) r->tc = v;
    else if (!strcmp(flag, "-maxmoves")) ok = int_option("-maxmoves", v, 0, 100000, &c->maxmoves, err, n);
    else if (!strcmp(flag, "-ratinginterval")) ok = int_option("-ratinginterval", v, 0, MATCH_MAX_GAMES, &c->ratinginterval, err, n);
    else if (!strcmp(flag, "-srand")) {
        if ((ok = match_parse_int("-srand", v, 0, UINT_MAX, &seed, err, n))) c->srand = (unsigned)seed, c->srand_given = true;
    } else if (!strcmp(flag, "-stall")) ok = num_value("-stall (seconds)", v, 0.01, 86400, &c->stall_s, err, n);
    else if (!strcmp(flag, "-movelimit")) ok = int_option("-movelimit", v, 0, 10000, &c->move_limit, err, n);
    else if (!strcmp(flag, "-resultsout")) snprintf(c->resultsout, sizeof c->resultsout, "%s", v);
    else if (!strcmp(flag, "-shard")) ok = parse_shard(c, v, err, n);
    else if (!strcmp(flag, "-report")) {
        if (!strcmp(v, "penta=true") || !strcmp(v, "penta=false")) c->penta = !strcmp(v, "penta=true");
        else ok = err_out(err, n, "-report takes penta=true or penta=false, not '%s'", v);
    }
    else return false;
    *bad = !ok;
    return true;
}

static bool parse_flags(int argc, char **argv, MatchConfig *c, RawArgs *r, char *err, size_t n) {
    for (int i = 1; i < argc; i++) {
        const char *f = argv[i];
        bool bad = false;
        TokenList t = {0};
        if (!strcmp(f, "-engine")) {
            if (r->nengines == 2) return err_out(err, n, "%s", "ratnik match plays two engines (one -engine each)");
            i = collect(argc, argv, i, &r->eng[r->nengines++]);
        } else if (!strcmp(f, "-each")) i = collect(argc, argv, i, &r->each);
        else if (!strcmp(f, "-repeat")) {
            c->repeat = 2;
            if (i + 1 < argc && argv[i + 1][0] != '-' && !int_option("-repeat", argv[++i], 1, 1000, &c->repeat, err, n))
                return false;
        } else if (!strcmp(f, "-recover")) c->recover = true;
        else if (!strcmp(f, "-debug")) c->debug = true;
        else if (!strcmp(f, "-resume")) c->resume = true;
        else if (!strcmp(f, "-corruption")) c->corruption = true;
        else if (!strcmp(f, "-pgnout") && i + 1 < argc) {
            snprintf(c->pgnout, sizeof c->pgnout, "%s", argv[++i]);
            if (i + 1 < argc && !strcmp(argv[i + 1], "min")) c->pgn_min = true, i++;
        } else if (!strcmp(f, "-openings")) {
            i = collect(argc, argv, i, &t);
            if (!parse_openings(c, &t, err, n)) return false;
        } else if (!strcmp(f, "-draw") || !strcmp(f, "-resign") || !strcmp(f, "-sprt")) {
            i = collect(argc, argv, i, &t);
            if (!parse_adjudication(c, f, &t, err, n)) return false;
        } else if (i + 1 < argc && single_flag(c, r, f, argv[i + 1], err, n, &bad)) {
            if (bad) return false;
            i++;
        } else return err_out(err, n, "unknown or incomplete flag '%s'", f);
    }
    return true;
}

/* Names that tell the two engines apart in the score lines. */
static void name_engines(MatchConfig *c) {
    for (int e = 0; e < 2; e++) {
        EngineSpec *s = &c->eng[e];
        if (s->name[0]) continue;
        const char *base = strrchr(s->cmd, '/');
        /* Long commands are cut to the name's size on purpose. */
        snprintf(s->name, sizeof s->name, "%.*s", (int)sizeof s->name - 1, base ? base + 1 : s->cmd);
    }
    if (!strcmp(c->eng[0].name, c->eng[1].name)) {
        char tmp[MATCH_NAME_MAX];
        snprintf(tmp, sizeof tmp, "%.60s-2", c->eng[1].name);
        snprintf(c->eng[1].name, sizeof c->eng[1].name, "%s", tmp);
    }
}

/* Whether an engine's settings end every search: tc=inf alone never does,
 * and CECP has no node limit. False with the reason in err. */
static bool search_is_bounded(const EngineSpec *s, char *err, size_t n) {
    bool nodes = s->nodes && s->proto == MP_UCI;
    if (s->tc.set && !s->tc.infinite) return true;
    if (s->st || s->depth || nodes) return true;
    if (s->tc.infinite)
        snprintf(err, n, "engine '%.200s': tc=inf never ends a search on its own: give depth=, st= or nodes= too", s->cmd);
    else if (s->nodes)
        snprintf(err, n, "engine '%.200s': nodes= works over UCI only: give tc=, st= or depth= for proto=xboard", s->cmd);
    else snprintf(err, n, "engine '%.200s' needs tc=, st=, depth= or nodes=", s->cmd);
    return false;
}

bool match_parse_args(int argc, char **argv, MatchConfig *c, char *err, size_t n) {
    RawArgs r;
    memset(&r, 0, sizeof r);
    defaults(c);
    if (!parse_flags(argc, argv, c, &r, err, n)) return false;
    if (r.nengines != 2) return err_out(err, n, "%s", "two -engine flags are needed");
    for (int e = 0; e < 2; e++) {
        if (r.tc && !match_parse_tc(r.tc, &c->eng[e].tc, err, n)) return false;
        if (!apply_tokens(&c->eng[e], &r.each, err, n) || !apply_tokens(&c->eng[e], &r.eng[e], err, n)) return false;
        EngineSpec *s = &c->eng[e];
        if (!s->cmd[0]) return err_out(err, n, "%s", "every engine needs cmd=");
        if (!search_is_bounded(s, err, n)) return false;
    }
    name_engines(c);
    if ((long long)c->games * c->rounds > MATCH_MAX_GAMES)
        return snprintf(err, n, "-games x -rounds is more than %d games", MATCH_MAX_GAMES), false;
    if (c->nshards && !c->resultsout[0])
        return err_out(err, n, "%s", "-shard needs -resultsout FILE.json (ratnik match merge reads the shards' files)");
    if (c->nshards && c->openings_random && !c->srand_given)
        return err_out(err, n, "%s", "-shard with order=random needs -srand N, so that every shard orders the openings alike");
    if (c->resume && !c->resultsout[0]) return err_out(err, n, "%s", "-resume needs -resultsout FILE.json");
    if (c->corruption) {
        if (!c->variant->bribes) {
            char names[128];
            bribe_variant_names(names, sizeof names, " or -variant ");
            return err_out(err, n, "-corruption needs -variant %s", names);
        }
        c->before_turn = match_bribe_turn;
    }
    return true;
}
