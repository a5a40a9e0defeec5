#define _GNU_SOURCE
#include "tied_spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

/// In the child, between fork and exec: only async-signal-safe calls (the parent has other threads, whose locks
/// the child inherits held). Returns only on failure, with the errno to report.
static int become(
    pid_t parent, const char *path, char *const argv[], char *const envp[], int stdout_fd, const char *stderr_path) {
    // A SIGTERM before exec must end the child, not run the parent's handler in it.
    struct sigaction defaults = {.sa_handler = SIG_DFL};
    sigemptyset(&defaults.sa_mask);
    const int stops[] = {SIGINT, SIGTERM, SIGHUP};
    for (unsigned i = 0; i < sizeof stops / sizeof stops[0]; i++) {
        if (sigaction(stops[i], &defaults, NULL) != 0) return errno;
    }
    sigset_t none;
    sigemptyset(&none);
    if (sigprocmask(SIG_SETMASK, &none, NULL) != 0) return errno;
    if (prctl(PR_SET_PDEATHSIG, SIGTERM) != 0) return errno;
    // The parent may have ended before the request: nobody would send the signal then.
    if (getppid() != parent) return ESRCH;

    int input = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (input < 0) return errno;
    if (dup2(input, STDIN_FILENO) < 0) return errno;
    if (dup2(stdout_fd, STDOUT_FILENO) < 0) return errno;
    int log = open(stderr_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (log < 0) return errno;
    if (dup2(log, STDERR_FILENO) < 0) return errno;
    execve(path, argv, envp);
    return errno;
}

pid_t segue_tied_spawn(
    const char *path, char *const argv[], char *const envp[], int stdout_fd, const char *stderr_path, int *error) {
    // The child reports a failure before exec through this pipe; exec closes it, which says it succeeded.
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) {
        *error = errno;
        return -1;
    }
    pid_t parent = getpid();
    pid_t child = fork();
    if (child < 0) {
        *error = errno;
        close(report[0]);
        close(report[1]);
        return -1;
    }
    if (child == 0) {
        close(report[0]);
        int failure = become(parent, path, argv, envp, stdout_fd, stderr_path);
        ssize_t ignored = write(report[1], &failure, sizeof failure);
        (void)ignored;
        _exit(127);
    }
    close(report[1]);
    int failure = 0;
    ssize_t count;
    do {
        count = read(report[0], &failure, sizeof failure);
    } while (count < 0 && errno == EINTR);
    close(report[0]);
    if (count == (ssize_t)sizeof failure) {
        while (waitpid(child, NULL, 0) < 0 && errno == EINTR) {
        }
        *error = failure;
        return -1;
    }
    return child;
}
