/*
 * rledeflate.c - deflate with literals and runs only (see rledeflate.h).
 *
 * The format, in brief: a zlib stream is a two-byte header, deflate blocks and the Adler-32 of
 * the data. Each block starts with a final-block bit and a type (stored, fixed code, dynamic
 * code). A dynamic block lists its code lengths (themselves run-length coded and Huffman coded
 * with a third, small code), then its symbols, then symbol 256 (end of block). Symbols 257-285
 * are match lengths 3-258, each followed by extra bits and a distance code; here the distance is
 * 1 (distance code 0) or FAR (code 15). Codes are canonical: their lengths alone define them,
 * and they go out most significant bit first inside a stream otherwise filled from the low bit.
 *
 * Speed: the work is a pass or two over each plane that is not one value (a count of repeats,
 * a histogram or the tokens) and the writing of its codes, several at a time, with no branch
 * per bit. A plane of one value costs a memcmp and a few symbols.
 */
#include "rledeflate.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <isa-l/igzip_lib.h> /* isal_adler32 */
#include <stdlib.h>
#include <string.h>

#define LL_CODES   286 /* literals 0-255, END_BLOCK, run lengths 257-285 */
#define END_BLOCK  256
#define CL_CODES   19 /* the code lengths' own alphabet */
#define MAX_BITS   15 /* longest literal/length code the format allows */
#define LIMIT      12 /* longest made here: four literals, or three runs, fit one write */
#define MAX_CL     7  /* longest code-length code */
#define MIN_RUN    3
#define MAX_RUN    258
#define STORED_MAX 65535 /* bytes in one stored block */
/* The one distance other than 1 matched: a counter's low byte (a game's number in /games)
 * repeats every 256 rows. It is distance code 15 with extra bits 63 (RFC 1951, 3.2.5). */
#define FAR       256
#define FAR_CODE  15
#define FAR_EXTRA 63
#define FAR_BITS  6
#define FAR_TOKEN                                                                                  \
    512 /* tokens: literals 0-255, runs 256 + length (259-514), matches at FAR                     \
         * FAR_TOKEN + length (515-770) */
#define TOKENS     (FAR_TOKEN + MAX_RUN + 1)
#define DIST_CODES (FAR_CODE + 1)
#define SAMPLE     2048 /* bytes of a plane that decide how to code it */

struct cs_rle_deflater {
    size_t n, plane;
    uint16_t *tok; /* the block's tokens (FAR_TOKEN) */
    size_t n_tok, cap_tok;
    uint32_t freq[LL_CODES];
    size_t runs, run_extra_bits; /* the block's matches and the extra bits they take */
    size_t fars;                 /* of those, matches at FAR */
    /* The block's plane of literals alone, if it has one: it goes after the first lit_at
     * tokens. */
    const unsigned char *lit;
    size_t lit_len, lit_at;
    uint32_t lit_hist[256];          /* their histogram */
    uint16_t run_sym[MAX_RUN + 1];   /* a run's length symbol (257-285) */
    uint8_t run_nbits[MAX_RUN + 1];  /* its extra bits */
    uint16_t run_extra[MAX_RUN + 1]; /* their value */
};

