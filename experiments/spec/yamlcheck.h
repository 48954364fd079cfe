/*
 * yamlcheck.h - the first pass over a YAML spec, before libyaml's loader builds a tree of it.
 *
 * libyaml spends time that grows with the square of the nesting depth: its scanner walks the
 * stack of possible keys, one entry per open flow collection, at every token, so 156 KB of
 * '[' nested 80,000 deep took 15 s to read, and a 16 MB file would take hours. No spec comes
 * near a tenth of CS_YAML_DEPTH_MAX levels (the deepest shipped spec nests four: arms, an arm,
 * its rules, a rule's value), so a document nested deeper is refused as soon as the parser
 * opens the collection one level too deep: the stacks never grow past that depth, and the
 * check's time grows with the text's length only.
 *
 * Both spec readers (specfile.c for experiments, eventspec.c for events) call it first.
 */
#ifndef CS_YAMLCHECK_H
#define CS_YAMLCHECK_H

#include <stddef.h>

/* The deepest nesting of mappings and sequences a spec may have (the document's top mapping
 * is level 1). */
#define CS_YAML_DEPTH_MAX 64

/*
 * Parses the text event by event without building a tree. Returns 0 if it is well-formed
 * YAML whose collections nest at most CS_YAML_DEPTH_MAX deep, in every document of the
 * stream; else CS_ESYNTAX with "SOURCE:LINE: YAML error: ..." or "SOURCE:LINE: nested deeper
 * than 64 levels ..." in err (LINE: the first line of the collection one level too deep), or
 * CS_ENOMEM if libyaml could not start.
 */
int cs_yaml_check(const char *text, size_t len, const char *source, char *err, size_t err_len);

#endif
