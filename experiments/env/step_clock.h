/*
 * step_clock.h - which thread count a batch's next step runs on (cs_env.c), apart from the
 * batch so that its tests can give it times.
 *
 * Threads that never hurt. A step on several threads waits for all of them; on a machine busy
 * with other work a thread the system has set aside holds up the step (by a time slice,
 * milliseconds, where a step takes a fraction of one), and two threads ran slower than one. So
 * a batch times its steps on one thread and on `threads` (the seconds of each, a running mean
 * with weight 1/CS_CLOCK_WEIGHT for the newest, a step counted at most CS_CLOCK_CLIP times the
 * mean: on an idle machine one step in thousands is held up for a time slice, which counted
 * whole made two threads look slower than one for hundreds of steps, while a load that lasts
 * lifts the mean within a few), steps on whichever is faster (two threads on a tie), and tries
 * the other now and then: after CS_CLOCK_EVERY steps, and after twice as many each time the
 * try is slower than the other's mean, up to CS_CLOCK_MAX. A try on two threads of a busy
 * machine can cost a time slice; tried at every 16th step it cost two threads a quarter of
 * their speed, and backing off makes it a few per cent, while a change of load is still seen
 * within CS_CLOCK_MAX steps (and at once where the faster count slows down). The games are the
 * same whatever the count (each slot is stepped on its own), so the choice changes no data.
 */
#ifndef CS_STEP_CLOCK_H
#define CS_STEP_CLOCK_H

#define CS_CLOCK_EVERY  16
#define CS_CLOCK_MAX    1024
#define CS_CLOCK_WEIGHT 4
#define CS_CLOCK_CLIP   4

typedef struct {
    double time[2]; /* mean seconds a step: [0] one thread, [1] several; 0 unmeasured */
    int probe;      /* steps until the other count is tried */
    int every;      /* steps between two tries: CS_CLOCK_EVERY to CS_CLOCK_MAX (0: not yet) */
    int probing;    /* this step tries the slower count: -1 no, else the faster's index */
} cs_step_clock;

/* Whether the next step runs on several threads (1) or on one (0): the faster by the times so
 * far, the other when the try is due, and each until it has a time. Counts nothing. */
static inline int cs_clock_next(const cs_step_clock *c) {
    if (c->time[1] == 0) return 1;
    if (c->time[0] == 0) return 0;
    int faster = c->time[1] <= c->time[0];
    return c->probe > 1 ? faster : !faster;
}

/* cs_clock_next(), counting the steps to the next try of the other count. */
static inline int cs_clock_choose(cs_step_clock *c) {
    int many = cs_clock_next(c);
    c->probing = -1;
    if (c->time[0] > 0 && c->time[1] > 0 && --c->probe <= 0) {
        c->probing = !many;
        if (c->every < CS_CLOCK_EVERY) c->every = CS_CLOCK_EVERY;
        c->probe = c->every;
    }
    return many;
}

/* The step's seconds into its count's mean; after a try, the next one later if the try was
 * slower than the faster count's mean, and soon (CS_CLOCK_EVERY) if it was not: a mean held up
 * by one slow step (the first, a moment's load) comes back down within a few tries. */
static inline void cs_clock_record(cs_step_clock *c, int many, double seconds) {
    double *t = &c->time[many];
    int tried = c->probing >= 0 && c->time[c->probing] > 0;
    int slower = tried && seconds > c->time[c->probing];
    double counted = *t > 0 && seconds > CS_CLOCK_CLIP * *t ? CS_CLOCK_CLIP * *t : seconds;
    *t = *t == 0 ? seconds : *t + (counted - *t) / CS_CLOCK_WEIGHT;
    if (c->probing < 0) return;
    if (slower)
        c->every = c->every * 2 > CS_CLOCK_MAX ? CS_CLOCK_MAX : c->every * 2;
    else
        c->every = CS_CLOCK_EVERY;
    c->probe = c->every;
}

#endif