cs_rle_deflater *cs_rle_deflate_new(size_t n, size_t plane) {
    static const uint16_t base[29] = {3,  4,  5,  6,   7,   8,   9,   10,  11, 13,
                                      15, 17, 19, 23,  27,  31,  35,  43,  51, 59,
                                      67, 83, 99, 115, 131, 163, 195, 227, 258};
    static const uint8_t nbits[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                      2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
    if (plane == 0) return NULL;
    cs_rle_deflater *z = calloc(1, sizeof *z);
    if (z == NULL) return NULL;
    z->n = n;
    z->plane = plane;
    /* A block's tokens come from at most one plane of many values (planes of literals alone
     * make none) and any number of one-value planes, each a literal, its runs and at most two
     * more literals. */
    size_t planes = n / plane + 1;
    z->cap_tok = plane + n / MAX_RUN + 4 * planes + 16;
    z->tok = malloc(z->cap_tok * sizeof *z->tok);
    if (z->tok == NULL) {
        free(z);
        return NULL;
    }
    for (int k = 0; k < 29; k++)
        for (int len = base[k]; len < base[k] + (1 << nbits[k]) && len <= MAX_RUN; len++) {
            z->run_sym[len] = (uint16_t)(257 + k);
            z->run_nbits[len] = nbits[k];
            z->run_extra[len] = (uint16_t)(len - base[k]);
        }
    return z;
}

void cs_rle_deflate_free(cs_rle_deflater *z) {
    if (z == NULL) return;
    free(z->tok);
    free(z);
}

/* No block is larger than its bytes stored: 42 bits at most of header and padding per
 * STORED_MAX bytes, and a byte of padding. There is at most a block per plane. The writer needs
 * eight bytes of room past what it has written. */
size_t cs_rle_deflate_bound(size_t n, size_t plane) {
    return n + 7 * (n / plane + 1) + 6 * (n / STORED_MAX + 1) + 16;
}

/* ---- the bit stream ---- */

typedef struct {
    uint64_t acc; /* bits not yet written out whole, from bit 0 (below 8 between calls) */
    unsigned n;   /* how many */
    unsigned char *p;
} bitout;

/* Writes v's eight bytes at p, least significant first (one store where that is the host's
 * order). The stream always has eight bytes of room past its end for this. */
static inline void store64(unsigned char *p, uint64_t v) {
    for (int i = 0; i < 8; i++) p[i] = (unsigned char)(v >> (8 * i));
}

/* Appends the low n bits of v (n <= 56, v below 2^n). Branch-free: the bits are stored every
 * time and the pointer moves past the whole bytes. */
static inline void put(bitout *w, uint64_t v, unsigned n) {
    w->acc |= v << w->n;
    w->n += n;
    store64(w->p, w->acc);
    unsigned k = w->n >> 3;
    w->p += k;
    w->acc >>= 8 * k;
    w->n &= 7;
}

/* Pads with zero bits to a whole byte (already stored). */
static void align(bitout *w) {
    w->p += w->n > 0;
    w->acc = 0;
    w->n = 0;
}

/* ---- Huffman codes ---- */

/* Sorts keys ascending: insertion sort in runs of RUN_SORT, then merges of the runs, through
 * tmp and back (a few hundred keys at most, often a few dozen). */
#define RUN_SORT 16
static void sort_keys(uint64_t *a, uint64_t *tmp, int n) {
    for (int lo = 0; lo < n; lo += RUN_SORT) {
        int hi = lo + RUN_SORT < n ? lo + RUN_SORT : n;
        for (int i = lo + 1; i < hi; i++) {
            uint64_t x = a[i];
            int j = i;
            for (; j > lo && a[j - 1] > x; j--) a[j] = a[j - 1];
            a[j] = x;
        }
    }
    uint64_t *from = a, *to = tmp;
    for (int width = RUN_SORT; width < n; width *= 2) {
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi) to[k++] = from[i] <= from[j] ? from[i++] : from[j++];
            while (i < mid) to[k++] = from[i++];
            while (j < hi) to[k++] = from[j++];
        }
        uint64_t *t = from;
        from = to;
        to = t;
    }
    if (from != a) memcpy(a, from, (size_t)n * sizeof *a);
}

/*
 * Writes in len[0..n) the code lengths of an optimal prefix code for freq[0..n) with no length
 * above maxbits (0 for unused symbols). At least two symbols get a code, so the code is always
 * complete, as every inflater accepts. Ties go to the lower symbol, so the code depends on the
 * frequencies alone.
 */
