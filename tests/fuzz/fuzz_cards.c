/*
 * fuzz_cards.c - libFuzzer harness: card text as the score and peg commands and agents' answers
 * give it. cs_card_parse() on the input as one card, and cs_cards_parse_line() on it as a line
 * of cards (what an exec agent answers): neither may crash, read past the input or accept a
 * code that is no card.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cards.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = malloc(size + 1);
    if (text == NULL) return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    cs_card one, many[8];
    if (cs_card_parse(text, &one) == 0 && one >= CS_DECK_SIZE) abort();
    const char *bad = NULL;
    int n = cs_cards_parse_line(text, many, 8, &bad);
    for (int i = 0; i < n; i++)
        if (many[i] >= CS_DECK_SIZE) abort();
    free(text);
    return 0;
}
