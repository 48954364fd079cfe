/*
 * eventlimits.h - the bounds of an event, shared by the event runner (events/) and the event
 * file (io/), which checks a file against them before trusting its counts. One place for
 * them, below both layers.
 */
#ifndef CS_EVENTLIMITS_H
#define CS_EVENTLIMITS_H

#include <stdint.h>

/* Most entrants in one event's field. */
#define CS_EVENT_ENTRANTS_MAX 256
/* Longest entrant name and club name, terminator included. */
#define CS_EVENT_NAME_MAX 48
/* Games one event may play (a season of 52 league nights of 30 tables, say, is 6,240). */
#define CS_EVENT_GAMES_MAX 65536
/* Distinct strategy specs in one field. */
#define CS_EVENT_STRATEGIES_MAX 16
/* Most events one file may ask for (--events). */
#define CS_EVENT_EVENTS_MAX (UINT64_C(1) << 40)

#endif