static void huff_lengths(const uint32_t *freq, int n, int maxbits, uint8_t *len) {
    uint64_t key[LL_CODES], tmp[LL_CODES], wt[2 * LL_CODES];
    int parent[2 * LL_CODES], depth[2 * LL_CODES], count[2 * LL_CODES] = {0};
    int m = 0;
    memset(len, 0, (size_t)n);
    for (int s = 0; s < n; s++)
        if (freq[s]) key[m++] = (uint64_t)freq[s] << 16 | (uint64_t)s;
    for (int s = 0; m < 2 && s < n; s++) /* a second (or first) symbol with weight 0 */
        if (freq[s] == 0 && (m == 0 || (key[0] & 0xffff) != (uint64_t)s)) key[m++] = (uint64_t)s;
    sort_keys(key, tmp, m);
    /* Leaves 0..m-1 in ascending weight; the joined nodes m..2m-2 arrive in ascending weight
     * too, so the two lightest are always at the heads of the two lists. */
    for (int i = 0; i < m; i++) wt[i] = key[i] >> 16;
    int leaf = 0, inner = m;
    for (int next = m; next < 2 * m - 1; next++) {
        int pick[2];
        for (int k = 0; k < 2; k++)
            pick[k] = leaf < m && (inner >= next || wt[leaf] <= wt[inner]) ? leaf++ : inner++;
        wt[next] = wt[pick[0]] + wt[pick[1]];
        parent[pick[0]] = parent[pick[1]] = next;
    }
    depth[2 * m - 2] = 0;
    int deepest = 0;
    for (int i = 2 * m - 3; i >= 0; i--) {
        depth[i] = depth[parent[i]] + 1;
        if (i < m) {
            count[depth[i]]++;
            if (depth[i] > deepest) deepest = depth[i];
        }
    }
    /* Too long: two leaves of the deepest level become one a level up, and a leaf of a level at
     * least two up moves down one with the other beside it. The code stays complete. */
    for (int d = deepest; d > maxbits; d--)
        while (count[d] > 0) {
            int j = d - 2;
            while (count[j] == 0) j--;
            count[d] -= 2;
            count[d - 1]++;
            count[j + 1] += 2;
            count[j]--;
        }
    /* The lightest symbols take the longest codes. */
    int k = 0;
    for (int d = deepest < maxbits ? deepest : maxbits; d >= 1; d--)
        for (int c = count[d]; c > 0; c--) len[key[k++] & 0xffff] = (uint8_t)d;
}

/* The canonical codes of len[0..n), bit-reversed to go out from the low bit. */
static void huff_codes(const uint8_t *len, int n, uint16_t *code) {
    unsigned count[MAX_BITS + 1] = {0}, next[MAX_BITS + 1];
    for (int s = 0; s < n; s++) count[len[s]]++;
    count[0] = 0;
    unsigned c = 0;
    for (int b = 1; b <= MAX_BITS; b++) {
        c = (c + count[b - 1]) << 1;
        next[b] = c;
    }
    for (int s = 0; s < n; s++) {
        code[s] = 0;
        if (len[s] == 0) continue;
        unsigned v = next[len[s]]++; /* reversed as 16 bits, then shifted down */
        v = (v & 0x5555) << 1 | (v >> 1 & 0x5555);
        v = (v & 0x3333) << 2 | (v >> 2 & 0x3333);
        v = (v & 0x0f0f) << 4 | (v >> 4 & 0x0f0f);
        v = (v & 0x00ff) << 8 | (v >> 8 & 0x00ff);
        code[s] = (uint16_t)(v >> (16 - len[s]));
    }
}

/* ---- tokens ---- */

static inline void literal(cs_rle_deflater *z, unsigned c) {
    z->tok[z->n_tok++] = (uint16_t)c;
    z->freq[c]++;
}

