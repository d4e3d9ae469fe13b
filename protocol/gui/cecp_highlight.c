/* A person entering moves in XBoard (engine-intf.html: `lift`, `put`,
 * `hover`; the engine's `highlight` and `choice`; feature highlight=1).
 *
 * XBoard 4.9.1, with "Show Target Squares" and "Highlight Dragging" on,
 * refuses a move to any square the engine's `highlight` left unmarked, even
 * with legality testing off, so the marks hold the person to the rules. The
 * marks come from the legal steps of the variant's own generator, each
 * turned into the clicks XBoard needs for it (cecp_xboard_click_form):
 *   Y  a move;  R  a capture;  C  a first click on XBoard's kill square
 *   (XBoard then sends `put` and `lift` on it, and the marks show where the
 *   move goes on);  B  a square where the piece becomes another one without
 *   a choice (Japanese promotions, Buratia's shnyr, Belarusian in-place
 *   changes): XBoard waits for `choice X` after `put`;  M  a promotion with
 *   a choice among Q R B N: XBoard's promotion dialog.
 * What XBoard's dialog cannot offer (other letters) is a `B` square whose
 * choice is the most valuable piece. */
#include <stdio.h>
#include <string.h>
#include "cecp_highlight.h"
#include "cecp_xboard.h"
#include "../../engine/notation.h"

enum { CHOICE_MAX = 8 };

/* What the marks say about one target square. */
typedef struct {
    bool target, capture, via;
    int victim;                 /* en passant: the square the capture empties */
    int npromo;
    Piece promo[CHOICE_MAX];    /* the pieces the mover may become here */
} Target;

typedef struct {
    int nsq;
    bool any;
    Target sq[SQ_MAX];
} Marks;

static void add_promo(Target *t, Piece p) {
    for (int k = 0; k < t->npromo; k++)
        if (t->promo[k] == p) return;
    if (t->npromo < CHOICE_MAX) t->promo[t->npromo++] = p;
}

/* The marks for the piece on `from` when the person has already put it on
 * `via` (SQ_NONE: just lifted). */
static void collect_marks(const Position *pos, int from, int via, Marks *mk) {
    memset(mk, 0, sizeof *mk);
    mk->nsq = pos->geo->nsq;
    for (int s = 0; s < mk->nsq; s++) mk->sq[s].victim = SQ_NONE;
    if (from < 0 || from >= mk->nsq || variant_game_over(pos)) return;
    Move moves[MAX_MOVES];
    int n = pos->v->generate(pos, moves);
    for (int i = 0; i < n; i++) {
        ClickForm f;
        if (!cecp_xboard_click_form(pos, moves[i], &f) || f.from != from) continue;
        Target *t;
        if (via == SQ_NONE && f.via != SQ_NONE) {
            t = &mk->sq[f.via];
            t->via = true;
        } else if (via == f.via) {
            t = &mk->sq[f.to];
            t->target = true;
            t->capture |= f.capture;
            if (f.victim != SQ_NONE) t->victim = f.victim;
            if (f.promo) add_promo(t, f.promo);
        } else {
            continue;
        }
        mk->any = true;
    }
}

/* The promotion letters of a target, most valuable piece first. */
static void choice_letters(const Position *pos, const Target *t, char *out) {
    Piece p[CHOICE_MAX];
    int n = t->npromo;
    memcpy(p, t->promo, sizeof p);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && pos->v->pieces[piece_type(p[j])].value > pos->v->pieces[piece_type(p[j - 1])].value;
             j--) {
            Piece tmp = p[j];
            p[j] = p[j - 1], p[j - 1] = tmp;
        }
    for (int i = 0; i < n; i++) out[i] = cecp_xboard_letter(pos->v, p[i]);
    out[n] = 0;
}

/* Whether XBoard's own promotion dialog (Q R B N, and K without legality
 * testing) offers exactly the letters of a choice. */
static bool dialog_offers(const char *letters) {
    return strlen(letters) > 1 && strspn(letters, "QRBN") == strlen(letters);
}

