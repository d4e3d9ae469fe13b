#include <stdio.h>
#include <string.h>
#include "turn_info.h"
#include "san.h"

static const char *const role_names[LEG_ROLE_NB] = {"move",    "capture", "castle", "push",   "remove",
                                                    "possess", "place",   "change", "promote"};

typedef struct {
    int side; /* the mover's colour */
    int nsq;
    TurnLeg *legs;
    int n;
} Legs;

static TurnLeg *add_leg(Legs *l, LegRole role, int from, int to) {
    TurnLeg *leg = &l->legs[l->n < MAX_TURN_LEGS ? l->n++ : MAX_TURN_LEGS - 1];
    memset(leg, 0, sizeof *leg);
    leg->role = role, leg->from = from, leg->to = to, leg->sq = SQ_NONE, leg->sq2 = SQ_NONE;
    return leg;
}

/* A piece's path from -> to on `mid` (the board as this part of the step
 * finds it) ending in `after`. What it took stood on `to`, or, en passant,
 * on a square that only this path emptied; `skip` is a square another part
 * of the step changed. Whose piece moved tells an own move from a possessed
 * one; a piece that lands changed was promoted. */
static void path_legs(Legs *l, const Piece *mid, const Piece *after, int from, int to, int skip) {
    Piece mover = mid[from];
    int taken = mid[to] ? to : SQ_NONE;
    for (int sq = 0; taken == SQ_NONE && sq < l->nsq; sq++)
        if (sq != from && sq != to && sq != skip && mid[sq] && !after[sq]) taken = sq;
    LegRole role = piece_color(mover) != l->side ? LEG_POSSESS : taken != SQ_NONE ? LEG_CAPTURE : LEG_MOVE;
    TurnLeg *leg = add_leg(l, role, from, to);
    if (taken != SQ_NONE) leg->piece = mid[taken], leg->sq = taken;
    if (after[to] != mover) add_leg(l, LEG_PROMOTE, to, to)->piece = after[to];
}

/* The rook's path of a castling: the own square other than the king's that
 * emptied, and the one that filled. */
static void castle_leg(Legs *l, const Piece *before, const Piece *after, int from, int to) {
    TurnLeg *leg = add_leg(l, LEG_CASTLE, from, to);
    for (int sq = 0; sq < l->nsq; sq++) {
        if (sq == from || sq == to) continue;
        if (before[sq] && !after[sq]) leg->sq = sq;
        if (!before[sq] && after[sq]) leg->sq2 = sq;
    }
}

static void place_leg(Legs *l, const Position *before, Move m, int sq, Piece placed) {
    TurnLeg *leg = add_leg(l, LEG_PLACE, SQ_NONE, sq);
    leg->piece = placed;
    if (move_kind(m) == MK_DROP || move_kind(m) == MK_TAKEBACK) move_to_str(before, m, leg->text);
    else {
        char square[3];
        square_to_str(before->geo, sq, square);
        snprintf(leg->text, sizeof leg->text, "%c@%s", before->v->pieces[piece_type(placed)].letter, square);
    }
}

static void push_leg(Legs *l, const Piece *mid, const Piece *after, int from, int to) {
    add_leg(l, LEG_PUSH, from, to);
    if (after[to] != mid[from]) add_leg(l, LEG_PROMOTE, to, to)->piece = after[to];
}

/* The legs of one step played from `pos` to `next`. */
static void step_legs(Legs *l, const Position *pos, const Position *next, Move m) {
    const Piece *before = pos->board, *after = next->board;
    Piece mid[SQ_MAX];
    int from = move_from(m), to = move_to(m), aux = move_aux(m);
    memcpy(mid, before, sizeof mid);
    switch (move_kind(m)) {
    case MK_CASTLE: castle_leg(l, before, after, from, to); break;
    case MK_DISPLACE:
        add_leg(l, LEG_MOVE, from, to);
        push_leg(l, before, after, to, aux);
        break;
    case MK_DROP:
    case MK_TAKEBACK: place_leg(l, pos, m, to, after[to]); break;
    case MK_CHANGE: move_to_str(pos, m, add_leg(l, LEG_CHANGE, from, from)->text); break;
    case MK_REMOVE:
        add_leg(l, LEG_REMOVE, aux, aux)->piece = before[aux];
        mid[aux] = PIECE_NONE;
        if (from != SQ_NONE) path_legs(l, mid, after, from, to, aux);
        break;
    case MK_PURCHASE:
    case MK_PURCHASE_PUSH:
        place_leg(l, pos, m, aux, after[aux]);
        mid[aux] = after[aux];
        if (move_kind(m) == MK_PURCHASE) {
            path_legs(l, mid, after, from, to, aux);
        } else {
            int d = move_dir(m);
            add_leg(l, LEG_MOVE, from, to);
            push_leg(l, mid, after, to, geo_offset(pos->geo, to, dir_df[d], dir_dr[d]));
        }
        break;
    default: path_legs(l, mid, after, from, to, SQ_NONE); break;
    }
}