/* A run of r bytes equal to the one before; what is left under MIN_RUN goes as literals. */
static void run(cs_rle_deflater *z, size_t r, unsigned prev) {
    while (r >= MIN_RUN) {
        size_t k = r > MAX_RUN ? MAX_RUN : r;
        z->tok[z->n_tok++] = (uint16_t)(256 + k);
        z->freq[z->run_sym[k]]++;
        z->runs++;
        z->run_extra_bits += z->run_nbits[k];
        r -= k;
    }
    while (r-- > 0) literal(z, prev);
}

/* The histogram of p[0..len) (four of them, summed: a byte repeated soon does not wait on its
 * own count). */
static void histogram(const unsigned char *p, size_t len, uint32_t out[256]) {
    uint32_t h[4][256];
    memset(h, 0, sizeof h);
    size_t i = 0;
    for (; i + 4 <= len; i += 4) {
        h[0][p[i]]++;
        h[1][p[i + 1]]++;
        h[2][p[i + 2]]++;
        h[3][p[i + 3]]++;
    }
    for (; i < len; i++) h[0][p[i]]++;
    for (int c = 0; c < 256; c++) out[c] = h[0][c] + h[1][c] + h[2][c] + h[3][c];
}

/* Whether a plane of len bytes with histogram h is close enough to the block's literals (a
 * histogram acc of n bytes) to share their code: distributions within 1/8 of each other (total
 * variation), as the planes of the cards dealt are. One block for such planes saves a code's
 * building and its header each: on /deals chunks 9% of the time, and no larger (1/16: the
 * same size, 2% slower; 1/4: 0.2% larger). */
static int alike(const uint32_t *acc, size_t n, const uint32_t *h, size_t len) {
    uint64_t diff = 0;
    for (int c = 0; c < 256; c++) {
        uint64_t x = (uint64_t)h[c] * n, y = (uint64_t)acc[c] * len;
        diff += x > y ? x - y : y - x;
    }
    return diff <= (uint64_t)n * len / 4;
}

/* Takes p[0..len), with histogram h, as the block's literals, or as more of them (the plane
 * right after them in memory). Tokens after them come from the planes after these. */
static void literals_plane(cs_rle_deflater *z, const unsigned char *p, size_t len,
                           const uint32_t *h, int *prev) {
    if (z->lit == NULL) {
        z->lit = p;
        z->lit_len = 0;
        z->lit_at = z->n_tok;
        memset(z->lit_hist, 0, sizeof z->lit_hist);
    }
    z->lit_len += len;
    for (int c = 0; c < 256; c++) {
        z->freq[c] += h[c];
        z->lit_hist[c] += h[c];
    }
    *prev = p[len - 1];
}

/* Bytes of p[0..len) equal to the one d before: few means matches at d save next to nothing. */
static size_t equal_at(const unsigned char *p, size_t len, size_t d) {
    size_t k = 0, i = 0;
#if defined(__SSE2__)
    /* Sixteen byte counters, each taking 255 blocks at most before they are summed. */
    while (i + 16 + d <= len) {
        __m128i acc = _mm_setzero_si128();
        for (int b = 0; b < 255 && i + 16 + d <= len; b++, i += 16) {
            __m128i x = _mm_loadu_si128((const void *)(p + i));
            __m128i y = _mm_loadu_si128((const void *)(p + i + d));
            acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(x, y)); /* equal bytes are -1 */
        }
        __m128i sum = _mm_sad_epu8(acc, _mm_setzero_si128());
        k += (size_t)_mm_cvtsi128_si32(sum) + (size_t)_mm_cvtsi128_si32(_mm_srli_si128(sum, 8));
    }
#endif
    for (; i + d < len; i++) k += p[i] == p[i + d];
    return k;
}

/* A plane of many values, with runs (a run wherever the next three bytes repeat the one before)
 * and, if `far`, matches at FAR. Tokens first, then their histogram (four of them, so that a
 * symbol repeated soon does not wait on its own count): counting in the first loop would chain
 * every repeat of a byte. */
