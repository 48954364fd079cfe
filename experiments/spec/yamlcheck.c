/*
 * yamlcheck.c - the depth and syntax check every spec passes before it is loaded
 * (yamlcheck.h says why).
 */
#include "yamlcheck.h"

#include <stdio.h>
#include <yaml.h>

#include "error.h"

int cs_yaml_check(const char *text, size_t len, const char *source, char *err, size_t err_len) {
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser)) {
        snprintf(err, err_len, "%s: cannot start the YAML parser", source);
        return CS_ENOMEM;
    }
    yaml_parser_set_input_string(&parser, (const unsigned char *)text, len);
    int depth = 0, rc = 0;
    for (;;) {
        yaml_event_t event;
        if (!yaml_parser_parse(&parser, &event)) {
            snprintf(err, err_len, "%s:%d: YAML error: %s%s%s", source,
                     (int)parser.problem_mark.line + 1, parser.problem ? parser.problem : "unknown",
                     parser.context ? " " : "", parser.context ? parser.context : "");
            rc = CS_ESYNTAX;
            break;
        }
        yaml_event_type_t type = event.type;
        if (type == YAML_MAPPING_START_EVENT || type == YAML_SEQUENCE_START_EVENT) {
            if (++depth > CS_YAML_DEPTH_MAX) {
                snprintf(err, err_len,
                         "%s:%d: nested deeper than %d levels of mappings and sequences (no spec "
                         "needs more than a few)",
                         source, (int)event.start_mark.line + 1, CS_YAML_DEPTH_MAX);
                rc = CS_ESYNTAX;
            }
        } else if (type == YAML_MAPPING_END_EVENT || type == YAML_SEQUENCE_END_EVENT)
            depth--;
        yaml_event_delete(&event);
        if (rc != 0 || type == YAML_STREAM_END_EVENT) break;
    }
    yaml_parser_delete(&parser);
    return rc;
}
