/*
 * defaultspec.c - the text of experiments/default.yaml, built in so that `cribsim run` with no
 * arguments runs the default experiment from any folder. tests/test_specfile.c checks that it
 * equals the file, so edit both together.
 */
#include "defaultspec.h"

const char cs_default_spec[] =
    "# default.yaml - the experiment `cribsim run` plays when given no spec: the strategy ladder "
    "on\n"
    "# two-player rules, each rung against the rung below it (and expected against random), in\n"
    "# duplicate deals (every card sequence played twice, the seats swapped), sized so the whole\n"
    "# experiment gives a clear answer in about a minute on two cores: the fast rungs play 20,000\n"
    "# games; mc, a thousand times slower than expected, plays 1,000 (most of the minute).\n"
    "#\n"
    "# cribsim carries this text built in (experiments/defaultspec.c; a test keeps the two "
    "equal),\n"
    "# so `cribsim run` works from any folder. Run it as a file to change it:\n"
    "#     cribsim run experiments/default.yaml --seed 2 -o my-ladder\n"
    "name: ladder\n"
    "description: the strategy ladder, each rung against the one below, two-player rules\n"
    "output: ladder\n"
    "rules: two\n"
    "seed: 1\n"
    "duplicate: true\n"
    "record: games\n"
    "arms:\n"
    "  - name: greedy-random\n"
    "    seats: [greedy, random]\n"
    "    games: 20000\n"
    "  - name: expected-greedy\n"
    "    seats: [expected, greedy]\n"
    "    games: 20000\n"
    "  - name: expected-random\n"
    "    seats: [expected, random]\n"
    "    games: 4000\n"
    "  - name: mc-expected\n"
    "    seats: [mc, expected]\n"
    "    games: 1000\n";
