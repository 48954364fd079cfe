/*
 * condwait.h - condition-variable waits that never sleep without a bound.
 *
 * A thread that waits on a condition variable must have checked, with the mutex held and not let
 * go of since, that what it waits for has not happened yet; otherwise a broadcast made while
 * the mutex was free is missed and the thread sleeps for good. The runner had one such wait (a
 * helper thread that had just let go of the lock to compress a chunk, found by gdb asleep with
 * every batch written while the team had finished: test_runner under clang's AddressSanitizer,
 * about once in a hundred runs on a loaded two-core machine); runner.c's help_writer() now
 * makes its callers look again. These waits are the second line: a slip of that kind, or a
 * lost wakeup in the C library's condition variables, costs at most CS_COND_WAIT_MS instead
 * of a run that never ends.
 *
 * Every wait in the runner and the run-file writer rechecks what it waits for in a loop, so
 * waking without a signal is always correct; these waits wake at least every CS_COND_WAIT_MS,
 * which bounds what a lost wakeup can cost and leaves the loops' logic unchanged. The clock is
 * monotonic, so a change of the wall clock cannot stretch a wait.
 */
#ifndef CS_CONDWAIT_H
#define CS_CONDWAIT_H

#include <pthread.h>
#include <time.h>

/* The longest a waiting thread sleeps before it looks again. */
#define CS_COND_WAIT_MS 20

/* Initialises a condition variable for cs_cond_wait (monotonic clock). Returns 0 or an errno. */
static inline int cs_cond_init(pthread_cond_t *cv) {
    pthread_condattr_t attr;
    int rc = pthread_condattr_init(&attr);
    if (rc != 0) return rc;
    rc = pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    if (rc == 0) rc = pthread_cond_init(cv, &attr);
    pthread_condattr_destroy(&attr);
    return rc;
}

/* Waits on cv (made by cs_cond_init) with mu held, for a signal or CS_COND_WAIT_MS at most;
 * the caller rechecks its condition either way. */
static inline void cs_cond_wait(pthread_cond_t *cv, pthread_mutex_t *mu) {
#ifdef CS_COND_WAIT_UNBOUNDED /* a check build: any wait that relies on its bound then hangs */
    pthread_cond_wait(cv, mu);
    return;
#endif
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    t.tv_nsec += CS_COND_WAIT_MS * 1000000L;
    if (t.tv_nsec >= 1000000000L) {
        t.tv_sec++;
        t.tv_nsec -= 1000000000L;
    }
    pthread_cond_timedwait(cv, mu, &t);
}

#endif