static inline __attribute__((always_inline)) void
tokens_varied(cs_rle_deflater *z, const unsigned char *p, size_t len, int *prev, int far) {
    uint16_t *tok = z->tok + z->n_tok, *first = tok;
    int last = *prev;
    size_t i = 0;
    while (i < len) {
        unsigned c = p[i];
        if (far && i >= FAR && i + MIN_RUN <= len &&
            (c == p[i - FAR]) & (p[i + 1] == p[i + 1 - FAR]) & (p[i + 2] == p[i + 2 - FAR])) {
            size_t r = MIN_RUN;
            while (i + r < len && p[i + r] == p[i + r - FAR] && r < MAX_RUN) r++;
            *tok++ = (uint16_t)(FAR_TOKEN + r);
            last = p[i + r - 1];
            i += r;
        } else if (i + MIN_RUN <= len && ((int)c == last) & (p[i + 1] == c) & (p[i + 2] == c)) {
            size_t r = MIN_RUN;
            while (i + r < len && p[i + r] == c && r < MAX_RUN) r++;
            *tok++ = (uint16_t)(256 + r);
            i += r;
        } else {
            *tok++ = (uint16_t)c;
            last = (int)c;
            i++;
        }
    }
    *prev = last;
    size_t n = (size_t)(tok - first);
    z->n_tok += n;
    int top = far ? TOKENS : FAR_TOKEN + MIN_RUN;
    uint32_t h[TOKENS][4];
    memset(h, 0, (size_t)top * sizeof h[0]);
    size_t k = 0;
    for (; k + 4 <= n; k += 4) {
        h[first[k]][0]++;
        h[first[k + 1]][1]++;
        h[first[k + 2]][2]++;
        h[first[k + 3]][3]++;
    }
    for (; k < n; k++) h[first[k]][0]++;
    for (int t = 0; t < top; t++) {
        uint32_t c = h[t][0] + h[t][1] + h[t][2] + h[t][3];
        if (t < 256) {
            z->freq[t] += c;
        } else if (c > 0) {
            int is_far = t >= FAR_TOKEN + MIN_RUN, r = t - (is_far ? FAR_TOKEN : 256);
            z->freq[z->run_sym[r]] += c;
            z->runs += c;
            z->fars += is_far ? c : 0;
            z->run_extra_bits += (size_t)c * (size_t)(z->run_nbits[r] + (is_far ? FAR_BITS : 0));
        }
    }
}

/* A plane of one value c. */
static void tokens_near(cs_rle_deflater *z, const unsigned char *p, size_t len, int *prev) {
    tokens_varied(z, p, len, prev, 0);
}

static void tokens_far(cs_rle_deflater *z, const unsigned char *p, size_t len, int *prev) {
    tokens_varied(z, p, len, prev, 1);
}

static void tokens_one(cs_rle_deflater *z, unsigned c, size_t len, int *prev) {
    if (*prev != (int)c) {
        literal(z, c);
        *prev = (int)c;
        len--;
    }
    run(z, len, c);
}

/* ---- blocks ---- */

/* Writes n tokens from tsym (a token's bits, and their count from bit 24): three at a time
 * (18 bits at most each), or two if there are matches at FAR (24 bits). The stream is a local in
 * the loop: through w the compiler would store it back after every byte it writes. */
static void put_tokens(bitout *w, const uint32_t *tsym, const uint16_t *tok, size_t n, int far) {
    bitout o = *w;
    size_t i = 0;
    if (far)
        for (; i + 2 <= n; i += 2) {
            uint32_t a = tsym[tok[i]], b = tsym[tok[i + 1]];
            put(&o, (a & 0xffffff) | (uint64_t)(b & 0xffffff) << (a >> 24), (a >> 24) + (b >> 24));
        }
    else
        for (; i + 3 <= n; i += 3) {
            uint32_t a = tsym[tok[i]], b = tsym[tok[i + 1]], c = tsym[tok[i + 2]];
            unsigned la = a >> 24, lb = b >> 24;
            uint64_t v = (a & 0xffffff) | (uint64_t)(b & 0xffffff) << la |
                         (uint64_t)(c & 0xffffff) << (la + lb);
            put(&o, v, la + lb + (c >> 24));
        }
    for (; i < n; i++) put(&o, tsym[tok[i]] & 0xffffff, tsym[tok[i]] >> 24);
    *w = o;
}

