/*
 * condwait.h - condition-variable waits that never sleep without a bound.
 *
 * Debian 12's C library (glibc 2.36) can lose a wakeup: a thread blocked in pthread_cond_wait
 * may sleep through a pthread_cond_broadcast made, under the mutex, after the state it waits
 * on changed (glibc bug 25847, in its condition variables' group switching). It was seen
 * here: a runner thread asleep in its last wait with every batch written (write_seq ==
 * next_seq) while the team had finished, so the run never returned (test_runner under clang's
 * AddressSanitizer, about once in a few hundred runs on a loaded two-core machine).
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
