#ifndef RATNIK_DATAGEN_H
#define RATNIK_DATAGEN_H

/* `ratnik datagen ...`: self-play training positions (protocol/tools/datagen.c,
 * docs/evaluation.md "Training data"). */
int datagen_main(int argc, char **argv);

#endif