static char mark_colour(const Position *pos, const Target *t) {
    if (t->target && t->npromo) {
        char letters[CHOICE_MAX + 1];
        choice_letters(pos, t, letters);
        return dialog_offers(letters) ? 'M' : 'B';
    }
    if (t->target) return t->capture ? 'R' : 'Y';
    return t->via ? 'C' : 0;
}

/* `highlight COLORFEN`: ranks from the top, a colour letter per marked
 * square, digits for runs of unmarked ones. `extra` adds a lowercase mark
 * (a mark only, not a target) on one square. */
static void print_marks(const Engine *e, const Position *pos, const Marks *mk, int extra, char extra_colour) {
    const Geometry *g = pos->geo;
    char fen[SQ_MAX * 2 + 16];
    size_t len = 0;
    for (int r = g->ranks - 1; r >= 0; r--) {
        int run = 0;
        for (int f = 0; f < g->files; f++) {
            int s = sq_make(g, f, r);
            char c = s == extra ? extra_colour : mark_colour(pos, &mk->sq[s]);
            if (!c) {
                run++;
                continue;
            }
            if (run) len += (size_t)snprintf(fen + len, sizeof fen - len, "%d", run);
            run = 0;
            fen[len++] = c;
        }
        if (run) len += (size_t)snprintf(fen + len, sizeof fen - len, "%d", run);
        if (r) fen[len++] = '/';
    }
    fen[len] = 0;
    engine_printf(e, "highlight %s", fen);
}

static bool read_square(const Geometry *g, const char *text, int *sq) {
    int n = square_parse(g, text, sq);
    return n && (!text[n] || (text[n] == ',' && !text[n + 1])); /* `put e4,`: XBoard's Ctrl-click */
}

void cecp_pick_reset(CecpPick *p) { p->from = p->via = SQ_NONE, p->key = 0; }

/* The pick still describes this position (a move or new game ends it). */
static bool pick_current(const CecpPick *p, const Position *pos) { return p->from != SQ_NONE && p->key == pos->key; }

static void cmd_lift(const Engine *e, CecpPick *p, const Position *pos, int sq) {
    if (!pick_current(p, pos) || p->via != sq) {
        p->from = sq, p->via = SQ_NONE, p->key = pos->key;
    }
    Marks mk;
    collect_marks(pos, p->from, p->via, &mk);
    print_marks(e, pos, &mk, SQ_NONE, 0);
}

static void cmd_put(const Engine *e, CecpPick *p, const Position *pos, int sq) {
    if (!pick_current(p, pos)) return;
    Marks mk;
    collect_marks(pos, p->from, p->via, &mk);
    const Target *t = &mk.sq[sq];
    if (!t->target && t->via) {
        p->via = sq; /* XBoard's `lift` on this square follows */
        return;
    }
    if (t->target && t->npromo) {
        char letters[CHOICE_MAX + 1];
        choice_letters(pos, t, letters);
        if (!dialog_offers(letters)) letters[1] = 0; /* blue: the first letter is the move's */
        engine_printf(e, "choice %s", letters);
    }
}

static void cmd_hover(const Engine *e, const CecpPick *p, const Position *pos, int sq) {
    if (!pick_current(p, pos)) return;
    Marks mk;
    collect_marks(pos, p->from, p->via, &mk);
    if (mk.sq[sq].victim != SQ_NONE) print_marks(e, pos, &mk, mk.sq[sq].victim, 'g');
}

bool cecp_highlight_command(const Engine *e, CecpPick *p, const char *cmd, const char *arg) {
    bool lift = !strcmp(cmd, "lift"), put = !strcmp(cmd, "put"), hover = !strcmp(cmd, "hover");
    if (!lift && !put && !hover) return false;
    Position pos;
    engine_position(e, &pos);
    int sq;
    if (!read_square(pos.geo, arg, &sq)) {
        engine_printf(e, "Error (bad square): %s %.40s", cmd, arg);
        return true;
    }
    if (lift) cmd_lift(e, p, &pos, sq);
    else if (put) cmd_put(e, p, &pos, sq);
    else cmd_hover(e, p, &pos, sq);
    return true;
}
