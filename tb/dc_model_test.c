/* dc_model_test: C-model-only tests of the distributed counter system.
 *   --cycles N   (default 10^7) reference configuration, every local counter
 *                at its maximum event rate for N cycles, then a phase of
 *                random events / random event selections (N/10 cycles);
 *                64-bit SRAM totals == the events injected, counted here from
 *                the injected bits (not by the model); also checks that
 *                illegal configurations are refused.
 *   --seed N
 * Drives the model through its APB port like software would. Last line
 * "N passed, N failed"; non-zero exit on failure. `make soak` runs it with
 * 10^9 cycles. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "dc_model.h"

static int passed, failed;
static void check(int ok, const char *what) {
  if (ok) passed++;
  else { failed++; printf("FAIL %s\n", what); }
}

static uint64_t rs;
static uint64_t rnd(void) { rs ^= rs << 13; rs ^= rs >> 7; rs ^= rs << 17; return rs; }

static dc_model_t *m;
static uint16_t *ev;
static uint8_t *cpl;
static dc_apb_in_t apb;
static dc_apb_out_t out;
static int nu, nt, ncls, nev;   /* ncls: the class stride of ev (dc_model_ev_stride); m->u[u].ncls: unit u's classes */

static void tick(void) { dc_model_step(m, ev, cpl, &apb, &out); }
static uint32_t xfer(int wr, uint32_t a, uint32_t d, int *err) {
  int n = 0;
  apb.psel = 1; apb.penable = 0; apb.pwrite = wr; apb.paddr = a; apb.pwdata = d; apb.pstrb = 15;
  apb.pprot = 1;  /* privileged */
  tick();
  apb.penable = 1;
  for (;;) {
    dc_model_step(m, ev, cpl, &apb, &out);
    if (out.pready) break;
    if (++n > 100) { printf("APB timeout\n"); exit(1); }
  }
  if (err) *err = out.pslverr;
  apb.psel = apb.penable = apb.pwrite = 0;
  return out.prdata;
}
static void wr(uint32_t a, uint32_t d) { xfer(1, a, d, NULL); }
static uint32_t rd(uint32_t a) { return xfer(0, a, 0, NULL); }
static uint64_t rd64(uint32_t a) { uint64_t l = rd(a); return l | ((uint64_t)rd(a + 4) << 32); }
static int nsub(int u) { return u < m->cfg.np ? m->cfg.nsubp : m->cfg.nsubl; }

/* add the injected events selected by each counter's current selection to
 * its expected total, then forget them (called at every selection change) */
static void settle(uint64_t *sub, uint64_t *expv, const int *es, const int *tc, const uint32_t *em) {
  int u, k, t, s;
  for (u = 0; u < nu; u++)
    for (k = 0; k < m->u[u].nctr; k++) {
      int x = u * 24 + k;
      for (t = 0; t < nt; t++) {
        if (!tc[x] && t != k % nt) continue;
        if (es[x] >= m->u[u].ncls) continue;
        for (s = 0; s < 16; s++)
          if ((em[x] >> s) & 1) expv[x] += sub[(u * nev + t * ncls + es[x]) * 16 + s];
      }
    }
  memset(sub, 0, (size_t)nu * nev * 16 * sizeof *sub);
}