/* Writes the bytes p[0..n) as literals, `width` codes at a time (their bits at most 56); lit
 * holds a byte's code, and its length from bit 32. */
static inline __attribute__((always_inline)) void
put_literals_by(bitout *o, const uint64_t *lit, const unsigned char *p, size_t n, int width) {
    size_t i = 0;
    for (; i + (size_t)width <= n; i += (size_t)width) {
        uint64_t v = 0;
        unsigned at = 0;
        for (int k = 0; k < width; k++) {
            uint64_t e = lit[p[i + (size_t)k]];
            v |= (uint64_t)(uint32_t)e << at;
            at += (unsigned)(e >> 32);
        }
        put(o, v, at);
    }
    for (; i < n; i++) put(o, (uint32_t)lit[p[i]], (unsigned)(lit[p[i]] >> 32));
}

/* Writes the bytes p[0..n) as literals whose codes are at most `longest` bits: as many at a
 * time as fit 56 bits (eight for a plane of cards, 52 values of five or six bits). */
static void put_literals(bitout *w, const uint64_t *lit, const unsigned char *p, size_t n,
                         unsigned longest) {
    bitout o = *w;
    if (longest <= 7)
        put_literals_by(&o, lit, p, n, 8);
    else if (longest <= 9)
        put_literals_by(&o, lit, p, n, 6);
    else
        put_literals_by(&o, lit, p, n, 4);
    *w = o;
}

/* The order the code-length code's lengths are listed in. */
static const uint8_t CL_ORDER[CL_CODES] = {16, 17, 18, 0, 8,  7, 9,  6, 10, 5,
                                           11, 4,  12, 3, 13, 2, 14, 1, 15};
static const uint8_t CL_EXTRA[CL_CODES] = {[16] = 2, [17] = 3, [18] = 7};

/* Stored blocks of raw[0..r), the last final if `final`. */
static void put_stored(bitout *w, const unsigned char *raw, size_t r, int final) {
    do {
        size_t k = r > STORED_MAX ? STORED_MAX : r;
        r -= k;
        put(w, r == 0 && final, 1);
        put(w, 0, 2);
        align(w);
        w->p[0] = (unsigned char)k;
        w->p[1] = (unsigned char)(k >> 8);
        w->p[2] = (unsigned char)~k;
        w->p[3] = (unsigned char)(~k >> 8);
        memcpy(w->p + 4, raw, k);
        w->p += 4 + k;
        raw += k;
    } while (r > 0);
}

/* Writes the block of tokens taken from raw[0..raw_len) (dynamic, or stored if not smaller) and
 * starts an empty one. */
