#ifndef RATNIK_CLI_H
#define RATNIK_CLI_H

/* `ratnik <command> ...`: perft, bench. Returns the process exit code. */
int cli_main(int argc, char **argv);

#endif