int main(int argc, char **argv) {
  dc_cfg_t c;
  long cycles = 10000000L, i;
  uint64_t seed = 1;
  int u, k, e, t, s;
  uint64_t *sub;           /* injected events per (u, thread, class, sub-event) */
  int *es, *tc;
  uint32_t *em;
  uint64_t *expv;
  clock_t t0;
  double secs;
  for (i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--cycles") && i + 1 < argc) cycles = strtol(argv[++i], NULL, 0);
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 0);
    else { printf("usage: %s [--cycles N] [--seed N]\n", argv[0]); return 2; }
  }
  rs = seed * 0x9E3779B97F4A7C15ull + 77;
  printf("dc_model_test: seed %llu (rerun with --seed %llu), %ld cycles\n", (unsigned long long)seed,
         (unsigned long long)seed, cycles);

  /* illegal configurations are refused */
  dc_cfg_default(&c); c.frame = 600;
  check(dc_model_new(&c) == NULL, "FRAME 600 x 32 >= 2^14 refused");
  dc_cfg_default(&c); c.lwl = 8;
  check(dc_model_new(&c) == NULL, "cache LW 8 (400 x 2 >= 256) refused");
  dc_cfg_default(&c); c.np = 40;
  check(dc_model_new(&c) == NULL, "too many units for the frame refused");
  /* EQ holds 2 bits per thread: at NT=8 all 16 bits of EMQ[31:16] */
  dc_cfg_default(&c); c.nt = 8; c.np = 3; c.nl = 2; c.lwp = 16; c.lwl = 12;
  m = dc_model_new(&c);
  check(m != NULL, "NT=8 accepted");
  if (m) {
    ev = calloc((size_t)m->nu * c.nt * dc_model_ev_stride(m), sizeof *ev);
    cpl = calloc((size_t)m->nu * c.nt, 1);
    wr(DC_UNIT_CEMQ(0, 0), 0xFFFF0000u);
    check(rd(DC_UNIT_CEMQ(0, 0)) == 0xFFFF0000u, "NT=8: EMQ 0xFFFF0000 reads back (EQ is 16 bits)");
    wr(DC_UNIT_CEMQ(0, 0), 0x80000000u);
    check(rd(DC_UNIT_CEMQ(0, 0)) == 0x80000000u && m->u[0].c[0].os_m == 1u && m->u[0].c[0].usr_m == 0u,
          "NT=8: EQ bit 15 is thread 0's OS bit");
    dc_model_free(m);
    free(ev); free(cpl);
  }
  dc_cfg_default(&c);
  m = dc_model_new(&c);
  check(m != NULL, "reference configuration accepted");
  if (!m) { printf("%d passed, %d failed\n", passed, failed); return 1; }
  nu = m->nu; nt = c.nt; ncls = dc_model_ev_stride(m); nev = nt * ncls;
  ev = calloc((size_t)nu * nev, sizeof *ev);
  cpl = calloc((size_t)nu * nt, 1);
  sub = calloc((size_t)nu * nev * 16, sizeof *sub);
  expv = calloc(64 * 24, sizeof *expv); es = calloc(64 * 24, sizeof *es); tc = calloc(64 * 24, sizeof *tc); em = calloc(64 * 24, sizeof *em);

  /* phase 1: maximum rate on every counter */
  for (u = 0; u < nu; u++)
    for (k = 0; k < m->u[u].nctr; k++) {
      es[u * 24 + k] = (int)(rnd() % (uint64_t)m->u[u].ncls); tc[u * 24 + k] = 1; em[u * 24 + k] = (1u << nsub(u)) - 1;
      wr(DC_UNIT_CEMQ(u, k), (em[u * 24 + k] << DC_C_EMQ_EM_LSB) | (((1u << 2 * nt) - 1) << DC_C_EMQ_EQ_LSB));
      wr(DC_UNIT_CCTL(u, k), ((uint32_t)es[u * 24 + k] << DC_C_CTL_ES_LSB) | (1u << DC_C_CTL_EN_LSB) | (1u << DC_C_CTL_TC_LSB));
    }
  wr(DC_REG_CCTL, 1u << DC_CCTL_RUN_LSB);
  for (i = 0; i < nu + 10; i++) tick();
  for (u = 0; u < nu; u++) for (e = 0; e < nev; e++) ev[u * nev + e] = (uint16_t)((1u << nsub(u)) - 1);
  t0 = clock();
  for (i = 0; i < cycles; i++) tick();
  secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
  for (u = 0; u < nu; u++) for (e = 0; e < nev; e++) for (s = 0; s < nsub(u); s++) sub[(u * nev + e) * 16 + s] += (uint64_t)cycles;
  printf("max rate: %ld cycles in %.1f s (%.0f cycles/s)\n", cycles, secs, cycles / (secs > 0 ? secs : 1e-9));

  settle(sub, expv, es, tc, em);
  /* phase 2: random events, random selections (EQ all ones, TC random) */
  for (u = 0; u < nu; u++) for (e = 0; e < nev; e++) ev[u * nev + e] = 0;
  for (i = 0; i < 2 * c.frame + nu; i++) tick();
  for (u = 0; u < nu; u++)
    for (k = 0; k < m->u[u].nctr; k++)
      if (rnd() % 2) {
        int x = u * 24 + k;
        es[x] = (int)(rnd() % (uint64_t)(m->u[u].ncls + 1)); tc[x] = (int)(rnd() % 2); em[x] = (uint32_t)rnd() & ((1u << nsub(u)) - 1);
        wr(DC_UNIT_CEMQ(u, k), (em[x] << DC_C_EMQ_EM_LSB) | (((1u << 2 * nt) - 1) << DC_C_EMQ_EQ_LSB));
        wr(DC_UNIT_CCTL(u, k), ((uint32_t)es[x] << DC_C_CTL_ES_LSB) | (1u << DC_C_CTL_EN_LSB) | ((uint32_t)tc[x] << DC_C_CTL_TC_LSB));
      }
  for (i = 0; i < cycles / 10; i++) {
    for (u = 0; u < nu; u++)
      for (e = 0; e < nev; e++) {
        if (e % ncls >= m->u[u].ncls) continue;   /* a class the unit does not have (wider stride) */
        uint16_t v = (rnd() % 4) ? (uint16_t)((1u << nsub(u)) - 1) : (uint16_t)(rnd() & ((1u << nsub(u)) - 1));
        ev[u * nev + e] = v;
        while (v) { s = __builtin_ctz(v); sub[(u * nev + e) * 16 + s]++; v &= (uint16_t)(v - 1); }
      }
    for (t = 0; t < nu * nt; t++) if (rnd() % 16 == 0) cpl[t] = (uint8_t)(rnd() % 4);
    tick();
  }
  settle(sub, expv, es, tc, em);
  for (u = 0; u < nu; u++) for (e = 0; e < nev; e++) ev[u * nev + e] = 0;
  for (i = 0; i < c.frame + nu + 10; i++) tick();
  wr(DC_REG_CCTL, 0);
  for (i = 0; i < 2 * c.frame + 2 * nu; i++) tick();
  {
    long bad = 0, loc = 0;
    for (u = 0; u < nu; u++)
      for (k = 0; k < m->u[u].nctr; k++) {
        int x = u * 24 + k;
        uint64_t exp = expv[x], got = rd64(DC_SRAM_LO(dc_unit_first_counter(m, u) + k));
        if (got != exp) {
          if (bad < 5) printf("unit %d counter %d: SRAM %llu expected %llu\n", u, k, (unsigned long long)got,
                              (unsigned long long)exp);
          bad++;
        }
        if (rd(DC_UNIT_CCNT(u, k))) loc++;
      }
    check(bad == 0, "64-bit totals == injected events on every counter");
    check(loc == 0, "local counters drained");
  }
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
