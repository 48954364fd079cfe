/*
 * runcheck.h - what a run file read from disk must satisfy before anything uses it. A run file
 * is data from outside (someone may have sent it, a disk may have damaged it), so every read
 * path (replay, merge, --resume, the analysis's own copy in Python) goes through these checks,
 * kept in this one place:
 *
 *   - the root attributes: the rules parse and make sense, there is one seat per player and
 *     each seat spec is printable text, the shard and game ranges are ordered (begin <= end <=
 *     games requested, completed games within the range), rotations fit the seats;
 *   - each /games row: its game index is the row's place, the first dealer, the winner and the
 *     rotation are in range, every present seat's score is a score and every absent one -1,
 *     skunk levels are 0..3 and a lurch 0 or 1;
 *   - each /deals row: deals in order within the file (game non-decreasing, deal numbers
 *     counting up within a game), every card code a card or 255, the dealer and the seats of
 *     the plays in range, at most 16 plays.
 *
 * Each check returns 0, or CS_ECONFIG with a sentence naming the file, the row and the field
 * in why.
 */
#ifndef CS_RUNCHECK_H
#define CS_RUNCHECK_H

#include <stddef.h>
#include <stdint.h>

#include "h5io.h"
#include "rules.h"

/* Checks the root attributes and fills *rules from them. */
int cs_runcheck_meta(const cs_h5_meta *m, const char *path, cs_rules *rules, char *why,
                     size_t why_len);

/* Checks rows first..first+n-1 of /games (row i must be game game_begin + first + i). */
int cs_runcheck_games(const cs_h5_meta *m, const cs_rules *rules, const char *path, uint64_t first,
                      const cs_games_row *rows, size_t n, char *why, size_t why_len);

/* Checks n consecutive /deals rows, the first at row `first`; prev (may be NULL) is the row
 * before them, for the order. */
int cs_runcheck_deals(const cs_h5_meta *m, const cs_rules *rules, const char *path, uint64_t first,
                      const cs_deal_record *prev, const cs_deal_record *rows, size_t n, char *why,
                      size_t why_len);

#endif
