/* error.c - names and messages for the codes in error.h, generated from CS_ERR_LIST. */
#include "error.h"

const char *cs_err_name(int err) {
    switch (err) {
#define CS_ERR_NAME(name, value, msg)                                                              \
    case value: return #name;
        CS_ERR_LIST(CS_ERR_NAME)
#undef CS_ERR_NAME
    default: return "UNKNOWN_ERROR";
    }
}

const char *cs_err_message(int err) {
    switch (err) {
#define CS_ERR_MSG(name, value, msg)                                                               \
    case value: return msg;
        CS_ERR_LIST(CS_ERR_MSG)
#undef CS_ERR_MSG
    default: return "unknown error";
    }
}
