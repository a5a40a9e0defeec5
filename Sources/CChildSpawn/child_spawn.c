#define _GNU_SOURCE
#include "child_spawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <linux/close_range.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/// Puts `fd` on `target` for exec to keep: dup2 clears close-on-exec on the copy, but does nothing when the two are
/// the same descriptor, which then only needs the flag cleared.
static int place(int fd, int target) {
    if (fd == target) return fcntl(fd, F_SETFD, 0);
    return dup2(fd, target) < 0 ? -1 : 0;
}

/// In a tied child, between fork and exec: only async-signal-safe calls (the parent has other threads, whose locks
/// the child inherits held). Returns only on failure, with the errno to report.
static int become(
    pid_t parent, const char *path, char *const argv[], char *const envp[], const char *directory, int stdout_fd,
    int stderr_fd, pid_t process_group) {
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
    if (process_group >= 0 && setpgid(0, process_group) != 0) return errno;
    if (directory != NULL && chdir(directory) != 0) return errno;

    int input = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (input < 0) return errno;
    if (place(input, STDIN_FILENO) != 0) return errno;
    if (place(stdout_fd, STDOUT_FILENO) != 0) return errno;
    if (place(stderr_fd, STDERR_FILENO) != 0) return errno;
    // Descriptors the parent opened without close-on-exec (a file another thread is writing, a lock) must not
    // live on in the child: marked, not closed, so that the report pipe still says why an exec failed.
    if (syscall(SYS_close_range, 3, ~0U, CLOSE_RANGE_CLOEXEC) != 0) {
        // Kernels before 5.11 have no CLOSE_RANGE_CLOEXEC: each descriptor the limit allows, one at a time.
        struct rlimit limit;
        if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return errno;
        rlim_t last = limit.rlim_cur < (1 << 20) ? limit.rlim_cur : (1 << 20);
        for (rlim_t fd = 3; fd < last; fd++) (void)fcntl((int)fd, F_SETFD, FD_CLOEXEC);
    }
    execve(path, argv, envp);
    return errno;
}

/// posix_spawn, which clones without copying this process's memory: a test runner's or a benchmark's is large, and
/// until the child's exec closes them it holds a copy of every descriptor (a data directory's lock among them).
static pid_t spawn(
    const char *path, char *const argv[], char *const envp[], const char *directory, int stdout_fd, int stderr_fd,
    pid_t process_group, int *error) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int status = posix_spawn_file_actions_init(&actions);
    if (status != 0) {
        *error = status;
        return -1;
    }
    status = posix_spawnattr_init(&attributes);
    if (status != 0) {
        posix_spawn_file_actions_destroy(&actions);
        *error = status;
        return -1;
    }
    sigset_t none, stops;
    sigemptyset(&none);
    sigemptyset(&stops);
    sigaddset(&stops, SIGINT);
    sigaddset(&stops, SIGTERM);
    sigaddset(&stops, SIGHUP);
    short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
    if (process_group >= 0) flags |= POSIX_SPAWN_SETPGROUP;
    if (status == 0) status = posix_spawnattr_setsigmask(&attributes, &none);
    if (status == 0) status = posix_spawnattr_setsigdefault(&attributes, &stops);
    if (status == 0 && process_group >= 0) status = posix_spawnattr_setpgroup(&attributes, process_group);
    if (status == 0) status = posix_spawnattr_setflags(&attributes, flags);
    if (status == 0 && directory != NULL) status = posix_spawn_file_actions_addchdir_np(&actions, directory);
    if (status == 0) status = posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    // dup2 clears close-on-exec on the copy, so only that copy survives the exec.
    if (status == 0) status = posix_spawn_file_actions_adddup2(&actions, stdout_fd, STDOUT_FILENO);
    if (status == 0) status = posix_spawn_file_actions_adddup2(&actions, stderr_fd, STDERR_FILENO);
    // Nothing else the parent has open reaches the child, close-on-exec or not.
    if (status == 0) status = posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    pid_t child = -1;
    if (status == 0) status = posix_spawn(&child, path, &actions, &attributes, argv, envp);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    if (status != 0) {
        *error = status;
        return -1;
    }
    return child;
}

pid_t segue_child_spawn(
    const char *path, char *const argv[], char *const envp[], const char *directory, int stdout_fd, int stderr_fd,
    pid_t process_group, int tied, int *error) {
    if (!tied) return spawn(path, argv, envp, directory, stdout_fd, stderr_fd, process_group, error);
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
        int failure = become(parent, path, argv, envp, directory, stdout_fd, stderr_fd, process_group);
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
