/* Files named by users (fileio.h): regular files only for reading, and no
 * open that can wait for another process. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "fileio.h"

static const char *kind_of(mode_t mode) {
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a plain file";
}

/* The descriptor back to blocking reads and writes, as a stdio stream. */
static FILE *stream_of(int fd, const char *mode, char *err, size_t errlen) {
    int flags = fcntl(fd, F_GETFL);
    FILE *f = flags >= 0 && fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 ? fdopen(fd, mode) : NULL;
    if (!f) {
        snprintf(err, errlen, "%s", strerror(errno));
        close(fd);
    }
    return f;
}

FILE *file_open_read(const char *path, long long *size, char *err, size_t errlen) {
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        snprintf(err, errlen, "%s", strerror(errno));
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        snprintf(err, errlen, "%s", strerror(errno));
        close(fd);
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        if (S_ISDIR(st.st_mode)) snprintf(err, errlen, "is a directory");
        else snprintf(err, errlen, "not a regular file (%s)", kind_of(st.st_mode));
        close(fd);
        return NULL;
    }
    if (size) *size = (long long)st.st_size;
    return stream_of(fd, "r", err, errlen);
}

char *file_read_all(const char *path, long long max, size_t *len, char *err, size_t errlen) {
    long long size = 0;
    FILE *f = file_open_read(path, &size, err, errlen);
    if (!f) return NULL;
    if (size > max) {
        snprintf(err, errlen, "%lld bytes, more than the %lld MB limit", size, max >> 20);
        fclose(f);
        return NULL;
    }
    char *data = malloc((size_t)size + 1);
    size_t got = data ? fread(data, 1, (size_t)size, f) : 0;
    fclose(f);
    if (!data || got != (size_t)size) {
        snprintf(err, errlen, data ? "read error" : "out of memory");
        free(data);
        return NULL;
    }
    data[got] = 0;
    *len = got;
    return data;
}

FILE *file_open_write(const char *path, bool append, char *err, size_t errlen) {
    int fd = open(path, O_WRONLY | O_CREAT | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | (append ? O_APPEND : O_TRUNC), 0666);
    if (fd < 0) {
        /* a FIFO that nobody reads: open would otherwise wait for a reader */
        snprintf(err, errlen, "%s", errno == ENXIO ? "a FIFO that no process reads" : strerror(errno));
        return NULL;
    }
    return stream_of(fd, append ? "a" : "w", err, errlen);
}

bool file_flush_ok(FILE *f, char *err, size_t errlen) {
    errno = 0;
    if (fflush(f) == 0 && !ferror(f)) return true;
    snprintf(err, errlen, "%s", errno ? strerror(errno) : "write error");
    return false;
}

bool file_close_ok(FILE *f, char *err, size_t errlen) {
    bool ok = file_flush_ok(f, err, errlen);
    errno = 0;
    if (fclose(f) != 0 && ok) {
        snprintf(err, errlen, "%s", errno ? strerror(errno) : "write error");
        ok = false;
    }
    return ok;
}
