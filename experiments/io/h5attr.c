/* h5attr.c - attributes of HDF5 objects, written and read the one way every cribsim file uses
 * (see h5attr.h). */
#include "h5attr.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "h5err.h"

int cs_h5_attr_remove(hid_t loc, const char *name) {
    htri_t e = H5Aexists(loc, name);
    if (e < 0) return -1;
    if (e > 0 && H5Adelete(loc, name) < 0) return -1;
    return 0;
}

int cs_h5_attr_put(hid_t loc, const char *name, hid_t ftype, hid_t mtype, hid_t space,
                   const void *buf) {
    if (cs_h5_attr_remove(loc, name) < 0) return -1;
    errno = 0;
    hid_t a = H5Acreate2(loc, name, ftype, space, H5P_DEFAULT, H5P_DEFAULT);
    if (a < 0) return cs_h5_failed();
    herr_t rc = H5Awrite(a, mtype, buf);
    if (rc < 0) cs_h5_failed();
    H5Aclose(a);
    return rc < 0 ? -1 : 0;
}

hid_t cs_h5_vlen_string_type(void) {
    hid_t t = H5Tcopy(H5T_C_S1);
    if (t < 0) return -1;
    if (H5Tset_size(t, H5T_VARIABLE) < 0 || H5Tset_cset(t, H5T_CSET_UTF8) < 0) {
        H5Tclose(t);
        return -1;
    }
    return t;
}

/*
 * Strings are written fixed-length (each padded to the longest, UTF-8, NUL-terminated): they
 * then live in the attribute's own header message, which the file format checksums, rather
 * than in the global heap, which it does not (a damaged heap can crash the library that reads
 * it). Readers accept both kinds.
 */
int cs_h5_attr_put_strings(hid_t loc, const char *name, int n, const char *const *s, int scalar) {
    size_t width = 1;
    for (int i = 0; i < n; i++) {
        size_t l = strlen(s[i]) + 1;
        if (l > width) width = l;
    }
    char *buf = calloc(n > 0 ? (size_t)n : 1, width);
    hid_t t = H5Tcopy(H5T_C_S1);
    hsize_t dims[1] = {(hsize_t)n};
    hid_t space = scalar ? H5Screate(H5S_SCALAR) : H5Screate_simple(1, dims, NULL);
    int rc = -1;
    if (buf != NULL && t >= 0 && space >= 0 && H5Tset_size(t, width) >= 0 &&
        H5Tset_cset(t, H5T_CSET_UTF8) >= 0 && H5Tset_strpad(t, H5T_STR_NULLTERM) >= 0) {
        for (int i = 0; i < n; i++) memcpy(buf + (size_t)i * width, s[i], strlen(s[i]));
        rc = cs_h5_attr_put(loc, name, t, t, space, buf);
    }
    free(buf);
    if (t >= 0) H5Tclose(t);
    if (space >= 0) H5Sclose(space);
    return rc;
}

int cs_h5_attr_put_string(hid_t loc, const char *name, const char *s) {
    return cs_h5_attr_put_strings(loc, name, 1, &s, 1);
}

int cs_h5_attr_put_scalar(hid_t loc, const char *name, hid_t ftype, hid_t mtype, const void *v) {
    hid_t space = H5Screate(H5S_SCALAR);
    int rc = space < 0 ? -1 : cs_h5_attr_put(loc, name, ftype, mtype, space, v);
    if (space >= 0) H5Sclose(space);
    return rc;
}

int cs_h5_attr_put_u64(hid_t loc, const char *name, uint64_t v) {
    return cs_h5_attr_put_scalar(loc, name, H5T_STD_U64LE, H5T_NATIVE_UINT64, &v);
}

int cs_h5_attr_put_int(hid_t loc, const char *name, int v) {
    return cs_h5_attr_put_scalar(loc, name, H5T_STD_I32LE, H5T_NATIVE_INT, &v);
}

int cs_h5_attr_put_double(hid_t loc, const char *name, double v) {
    return cs_h5_attr_put_scalar(loc, name, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, &v);
}

