#ifndef SEGUE_CHILD_SPAWN_H
#define SEGUE_CHILD_SPAWN_H

#include <sys/types.h>

/// Starts `path` with `argv` and `envp` as a child: with posix_spawn, or, when `tied`, with fork, only
/// async-signal-safe calls in the child, and exec. The child's standard input is /dev/null, its standard output `stdout_fd` and its standard error `stderr_fd`; it
/// starts with no signal blocked and SIGINT, SIGTERM and SIGHUP at their default actions (whatever the spawning
/// thread blocks or handles), in `directory` unless that is NULL, in the process group `process_group` (0: a new
/// one of its own) unless that is -1. When `tied` is nonzero the kernel sends it SIGTERM when the spawning thread
/// ends (the process exits, is killed, crashes): prctl(PR_SET_PDEATHSIG), which posix_spawn cannot do (fork copies
/// the parent's memory first, which a small process like `segue` can afford).
///
/// Returns the child's pid, or -1 with `*error` set to the errno of what failed (exec included).
pid_t segue_child_spawn(
    const char *path, char *const argv[], char *const envp[], const char *directory, int stdout_fd, int stderr_fd,
    pid_t process_group, int tied, int *error);

#endif
