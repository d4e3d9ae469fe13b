#ifndef RATNIK_SELFPLAY_H
#define RATNIK_SELFPLAY_H

/* `ratnik selfplay ...`: see protocol/match/selfplay.c. */
int selfplay_main(int argc, char **argv);

#endif
