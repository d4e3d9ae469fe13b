/* The flags of `ratnik match`, spelled as cutechess-cli spells them wherever
 * they fit (docs/match.md). An engine's own settings win over -each. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "match.h"
#include "match_bribes.h"
#include "../search/bribe_decide.h"

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

/* "40/60+0.6", "10+0.1", "1:30+1", "inf", "60". */
bool match_parse_tc(const char *s, TimeControl *tc) {
    memset(tc, 0, sizeof *tc);
    tc->set = true;
    if (!strcmp(s, "inf") || !strcmp(s, "infinite")) return tc->infinite = true;
    const char *slash = strchr(s, '/');
    if (slash) tc->moves = atoi(s), s = slash + 1;
    char *end;
    double base = strtod(s, &end);
    if (end == s || base < 0) return false;
    if (*end == ':') {
        double sec = strtod(end + 1, &end);
        base = base * 60 + sec;
    }
    double inc = 0;
    if (*end == '+') inc = strtod(end + 1, &end);
    if (*end || inc < 0 || tc->moves < 0) return false;
    tc->base_ms = (long long)(base * 1000 + 0.5), tc->inc_ms = (long long)(inc * 1000 + 0.5);
    return tc->base_ms > 0;
}

static bool engine_key(EngineSpec *e, const char *k, const char *v, char *err, size_t n) {
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
        snprintf(e->opt_name[e->nopts], sizeof e->opt_name[0], "%.63s", k + 7);
        snprintf(e->opt_value[e->nopts++], sizeof e->opt_value[0], "%s", v);
    } else if (!strcmp(k, "tc")) {
        if (!match_parse_tc(v, &e->tc)) return err_out(err, n, "bad time control '%s'", v);
    } else if (!strcmp(k, "st")) e->st = atof(v);
    else if (!strcmp(k, "depth")) e->depth = atoi(v);
    else if (!strcmp(k, "nodes")) e->nodes = atoll(v);
    else if (!strcmp(k, "timemargin")) e->timemargin_ms = atoi(v);
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

static bool kv_int(const char *tok, const char *key, int *out) {
    size_t k = strlen(key);
    if (strncmp(tok, key, k) || tok[k] != '=') return false;
    *out = atoi(tok + k + 1);
    return true;
}

static bool kv_double(const char *tok, const char *key, double *out) {
    size_t k = strlen(key);
    if (strncmp(tok, key, k) || tok[k] != '=') return false;
    *out = atof(tok + k + 1);
    return true;
}

static bool parse_openings(MatchConfig *c, const TokenList *t, char *err, size_t n) {
    for (int i = 0; i < t->n; i++) {
        const char *s = t->tok[i];
        if (!strncmp(s, "file=", 5)) snprintf(c->openings, sizeof c->openings, "%s", s + 5);
        else if (!strcmp(s, "format=pgn")) c->openings_pgn = true;
        else if (!strcmp(s, "format=epd")) c->openings_pgn = false;
        else if (!strcmp(s, "order=random")) c->openings_random = true;
        else if (!strcmp(s, "order=sequential")) c->openings_random = false;
        else if (kv_int(s, "plies", &c->openings_plies) || kv_int(s, "start", &c->openings_start)) {
        } else if (!strncmp(s, "policy=", 7)) {
        } else return err_out(err, n, "unknown -openings setting '%s'", s);
    }
    if (!c->openings[0]) return err_out(err, n, "-openings needs file=%s", "");
    return true;
}

