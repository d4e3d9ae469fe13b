#ifndef RATNIK_PERFT_CLI_H
#define RATNIK_PERFT_CLI_H

/* `ratnik perft ...` (argv[0] is "perft"). Returns the process exit code:
 * 0 all counts right, 1 a mismatch or bad suite line, 2 bad usage. */
int perft_cli_main(int argc, char **argv);

#endif
