/* Opening the files a user names: books, EPD and PGN sets, test suites,
 * results. Readers open only regular files and never block: a FIFO, a
 * terminal or another device can keep open() or the first read waiting for
 * ever, and a session stuck there answers nothing, not even `quit`; a
 * directory opens, then reads as an error or seeks to an absurd size.
 * Writers do not wait for a reader that is not there either. */
#ifndef RATNIK_FILEIO_H
#define RATNIK_FILEIO_H

#include <stdbool.h>
#include <stdio.h>

/* A regular file, opened for reading (close-on-exec). NULL with the reason
 * in err ("No such file or directory", "is a directory", "not a regular
 * file (a FIFO)"); the caller names the file. *size, when size is not
 * NULL, is the file's length in bytes. */
FILE *file_open_read(const char *path, long long *size, char *err, size_t errlen);

/* The whole of a regular file, NUL-terminated (the NUL not counted in
 * *len): NULL with the reason in err, the caller naming the file. A file
 * longer than max bytes is refused before anything is allocated for it,
 * so that a user's file cannot make a session take any amount of memory. */
char *file_read_all(const char *path, long long max, size_t *len, char *err, size_t errlen);

/* A file opened for writing ("w") or appending ("a"), created when missing
 * (close-on-exec). A FIFO without a reader is refused rather than waited
 * for. NULL with the reason in err. */
FILE *file_open_write(const char *path, bool append, char *err, size_t errlen);

/* Flushes f and reports whether every write to it so far succeeded; the
 * reason in err when not. Results files are checked with this before they
 * are closed, and stdout at the end of a tool. */
bool file_flush_ok(FILE *f, char *err, size_t errlen);

/* file_flush_ok, then fclose: false (reason in err) if anything written
 * was lost. */
bool file_close_ok(FILE *f, char *err, size_t errlen);

#endif
