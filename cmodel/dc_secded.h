/* dc_secded.h: C twin of rtl/dc_secded.v, the Hsiao (72,64) SECDED code of
 * one 64-bit SRAM counter (docs/dc_notes.md, Reliability). Column j of H:
 * the 56 weight-3 8-bit values in increasing order, then the first 8
 * weight-5 values; the check bits' columns are the unit vectors. C99. */
#ifndef DC_SECDED_H
#define DC_SECDED_H
#include <stdint.h>

enum { DC_ECC_OK = 0, DC_ECC_CE = 1, DC_ECC_UE = 2 };

static inline uint8_t dc_secded_col(int j) {
  static uint8_t col[64];
  static int init;
  if (!init) {
    int n = 0, pass, v, b, w;
    for (pass = 0; pass < 2; pass++)
      for (v = 0; v < 256; v++) {
        for (w = 0, b = 0; b < 8; b++) w += (v >> b) & 1;
        if (w == 3 + 2 * pass && n < 64) col[n++] = (uint8_t)v;
      }
    init = 1;
  }
  return col[j & 63];
}

/* check byte of d: the XOR of the columns of its set bits, a byte at a
 * time (tab[i][v]: the columns of bits 8i.. 8i+7 where byte i of d is v) */
static inline uint8_t dc_secded_chk(uint64_t d) {
  static uint8_t tab[8][256];
  static int init;
  uint8_t c = 0;
  int i;
  if (!init) {
    int v, b;
    for (i = 0; i < 8; i++)
      for (v = 0; v < 256; v++) {
        uint8_t x = 0;
        for (b = 0; b < 8; b++)
          if ((v >> b) & 1) x ^= dc_secded_col(8 * i + b);
        tab[i][v] = x;
      }
    init = 1;
  }
  for (i = 0; i < 8; i++) c ^= tab[i][(d >> (8 * i)) & 255];
  return c;
}

/* decode (d, c): *q = corrected data (d itself when uncorrectable);
 * returns DC_ECC_OK, DC_ECC_CE or DC_ECC_UE */
static inline int dc_secded_dec(uint64_t d, uint8_t c, uint64_t *q) {
  uint8_t s = (uint8_t)(c ^ dc_secded_chk(d));
  int j;
  *q = d;
  if (!s) return DC_ECC_OK;
  for (j = 0; j < 64; j++)
    if (s == dc_secded_col(j)) { *q = d ^ (1ull << j); return DC_ECC_CE; }
  for (j = 0; j < 8; j++)
    if (s == (1u << j)) return DC_ECC_CE;
  return DC_ECC_UE;
}
#endif
