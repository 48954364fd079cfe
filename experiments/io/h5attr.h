/*
 * h5attr.h - attributes of HDF5 objects (a file's root, in practice), written and read the one
 * way every cribsim file uses. Strings are written fixed-length (each padded to the longest,
 * UTF-8, NUL-terminated), so they live in the attribute's own header message, which the file
 * format checksums, rather than in the global heap, which it does not; readers accept both
 * kinds. Numbers are little-endian whatever the machine. Writing an attribute replaces one of
 * the same name. A failed write records its reason (h5err.h). Internal to io/.
 */
#ifndef CS_H5ATTR_H
#define CS_H5ATTR_H

#include <hdf5.h>
#include <stdint.h>

/* Deletes the attribute if it exists. Returns 0 or -1. */
int cs_h5_attr_remove(hid_t loc, const char *name);
/* Writes an attribute of file type ftype from buf (memory type mtype) over space. */
int cs_h5_attr_put(hid_t loc, const char *name, hid_t ftype, hid_t mtype, hid_t space,
                   const void *buf);
/* n strings as one array attribute, or (scalar) one string. */
int cs_h5_attr_put_strings(hid_t loc, const char *name, int n, const char *const *s, int scalar);
int cs_h5_attr_put_string(hid_t loc, const char *name, const char *s);
int cs_h5_attr_put_scalar(hid_t loc, const char *name, hid_t ftype, hid_t mtype, const void *v);
int cs_h5_attr_put_u64(hid_t loc, const char *name, uint64_t v);
int cs_h5_attr_put_int(hid_t loc, const char *name, int v);
int cs_h5_attr_put_double(hid_t loc, const char *name, double v);
/* An array of n 32-bit integers. */
int cs_h5_attr_put_ints(hid_t loc, const char *name, int n, const int *v);

/* A variable-length UTF-8 string type (for reading older files), or -1. */
hid_t cs_h5_vlen_string_type(void);

/* Reads a string attribute (scalar, or element `index` of an array) into buf. Returns 0, 1 if
 * the attribute is missing, -1 if it is not a string or cannot be read. *count gets the
 * number of elements when not NULL. */
int cs_h5_attr_get_string_at(hid_t loc, const char *name, int index, char *buf, size_t len,
                             int *count);
/* A scalar string attribute of any length, malloc'd; NULL if missing or not one. */
char *cs_h5_attr_get_text(hid_t loc, const char *name);
/* Reads a numeric scalar attribute converted to mtype. Returns 0, 1 missing, -1 bad. */
int cs_h5_attr_get_number(hid_t loc, const char *name, hid_t mtype, void *v);
/* An unsigned 64-bit scalar. Returns 0, or -1 when missing or not a number. */
int cs_h5_attr_get_u64(hid_t loc, const char *name, uint64_t *v);

/* An attribute as stored: its file type, its space and its bytes (malloc'd; the caller closes
 * the type and space and frees the bytes). Variable-length values (pointers, not bytes) are
 * refused: cribsim writes none. Returns 0 or -1. */
int cs_h5_attr_bytes(hid_t loc, const char *name, hid_t *type, hid_t *space, unsigned char **bytes);
/* Whether attribute `name` holds the same type and bytes on a and b (missing from both counts
 * as the same). */
int cs_h5_attr_same(hid_t a, hid_t b, const char *name);
/* Copies attribute `name` from one object to another, type, shape and bytes. Returns 0 or -1. */
int cs_h5_attr_copy(hid_t from, hid_t to, const char *name);

#endif