static void flush_block(cs_rle_deflater *z, bitout *w, const unsigned char *raw, size_t raw_len,
                        int final) {
    uint8_t len[LL_CODES + DIST_CODES], cl_len[CL_CODES];
    uint16_t code[LL_CODES], cl_code[CL_CODES];
    uint8_t cl_sym[LL_CODES + DIST_CODES], cl_val[LL_CODES + DIST_CODES];
    uint32_t cl_freq[CL_CODES] = {0};

    z->freq[END_BLOCK]++;
    huff_lengths(z->freq, LL_CODES, LIMIT, len);
    int hlit = LL_CODES;
    while (hlit > 257 && len[hlit - 1] == 0) hlit--;
    /* Two distance codes of one bit, always (a complete code): distance 1 is code 0 ("0"),
     * FAR is FAR_CODE ("1"). */
    memset(len + hlit, 0, DIST_CODES);
    len[hlit] = len[hlit + FAR_CODE] = 1;
    int total = hlit + DIST_CODES, n_cl = 0;
    for (int i = 0; i < total;) {
        int l = len[i], same = 1;
        while (i + same < total && len[i + same] == l) same++;
        i += same;
        if (l == 0) {
            for (; same >= 11; n_cl++) {
                int k = same > 138 ? 138 : same;
                cl_sym[n_cl] = 18, cl_val[n_cl] = (uint8_t)(k - 11), same -= k;
            }
            if (same >= 3) cl_sym[n_cl] = 17, cl_val[n_cl++] = (uint8_t)(same - 3), same = 0;
        } else {
            cl_sym[n_cl] = (uint8_t)l, cl_val[n_cl++] = 0, same--;
            for (; same >= 3; n_cl++) {
                int k = same > 6 ? 6 : same;
                cl_sym[n_cl] = 16, cl_val[n_cl] = (uint8_t)(k - 3), same -= k;
            }
        }
        for (; same > 0; same--) cl_sym[n_cl] = (uint8_t)l, cl_val[n_cl++] = 0;
    }
    for (int i = 0; i < n_cl; i++) cl_freq[cl_sym[i]]++;
    huff_lengths(cl_freq, CL_CODES, MAX_CL, cl_len);
    int hclen = CL_CODES;
    while (hclen > 4 && cl_len[CL_ORDER[hclen - 1]] == 0) hclen--;

    uint64_t bits = 3 + 14 + 3 * (uint64_t)hclen + z->run_extra_bits + z->runs;
    for (int s = 0; s < CL_CODES; s++) bits += (uint64_t)cl_freq[s] * (cl_len[s] + CL_EXTRA[s]);
    for (int s = 0; s < hlit; s++) bits += (uint64_t)z->freq[s] * len[s];
    if (bits >= 8 * (uint64_t)raw_len + 42 * (raw_len / STORED_MAX + 1)) {
        put_stored(w, raw, raw_len, final);
    } else {
        huff_codes(len, hlit, code); /* not the distance lengths after them */
        huff_codes(cl_len, CL_CODES, cl_code);
        put(w, (unsigned) final | 2u << 1, 3);
        put(w, (unsigned)(hlit - 257) | (DIST_CODES - 1u) << 5 | (unsigned)(hclen - 4) << 10, 14);
        for (int i = 0; i < hclen; i++) put(w, cl_len[CL_ORDER[i]], 3);
        for (int i = 0; i < n_cl; i++) {
            unsigned s = cl_sym[i];
            put(w, cl_code[s] | (uint64_t)cl_val[i] << cl_len[s], cl_len[s] + CL_EXTRA[s]);
        }
        /* Each token's bits and their count (from bit 24): a literal's code; a match's length
         * code, its extra bits, then the distance code (one bit) and its extra bits. */
        uint32_t tsym[TOKENS];
        for (int t = 0; t < 256; t++) tsym[t] = code[t] | (uint32_t)len[t] << 24;
        if (z->runs)
            for (int r = MIN_RUN; r <= MAX_RUN; r++) {
                unsigned sy = z->run_sym[r], l = len[sy] + z->run_nbits[r];
                uint32_t v = code[sy] | (uint32_t)z->run_extra[r] << len[sy];
                tsym[256 + r] = v | (l + 1u) << 24;
                tsym[FAR_TOKEN + r] = v | (1u | FAR_EXTRA << 1) << l | (l + 1u + FAR_BITS) << 24;
            }
        size_t at = z->lit ? z->lit_at : z->n_tok;
        put_tokens(w, tsym, z->tok, at, z->fars > 0);
        if (z->lit) {
            uint64_t lit[256];
            unsigned longest = 0;
            for (int t = 0; t < 256; t++) {
                lit[t] = code[t] | (uint64_t)len[t] << 32;
                longest = len[t] > longest ? len[t] : longest;
            }
            put_literals(w, lit, z->lit, z->lit_len, longest);
        }
        put_tokens(w, tsym, z->tok + at, z->n_tok - at, z->fars > 0);
        put(w, code[END_BLOCK], len[END_BLOCK]);
    }
    memset(z->freq, 0, sizeof z->freq);
    z->n_tok = z->runs = z->run_extra_bits = z->fars = 0;
    z->lit = NULL;
}

