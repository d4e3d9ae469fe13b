/* FEN as ../shared/RULES.md's common conventions define it:
 * <board>[<holdings>] <side> <castling> <ep> <halfmove> <fullmove>. */
#ifndef RATNIK_FEN_H
#define RATNIK_FEN_H

#include "variant.h"

enum { FEN_MAX = 256 };

/* Reads `fen` for variant `v` into pos. On failure returns false, leaves a
 * one-line reason in err and pos in an unspecified state (parse into a copy). */
bool fen_parse(Position *pos, const Variant *v, const char *fen, char *err, size_t errlen);
void fen_write(const Position *pos, char *buf, size_t n);

#endif
