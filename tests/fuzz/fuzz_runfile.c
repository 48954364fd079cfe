/*
 * fuzz_runfile.c - libFuzzer harness: a run file from outside. The input is written to a
 * temporary file and opened as replay, merge and --resume open run files (cs_h5_open, then
 * every /games and /deals row read through the checks of runcheck.h): any input may be
 * refused, none may crash the reader or the HDF5 library under it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "h5io.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char path[] = "/tmp/cs_fuzz_runfile_XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) return 0;
    FILE *f = fdopen(fd, "wb");
    if (f == NULL) {
        close(fd);
        unlink(path);
        return 0;
    }
    fwrite(data, 1, size, f);
    fclose(f);
    static cs_h5_meta m;
    cs_h5_reader *r = NULL;
    char err[1024];
    if (cs_h5_open(path, &m, &r, err, sizeof err) == 0) {
        cs_games_row games[64];
        cs_deal_record deals[64];
        uint64_t n = cs_h5_reader_games(r);
        for (uint64_t at = 0; at < n && at < 4096; at += 64)
            if (cs_h5_read_games(r, at, n - at < 64 ? (size_t)(n - at) : 64, games) != 0) break;
        uint64_t d = cs_h5_reader_deals(r);
        for (uint64_t at = 0; at < d && at < 4096; at += 64)
            if (cs_h5_read_deals(r, at, d - at < 64 ? (size_t)(d - at) : 64, deals) != 0) break;
        cs_h5_reader_close(r);
    }
    unlink(path);
    return 0;
}
