/* The storm client's side of the daemon process: starting it, signalling
 * and reaping it, and sampling its threads, descriptors and RSS from /proc. */
#ifndef RATNIK_STORM_PROC_H
#define RATNIK_STORM_PROC_H

#include <stdbool.h>
#include <sys/types.h>

typedef struct {
    pid_t pid;
    int port;
    char log[64];     /* the daemon's stderr */
    double signal_ms; /* when daemon_signal last sent a signal */
} DaemonProc;

typedef struct {
    int threads, fds;
    long rss_kb;
} ProcSample;

/* Runs argv[0] --listen 127.0.0.1:0 argv[1..] and reads the port it chose. */
bool daemon_start(DaemonProc *d, char **argv);
void daemon_signal(DaemonProc *d, int sig);
/* The exit status (128 + signal if killed by one), or -1 if the daemon is
 * still running after ms (it is then killed). */
int daemon_wait(DaemonProc *d, int ms);
void daemon_dump_log(const DaemonProc *d);
void daemon_remove_log(const DaemonProc *d);

bool proc_sample(ProcSample *s, pid_t pid);
/* Raises each field of peak to the current sample's. */
void proc_peak(ProcSample *peak, pid_t pid);
/* Samples until threads and descriptors hold still (at most ms). */
void proc_settle(ProcSample *s, pid_t pid, int ms);
/* Waits until threads and descriptors are at most the baseline's and RSS
 * at most slack_kb above it: the ms that took, or -1 after bound_ms. */
double proc_wait_baseline(ProcSample *now, pid_t pid, const ProcSample *base, long slack_kb, double bound_ms);

#endif
