/*
 * rledeflate.h - a zlib stream for byte planes: Huffman codes and runs, nothing else.
 *
 * A shuffled chunk of a run file is the rows' byte planes one after another (byte j of every
 * row, then byte j+1, ...). Most planes hold one value (a padding card, an absent seat's -1, a
 * high byte that is always 0) and the rest are either near-random (cards, scores' low bytes) or
 * a few values in runs (a seat that alternates, a count). What pays in such data is a Huffman
 * code fitted to each plane and runs of a repeated byte; the general search for earlier matches
 * that a deflate library makes finds almost nothing more and costs most of its time.
 *
 * So this writes the deflate format (RFC 1951, in a zlib wrapper, RFC 1950) with literals and
 * matches at two distances only: 1 (a run of the byte before) and 256 (a counter's low byte, such
 * as a game's number in /games, repeats every 256 rows). Each plane that is not one value gets
 * its own block with its own dynamic code, except that planes side by side with much the same
 * bytes (the cards dealt) share one; planes of one value join the block beside them as a
 * literal and a few runs, and a block that would not be smaller than its bytes is stored
 * instead. Any inflater reads the result (zlib, and so HDF5's deflate filter, with no plugin).
 */
#ifndef CS_RLEDEFLATE_H
#define CS_RLEDEFLATE_H

#include <stddef.h>
#include <stdint.h>

/* Working memory for compressing buffers of up to n bytes with a given plane size. */
typedef struct cs_rle_deflater cs_rle_deflater;

/* NULL if out of memory. plane > 0. */
cs_rle_deflater *cs_rle_deflate_new(size_t n, size_t plane);
void cs_rle_deflate_free(cs_rle_deflater *z);

/* The most bytes compressing n bytes in planes of `plane` can take. */
size_t cs_rle_deflate_bound(size_t n, size_t plane);

/*
 * Writes the zlib stream of in[0..n) to out and returns its length, or 0 if n exceeds what z
 * was made for or cap is below cs_rle_deflate_bound(n, plane). Planes start at multiples of the
 * size z was made with (the last may be short). Uses only z, so threads each with their own z may
 * run it at once.
 */
size_t cs_rle_deflate(cs_rle_deflater *z, const unsigned char *in, size_t n, unsigned char *out,
                      size_t cap);

#endif
