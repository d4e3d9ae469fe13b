#ifndef RATNIK_TACTICS_H
#define RATNIK_TACTICS_H

/* `ratnik tactics FILE [--movetime MS] [--variant NAME] [--threads N] [--hash MB]` */
int tactics_main(int argc, char **argv);

#endif