/* Reads a string attribute (scalar, or element `index` of an array) into buf. Returns 0, 1 if
 * the attribute is missing, -1 if it is not a string or cannot be read. *count gets the
 * number of elements when not NULL. */
int cs_h5_attr_get_string_at(hid_t loc, const char *name, int index, char *buf, size_t len,
                             int *count) {
    htri_t e = H5Aexists(loc, name);
    if (e == 0) return 1;
    if (e < 0) return -1;
    hid_t a = H5Aopen(loc, name, H5P_DEFAULT);
    if (a < 0) return -1;
    int rc = -1;
    hid_t ftype = H5Aget_type(a), space = H5Aget_space(a), mtype = -1;
    hssize_t n = space >= 0 ? H5Sget_simple_extent_npoints(space) : -1;
    if (ftype < 0 || n < 1 || index >= n || H5Tget_class(ftype) != H5T_STRING) goto done;
    if (count != NULL) *count = (int)n;
    if (H5Tis_variable_str(ftype) > 0) {
        char **p = calloc((size_t)n, sizeof *p);
        mtype = cs_h5_vlen_string_type();
        if (p != NULL && mtype >= 0 && H5Aread(a, mtype, p) >= 0) {
            snprintf(buf, len, "%s", p[index] ? p[index] : "");
            for (hssize_t i = 0; i < n; i++) H5free_memory(p[i]);
            rc = 0;
        }
        free(p);
    } else {
        size_t size = H5Tget_size(ftype);
        char *tmp = calloc((size_t)n, size + 1);
        mtype = H5Tcopy(H5T_C_S1);
        if (tmp != NULL && mtype >= 0 && H5Tset_size(mtype, size + 1) >= 0 &&
            H5Tset_cset(mtype, H5Tget_cset(ftype)) >= 0 && H5Aread(a, mtype, tmp) >= 0) {
            snprintf(buf, len, "%s", tmp + (size_t)index * (size + 1));
            rc = 0;
        }
        free(tmp);
    }
done:
    if (mtype >= 0) H5Tclose(mtype);
    if (ftype >= 0) H5Tclose(ftype);
    if (space >= 0) H5Sclose(space);
    H5Aclose(a);
    return rc;
}

/* Reads a numeric scalar attribute converted to mtype. Returns 0, 1 missing, -1 bad. */
int cs_h5_attr_get_number(hid_t loc, const char *name, hid_t mtype, void *v) {
    htri_t e = H5Aexists(loc, name);
    if (e == 0) return 1;
    if (e < 0) return -1;
    hid_t a = H5Aopen(loc, name, H5P_DEFAULT);
    if (a < 0) return -1;
    hid_t ftype = H5Aget_type(a), space = H5Aget_space(a);
    int rc = -1;
    if (ftype >= 0 && space >= 0 && H5Sget_simple_extent_npoints(space) == 1) {
        H5T_class_t c = H5Tget_class(ftype);
        if ((c == H5T_INTEGER || c == H5T_FLOAT) && H5Aread(a, mtype, v) >= 0) rc = 0;
    }
    if (ftype >= 0) H5Tclose(ftype);
    if (space >= 0) H5Sclose(space);
    H5Aclose(a);
    return rc;
}

int cs_h5_attr_put_ints(hid_t loc, const char *name, int n, const int *v) {
    hsize_t dims = (hsize_t)n;
    hid_t space = H5Screate_simple(1, &dims, NULL);
    int rc = space < 0 ? -1 : cs_h5_attr_put(loc, name, H5T_STD_I32LE, H5T_NATIVE_INT, space, v);
    if (space >= 0) H5Sclose(space);
    return rc;
}

int cs_h5_attr_get_u64(hid_t loc, const char *name, uint64_t *v) {
    return cs_h5_attr_get_number(loc, name, H5T_NATIVE_UINT64, v) == 0 ? 0 : -1;
}

