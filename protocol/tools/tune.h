#ifndef RATNIK_TUNE_H
#define RATNIK_TUNE_H

/* `ratnik tune ...`: Texel tuning of a variant's evaluation parameters
 * (protocol/tools/tune.c, docs/evaluation.md "Tuning"). */
int tune_main(int argc, char **argv);

#endif
