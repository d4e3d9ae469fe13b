#ifndef RATNIK_PERFTREE_H
#define RATNIK_PERFTREE_H

/* `ratnik perftree ...` (argv[0] is "perftree"): 0 when counted, 2 for a
 * bad argument, FEN or move (said on stderr). */
int perftree_main(int argc, char **argv);

#endif