char *cs_h5_attr_get_text(hid_t loc, const char *name) {
    if (H5Aexists(loc, name) <= 0) return NULL;
    hid_t a = H5Aopen(loc, name, H5P_DEFAULT);
    if (a < 0) return NULL;
    char *s = NULL, *out = NULL;
    hid_t at = H5Aget_type(a), sp = H5Aget_space(a);
    if (H5Tget_class(at) == H5T_STRING && H5Sget_simple_extent_npoints(sp) == 1) {
        if (H5Tis_variable_str(at) > 0) {
            hid_t t = cs_h5_vlen_string_type();
            if (t >= 0 && H5Aread(a, t, &s) >= 0 && s != NULL) {
                out = strdup(s);
                H5free_memory(s);
            }
            if (t >= 0) H5Tclose(t);
        } else {
            size_t size = H5Tget_size(at);
            hid_t ft = H5Tcopy(H5T_C_S1);
            out = size < (1u << 24) ? calloc(1, size + 1) : NULL;
            if (out && (H5Tset_size(ft, size + 1) < 0 || H5Tset_cset(ft, H5Tget_cset(at)) < 0 ||
                        H5Aread(a, ft, out) < 0)) {
                free(out);
                out = NULL;
            }
            H5Tclose(ft);
        }
    }
    H5Sclose(sp);
    H5Tclose(at);
    H5Aclose(a);
    return out;
}

int cs_h5_attr_bytes(hid_t loc, const char *name, hid_t *type, hid_t *space,
                     unsigned char **bytes) {
    *type = *space = -1;
    *bytes = NULL;
    hid_t a = H5Aopen(loc, name, H5P_DEFAULT);
    if (a < 0) return -1;
    hid_t t = H5Aget_type(a), sp = H5Aget_space(a);
    hssize_t n = sp >= 0 ? H5Sget_simple_extent_npoints(sp) : -1;
    size_t size = t >= 0 ? H5Tget_size(t) : 0;
    int rc = -1;
    if (n >= 0 && size > 0 && H5Tdetect_class(t, H5T_VLEN) == 0 && H5Tis_variable_str(t) == 0 &&
        (uint64_t)n <= (UINT64_C(1) << 24) / size) {
        *bytes = calloc(n > 0 ? (size_t)n : 1, size);
        if (*bytes != NULL && H5Aread(a, t, *bytes) >= 0) rc = 0;
    }
    if (rc == 0) {
        *type = t;
        *space = sp;
    } else {
        if (t >= 0) H5Tclose(t);
        if (sp >= 0) H5Sclose(sp);
        free(*bytes);
        *bytes = NULL;
    }
    H5Aclose(a);
    return rc;
}

int cs_h5_attr_same(hid_t a, hid_t b, const char *name) {
    htri_t in_a = H5Aexists(a, name), in_b = H5Aexists(b, name);
    if (in_a <= 0 || in_b <= 0) return in_a == 0 && in_b == 0;
    hid_t ta, tb, sa, sb;
    unsigned char *xa, *xb;
    int same = 0;
    if (cs_h5_attr_bytes(a, name, &ta, &sa, &xa) == 0) {
        if (cs_h5_attr_bytes(b, name, &tb, &sb, &xb) == 0) {
            hssize_t na = H5Sget_simple_extent_npoints(sa), nb = H5Sget_simple_extent_npoints(sb);
            same = na == nb && H5Tequal(ta, tb) > 0 &&
                   memcmp(xa, xb, (size_t)na * H5Tget_size(ta)) == 0;
            H5Tclose(tb);
            H5Sclose(sb);
            free(xb);
        }
        H5Tclose(ta);
        H5Sclose(sa);
        free(xa);
    }
    return same;
}

int cs_h5_attr_copy(hid_t from, hid_t to, const char *name) {
    hid_t t, sp;
    unsigned char *bytes;
    if (cs_h5_attr_bytes(from, name, &t, &sp, &bytes) != 0) return -1;
    int rc = cs_h5_attr_put(to, name, t, t, sp, bytes);
    H5Tclose(t);
    H5Sclose(sp);
    free(bytes);
    return rc;
}
