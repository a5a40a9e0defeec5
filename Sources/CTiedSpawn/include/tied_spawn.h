#ifndef SEGUE_TIED_SPAWN_H
#define SEGUE_TIED_SPAWN_H

#include <sys/types.h>

/// Starts `path` with `argv` and `envp` as a child that the kernel sends SIGTERM when this thread ends (the
/// process exits, is killed, crashes): prctl(PR_SET_PDEATHSIG) between fork and exec, which posix_spawn cannot
/// do. The child's standard input is /dev/null, its standard output `stdout_fd`, its standard error the file
/// `stderr_path` (created or truncated), and it starts with no signal blocked and SIGINT, SIGTERM and SIGHUP at
/// their default actions.
///
/// Returns the child's pid, or -1 with `*error` set to the errno of what failed (exec included).
pid_t segue_tied_spawn(
    const char *path, char *const argv[], char *const envp[], int stdout_fd, const char *stderr_path, int *error);

#endif
