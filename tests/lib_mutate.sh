# lib_mutate.sh - the options tests/mutate.sh (C) and tests/mutate_py.sh (Python) share,
# parsed in one place. Sourced by them; not a test.
#
#   -n N        at most N mutants per file, a sample drawn with -s (0: all)
#   -s SEED     the sample's seed, so a sample is the same on every run
#   -T SECONDS  a mutant whose tests run longer than this is killed
#   -t TESTS    the tests to run on each mutant (each script says how they are named)
#   -l          list the mutants and exit
#
# mutate_options EXTRA HANDLER ARGS...: parses ARGS' options, the shared ones above into
# sample, seed, timeout, tests and list (the caller sets their defaults first), and those of
# EXTRA (getopts letters, e.g. "b:j:") by calling HANDLER LETTER VALUE. An unknown option, or a
# count that is not a whole number, calls the caller's `usage` and exits with status 2.
# Sets mutate_shift to the number of arguments the options took.
mutate_options() {
    local extra=$1 handler=$2 opt OPTIND=1
    shift 2
    while getopts "n:s:T:t:l$extra" opt; do
        case $opt in
        n) sample=$OPTARG ;;
        s) seed=$OPTARG ;;
        T) timeout=$OPTARG ;;
        t) tests=$OPTARG ;;
        l) list=1 ;;
        \?)
            usage
            exit 2
            ;;
        *) "$handler" "$opt" "${OPTARG:-}" ;;
        esac
    done
    local value
    for value in "$sample" "$seed" "$timeout"; do
        case $value in
        '' | *[!0-9]*)
            echo "$(basename "$0"): '$value' is not a whole number (-n, -s, -T)" >&2
            usage
            exit 2
            ;;
        esac
    done
    mutate_shift=$((OPTIND - 1))
}
