/*
 * commands.h - the subcommands of the cribsim executable. Each takes the arguments after its
 * name (argv[0] is the subcommand's name) and returns the exit status: 0 success, 1 a failure
 * while running, 2 bad usage or input (docs/architecture.md).
 */
#ifndef CS_COMMANDS_H
#define CS_COMMANDS_H

#define CS_EXIT_OK      0
#define CS_EXIT_FAILURE 1
#define CS_EXIT_USAGE   2

/* X(name, function, summary) */
#define CS_COMMAND_LIST(X)                                                                         \
    X("score", cs_cmd_score, "score a hand or crib with its starter")                              \
    X("peg", cs_cmd_peg, "points for the last card laid in the play")                              \
    X("hand-stats", cs_cmd_hand_stats, "the exact distribution of show scores")                    \
    X("advise", cs_cmd_advise, "rank every discard: expected hand, crib, pegging, win chance")     \
    X("play", cs_cmd_play, "play one game and print it deal by deal; seat yourself as human")      \
    X("strategies", cs_cmd_strategies, "list the strategies and their parameters")                 \
    X("match", cs_cmd_match, "duplicate games between two strategies, with intervals")             \
    X("run", cs_cmd_run, "run an experiment and write an HDF5 file")                               \
    X("replay", cs_cmd_replay, "print one recorded game deal by deal")                             \
    X("merge", cs_cmd_merge, "join shard files into one")                                          \
    X("event", cs_cmd_event, "simulate club events (tournaments, brackets, leagues)")              \
    X("bench", cs_cmd_bench, "throughput figures")

#define CS_COMMAND_DECLARE(name, fn, summary) int fn(int argc, char **argv);
CS_COMMAND_LIST(CS_COMMAND_DECLARE)
#undef CS_COMMAND_DECLARE

#endif