static bool parse_adjudication(MatchConfig *c, const char *flag, const TokenList *t, char *err, size_t n) {
    for (int i = 0; i < t->n; i++) {
        const char *s = t->tok[i];
        double d;
        bool ok = false;
        if (!strcmp(flag, "-draw"))
            ok = kv_int(s, "movenumber", &c->draw.movenumber) || kv_int(s, "movecount", &c->draw.movecount) ||
                 kv_int(s, "score", &c->draw.score);
        else if (!strcmp(flag, "-resign")) {
            ok = kv_int(s, "movecount", &c->resign.movecount) || kv_int(s, "score", &c->resign.score);
            if (!strcmp(s, "twosided=true")) c->resign.twosided = ok = true;
            if (!strcmp(s, "twosided=false")) ok = true;
        } else {
            if ((ok = kv_double(s, "elo0", &d))) c->sprt.elo0 = d;
            else if ((ok = kv_double(s, "elo1", &d))) c->sprt.elo1 = d;
            else if ((ok = kv_double(s, "alpha", &d))) c->sprt.alpha = d;
            else if ((ok = kv_double(s, "beta", &d))) c->sprt.beta = d;
        }
        if (!ok) return err_out(err, n, "unknown setting '%s'", s);
    }
    if (!strcmp(flag, "-draw")) c->draw.on = true;
    else if (!strcmp(flag, "-resign")) c->resign.on = c->resign.movecount > 0;
    else c->sprt.on = c->sprt.elo1 != c->sprt.elo0 && c->sprt.alpha > 0 && c->sprt.beta > 0;
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
}

/* One flag with a single value; returns false if `flag` is not one. */
static bool single_flag(MatchConfig *c, RawArgs *r, const char *flag, const char *v, char *err, size_t n, bool *bad) {
    if (!strcmp(flag, "-variant")) {
        if (!(c->variant = variant_find(v))) *bad = !err_out(err, n, "unknown variant '%s'", v);
    } else if (!strcmp(flag, "-games")) c->games = atoi(v);
    else if (!strcmp(flag, "-rounds")) c->rounds = atoi(v);
    else if (!strcmp(flag, "-concurrency")) c->concurrency = atoi(v);
    else if (!strcmp(flag, "-tc")) r->tc = v;
    else if (!strcmp(flag, "-maxmoves")) c->maxmoves = atoi(v);
    else if (!strcmp(flag, "-ratinginterval")) c->ratinginterval = atoi(v);
    else if (!strcmp(flag, "-srand")) c->srand = (unsigned)strtoul(v, NULL, 10);
    else if (!strcmp(flag, "-stall")) c->stall_s = atof(v);
    else if (!strcmp(flag, "-movelimit")) c->move_limit = atoi(v);
    else return false;
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
            if (i + 1 < argc && argv[i + 1][0] != '-') c->repeat = atoi(argv[++i]);
        } else if (!strcmp(f, "-recover")) c->recover = true;
        else if (!strcmp(f, "-debug")) c->debug = true;
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

bool match_parse_args(int argc, char **argv, MatchConfig *c, char *err, size_t n) {
    RawArgs r;
    memset(&r, 0, sizeof r);
    defaults(c);
    if (!parse_flags(argc, argv, c, &r, err, n)) return false;
    if (r.nengines != 2) return err_out(err, n, "%s", "two -engine flags are needed");
    for (int e = 0; e < 2; e++) {
        if (r.tc && !match_parse_tc(r.tc, &c->eng[e].tc)) return err_out(err, n, "bad time control '%s'", r.tc);
        if (!apply_tokens(&c->eng[e], &r.each, err, n) || !apply_tokens(&c->eng[e], &r.eng[e], err, n)) return false;
        EngineSpec *s = &c->eng[e];
        if (!s->cmd[0]) return err_out(err, n, "%s", "every engine needs cmd=");
        if (!s->tc.set && !s->st && !s->depth && !s->nodes)
            return err_out(err, n, "engine '%s' needs tc=, st=, depth= or nodes=", s->cmd);
    }
    name_engines(c);
    if (c->games < 1 || c->rounds < 1 || c->repeat < 1 || c->concurrency < 1 || c->stall_s <= 0)
        return err_out(err, n, "%s", "-games, -rounds, -repeat, -concurrency and -stall must be positive");
    if (c->concurrency > 64) c->concurrency = 64;
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
