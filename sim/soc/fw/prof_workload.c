/* SPDX-License-Identifier: Apache-2.0 */
/* A user program for the sampling profiler: `make soc-prof-user` profiles
 * it through the documented command, `make prof PROF_SRC=...`
 * (docs/profiling.md). An ordinary C program with main(), built with -Os
 * as it is, so GCC (12.2 here) clones and inlines; the test checks with nm:
 *   sieve, gen_text, bubble, transpose   constant arguments: *.constprop.0
 *   count_word  a struct passed by value, two of its fields read: .isra.0
 *   cswap       the swap helper, inlined into bubble (no symbol of its own)
 *   mix32       a short hot hash; gen_text's loop around it is 16
 *               instructions, so a fixed period of 128 instructions samples
 *               one address of it (aliasing, the profiler's jitter fixes it)
 *   transpose   its copy-back loop becomes a call to memcpy
 *   fib         recursion
 * Nothing in it knows the profiler. */
#include <stdint.h>
#include <string.h>

#define SIEVE_N 1000
#define TEXT_N  1100
#define SORT_N  70
#define MAT_N   16

static uint8_t composite[SIEVE_N];
static char text[TEXT_N + 1];
static int32_t arr[SORT_N];
static uint32_t mat[MAT_N][MAT_N], matt[MAT_N][MAT_N];
volatile uint32_t sink;

static __attribute__((noinline)) int sieve(uint8_t *c, int n, int from)
{
    int i, j, cnt = 0;
    memset(c, 0, (size_t)n);
    for (i = from; i < n; i++) {
        if (c[i]) continue;
        cnt++;
        for (j = i + i; j < n; j += i) c[j] = 1;
    }
    return cnt;
}

static __attribute__((noinline)) uint32_t mix32(uint32_t h, uint32_t x)
{
    h ^= x;
    h *= 0x9E3779B1u;
    return h ^ (h >> 15);
}

static __attribute__((noinline)) void gen_text(char *t, int n, uint32_t seed)
{
    int i;
    uint32_t h = seed;
    for (i = 0; i < n; i++) {
        h = mix32(h, (uint32_t)i);
        t[i] = (char)('a' + (h >> 24) % 4u);
    }
    t[n] = 0;
}

struct pattern { const char *s; int len; int flags; const char *name; };

static __attribute__((noinline)) int count_word(const char *t, struct pattern p)
{
    int i, k, cnt = 0;
    for (i = 0; t[i]; i++) {
        for (k = 0; k < p.len && t[i + k] == p.s[k]; k++) { }
        if (k == p.len) cnt++;
    }
    return cnt;
}

static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static inline void cswap(int32_t *a, int32_t *b)
{
    if (*a > *b) { int32_t t = *a; *a = *b; *b = t; }
}

static __attribute__((noinline)) void bubble(int32_t *a, int n)
{
    int i, j;
    for (i = 0; i < n - 1; i++)
        for (j = 0; j < n - 1 - i; j++) cswap(&a[j], &a[j + 1]);
}

static __attribute__((noinline)) void transpose(uint32_t (*d)[MAT_N], uint32_t (*s)[MAT_N])
{
    int i, j;
    for (i = 0; i < MAT_N; i++)
        for (j = 0; j < MAT_N; j++) d[j][i] = s[i][j];
    for (i = 0; i < MAT_N; i++)
        for (j = 0; j < MAT_N; j++) s[i][j] = d[i][j];
}

int main(void)
{
    int i, r = 0;
    struct pattern p1 = { "abca", 4, 0, "abca" }, p2 = { "dd", 2, 1, "dd" };
    r += sieve(composite, SIEVE_N, 2);
    r += sieve(composite, SIEVE_N, 2);
    gen_text(text, TEXT_N, 7u);
    r += count_word(text, p1);
    r += count_word(text, p2);
    r += fib(14);
    for (i = 0; i < SORT_N; i++) arr[i] = (int32_t)((i * 7919u) % 1000u);
    bubble(arr, SORT_N);
    for (i = 0; i < MAT_N * MAT_N; i++) mat[i / MAT_N][i % MAT_N] = (uint32_t)i;
    transpose(matt, mat);
    for (i = 1; i < SORT_N; i++) if (arr[i - 1] > arr[i]) return 1;
    sink = (uint32_t)r + matt[1][0];
    return 0;
}