int turn_legs(const Position *before, const Move *steps, int nsteps, TurnLeg *legs) {
    Legs l = {before->side, before->geo->nsq, legs, 0};
    Position pos = *before;
    for (int i = 0; i < nsteps; i++) {
        Position next = pos;
        next.v->make(&next, steps[i]);
        step_legs(&l, &pos, &next, steps[i]);
        pos = next;
    }
    return l.n;
}

static void piece_str(const Variant *v, Piece p, char *buf) {
    const PieceDef *d = &v->pieces[piece_type(p)];
    char c = piece_color(p) == WHITE ? d->letter : (char)(d->letter | 0x20);
    snprintf(buf, 3, "%s%c", d->promoted ? "+" : "", c);
}

void turn_leg_str(const Position *before, const TurnLeg *leg, char *buf, size_t n) {
    const Geometry *g = before->geo;
    char a[3] = "", b[3] = "", c[3] = "", d[3] = "", p[3] = "";
    if (leg->from != SQ_NONE) square_to_str(g, leg->from, a);
    if (leg->to != SQ_NONE) square_to_str(g, leg->to, b);
    if (leg->sq != SQ_NONE) square_to_str(g, leg->sq, c);
    if (leg->sq2 != SQ_NONE) square_to_str(g, leg->sq2, d);
    if (leg->piece) piece_str(before->v, leg->piece, p);
    const char *role = role_names[leg->role];
    switch (leg->role) {
    case LEG_MOVE:
    case LEG_PUSH: snprintf(buf, n, "%s:%s%s", role, a, b); break;
    case LEG_CAPTURE:
    case LEG_POSSESS:
        if (!leg->piece) snprintf(buf, n, "%s:%s%s", role, a, b);
        else if (leg->sq != leg->to) snprintf(buf, n, "%s:%s%s:%s:%s", role, a, b, p, c);
        else snprintf(buf, n, "%s:%s%s:%s", role, a, b, p);
        break;
    case LEG_CASTLE: snprintf(buf, n, "%s:%s%s:%s%s", role, a, b, c, d); break;
    case LEG_REMOVE: snprintf(buf, n, "%s:%s:%s", role, a, p); break;
    case LEG_PROMOTE: snprintf(buf, n, "%s:%s:%s", role, b, p); break;
    default: snprintf(buf, n, "%s:%s", role, leg->text); break;
    }
}

/* The text of a turn's steps, each written on the position it was made from. */
static void turn_text(const Position *before, const Move *steps, int nsteps, GameTurn *t) {
    Position pos = *before;
    size_t len = 0;
    t->text[0] = 0;
    for (int i = 0; i < nsteps; i++) {
        char step[MOVE_STR_MAX];
        move_to_str(&pos, steps[i], step);
        len += (size_t)snprintf(t->text + len, sizeof t->text - len, "%s%s", i ? "," : "", step);
        if (len >= sizeof t->text) len = sizeof t->text - 1;
        pos.v->make(&pos, steps[i]);
    }
    if (before->v->san && nsteps == 1) move_to_san_marked(before, steps[0], t->san, sizeof t->san);
    else memcpy(t->san, t->text, sizeof t->san);
}

int game_each_turn(const Game *g, GameTurnFn fn, void *ctx) {
    Position pos = g->start;
    GameTurn t = {0};
    int i = 0;
    while (i < g->nsteps) {
        int j = i + 1;
        while (j < g->nsteps && !g->turn_start[j]) j++;
        t.before = &pos, t.steps = g->steps + i, t.nsteps = j - i;
        turn_text(&pos, t.steps, t.nsteps, &t);
        if (fn) fn(ctx, &t);
        for (int k = i; k < j; k++) pos.v->make(&pos, g->steps[k]);
        t.index++;
        i = j;
    }
    return t.index;
}

bool game_last_turn_str(const Game *g, char *buf, size_t n) {
    buf[0] = 0;
    if (!g->nsteps) return false;
    int first = g->nsteps - 1;
    while (first > 0 && !g->turn_start[first]) first--;
    Position before = g->start;
    for (int k = 0; k < first; k++) before.v->make(&before, g->steps[k]);
    TurnLeg legs[MAX_TURN_LEGS];
    int count = turn_legs(&before, g->steps + first, g->nsteps - first, legs);
    size_t len = 0;
    for (int i = 0; i < count && len + 1 < n; i++) {
        char leg[64];
        turn_leg_str(&before, &legs[i], leg, sizeof leg);
        len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? " " : "", leg);
    }
    return true;
}
