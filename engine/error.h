/*
 * error.h - the engine's error codes, their names and their messages, from one list.
 *
 * Functions that can fail return 0 for success or a negative cs_err, and have no side effects
 * on failure. The list below is the only place a code is defined; cs_err_name() and
 * cs_err_message() are generated from it.
 */
#ifndef CS_ERROR_H
#define CS_ERROR_H

/* X(NAME, value, message) */
#define CS_ERR_LIST(X)                                                                             \
    X(OK, 0, "success")                                                                            \
    X(EBADCARD, -1, "malformed card")                                                              \
    X(EDUPCARD, -2, "duplicate card")                                                              \
    X(ECOUNT, -3, "wrong number of cards")                                                         \
    X(ERANGE, -4, "value out of range")                                                            \
    X(EUNKNOWN, -5, "unknown name")                                                                \
    X(ECONFIG, -6, "rule combination makes no sense")                                              \
    X(EILLEGAL, -7, "illegal move")                                                                \
    X(ESTATE, -8, "call not allowed in this phase")                                                \
    X(ENOMEM, -9, "out of memory")                                                                 \
    X(EIO, -10, "input or output failed")                                                          \
    X(EAGENT, -11, "agent failed")                                                                 \
    X(ESYNTAX, -12, "syntax error")                                                                \
    X(EINTERRUPT, -13, "interrupted")                                                              \
    X(EPENDING, -14, "decision pending: the seat's agent answers later")                           \
    X(ECODE, -15, "refused: the spec runs outside code (exec:, plugin:)")

typedef enum {
#define CS_ERR_ENUM(name, value, msg) CS_##name = (value),
    CS_ERR_LIST(CS_ERR_ENUM)
#undef CS_ERR_ENUM
} cs_err;

/* "EBADCARD" for CS_EBADCARD; "UNKNOWN_ERROR" for a value not in the list. */
const char *cs_err_name(int err);
/* "malformed card" for CS_EBADCARD; "unknown error" for a value not in the list. */
const char *cs_err_message(int err);

#endif