/* Adler-32 (RFC 1950) continued over len bytes of value c, in a few multiplications. */
static uint32_t adler_run(uint32_t adler, unsigned c, size_t len) {
    const uint64_t m = 65521;
    uint64_t s1 = adler & 0xffff, s2 = adler >> 16, l = len % m;
    /* each byte adds c to s1, and s2 adds s1 after each: len * s1 + c * len (len + 1) / 2 */
    uint64_t tri = len % 2 == 0 ? (len / 2) % m * ((len + 1) % m) : l * (((len + 1) / 2) % m);
    s2 = (s2 + l * s1 + c * (tri % m)) % m;
    s1 = (s1 + l * c) % m;
    return (uint32_t)(s2 << 16 | s1);
}

size_t cs_rle_deflate(cs_rle_deflater *z, const unsigned char *in, size_t n, unsigned char *out,
                      size_t cap) {
    if (n > z->n || cap < cs_rle_deflate_bound(n, z->plane)) return 0;
    out[0] = 0x78; /* deflate, a 32 KB window at most */
    out[1] = 0x01; /* no dictionary; (0x78 << 8 | 0x01) is a multiple of 31 */
    bitout w = {0, 0, out + 2};
    int prev = -1, varied = 0;
    uint32_t adler = 1;
    size_t start = 0;
    memset(z->freq, 0, sizeof z->freq);
    z->n_tok = z->runs = z->run_extra_bits = z->fars = 0;
    z->lit = NULL;
    for (size_t at = 0; at < n; at += z->plane) {
        size_t len = n - at < z->plane ? n - at : z->plane;
        const unsigned char *p = in + at;
        if (len == 1 || memcmp(p, p + 1, len - 1) == 0) {
            tokens_one(z, p[0], len, &prev);
            adler = adler_run(adler, p[0], len);
            continue;
        }
        /* The kind of plane, from its first SAMPLE bytes or so (only the size depends on it):
         * runs where three in four bytes repeat the one before, matches at FAR where three in
         * four repeat the one FAR before, else literals alone. */
        size_t head = len < SAMPLE ? len : SAMPLE, far = len <= FAR ? 0 : len - FAR;
        far = far < SAMPLE ? far : SAMPLE;
        int kind = equal_at(p, head, 1) >= head / 4 * 3                    ? 1
                   : far > 0 && equal_at(p, far + FAR, FAR) >= far / 4 * 3 ? 2
                                                                           : 0;
        uint32_t h[256];
        if (kind == 0) {
            histogram(p, len, h);
            if (z->lit != NULL && z->lit + z->lit_len == p &&
                alike(z->lit_hist, z->lit_len, h, len)) { /* one code for both */
                literals_plane(z, p, len, h, &prev);
                adler = isal_adler32(adler, p, len);
                continue;
            }
        }
        if (varied) {
            flush_block(z, &w, in + start, at - start, 0);
            start = at;
        }
        varied = 1;
        if (kind == 1)
            tokens_near(z, p, len, &prev);
        else if (kind == 2)
            tokens_far(z, p, len, &prev);
        else
            literals_plane(z, p, len, h, &prev);
        adler = isal_adler32(adler, p, len);
    }
    flush_block(z, &w, in + start, n - start, 1);
    align(&w);
    for (int i = 0; i < 4; i++) *w.p++ = (unsigned char)(adler >> (24 - 8 * i));
    return (size_t)(w.p - out);
}
