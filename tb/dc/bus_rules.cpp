// dc_lockstep directed test of the bus rules.
// Shared helpers and the test declarations: tb/dc/dc_tests.h; main(): tb/dc_lockstep.cpp.
#include "dc_tests.h"

void test_bus(Harness &h) {
  bool e;
  check(h.rd(DC_REG_ID, &e) == DC_ID_VALUE && !e, "ID");
  uint32_t cfg = h.rd(DC_REG_CFG);
  check(((cfg >> DC_CFG_NP_LSB) & 63) == (uint32_t)h.cfg.np && ((cfg >> DC_CFG_NL_LSB) & 63) == (uint32_t)h.cfg.nl &&
            ((cfg >> DC_CFG_FRAME_LSB) & 2047) == (uint32_t)h.cfg.frame, "CFG");
  struct { uint32_t a; bool wr; unsigned strb; const char *n; } errs[] = {
      {0x0100, false, 15, "unmapped central"}, {0x0002, false, 15, "misaligned"},
      {DC_REG_CCTL, true, 3, "partial strobe"},
      {DC_UNIT_UCTL(h.nu), false, 15, "unit >= NU"},
      {DC_UNIT_CCTL(h.nu - 1, h.nctr(h.nu - 1)), false, 15, "counter >= NCTR"},
      {DC_UNIT_CCNT(0, 0) + 4, false, 15, "counter slot offset 0xC"},
      {DC_UNIT_BASE + 0x24, false, 15, "unit offset 0x24 (after ELP)"},
      {DC_SRAM_LO(h.m->ncnt), false, 15, "SRAM counter beyond the SRAM"},
      {0x7FFC, false, 15, "hole"},
  };
  for (auto &x : errs) {
    h.xfer(x.wr, x.a, 0xFFFFFFFF, &e, x.strb);
    check(e, x.n, "-> PSLVERR expected%lld%lld", 0, 0);
  }
  h.rd(DC_SRAM_LO(h.m->ncnt - 1), &e);
  check(!e, "last SRAM counter mapped");
  int un = h.nu - 1;
  h.wr(DC_UNIT_CCTL(un, 0), 0xFFFFFFFF);
  check(h.rd(DC_UNIT_CCTL(un, 0)) == ctl(63, 1, 1, 1), "reserved CTL bits read 0");
  for (int du : {0, un}) {   // ELPSEL 9 bits; ELP: NSUB bits per field, E >= NT*NCLS reads 0 and ignores writes
    uint32_t sm = (1u << h.nsub(du)) - 1, ng = (uint32_t)(h.nt * h.nc(du));
    h.wr(DC_UNIT_ELPSEL(du), 0xFFFFFFFF);
    check(h.rd(DC_UNIT_ELPSEL(du)) == 0x1FFu, "reserved ELPSEL bits read 0");
    h.wr(DC_UNIT_ELP(du), 0xFFFFFFFF);
    check(h.rd(DC_UNIT_ELP(du)) == 0u, "ELP of an event >= NT*NCLS reads 0");
    h.wr(DC_UNIT_ELPSEL(du), ng - 1);
    h.wr(DC_UNIT_ELP(du), 0xFFFFFFFF);
    check(h.rd(DC_UNIT_ELP(du)) == (sm << DC_ELP_INV_LSB | sm << DC_ELP_EDGE_LSB), "reserved ELP bits (>= NSUB) read 0");
    h.wr(DC_UNIT_ELP(du), 0);
    h.wr(DC_UNIT_ELPSEL(du), 0);
  }
  h.wr(DC_UNIT_UMODE(un), 0xFFFFFFFF);
  check(h.rd(DC_UNIT_UMODE(un)) == umode(1, 1, 1), "reserved UMODE bits read 0");
  h.wr(DC_UNIT_UMODE(un), umode(1, 0, 0));
  for (int du : {0, un}) {   // DGSEL: the DGW stored bits of each 4-bit select, the rest read 0
    uint32_t m4 = h.m->u[du].dgm;
    h.wr(DC_UNIT_DGSEL0(du), 0xFFFFFFFF);
    h.wr(DC_UNIT_DGSEL1(du), 0xFFFFFFFF);
    check(h.rd(DC_UNIT_DGSEL0(du)) == m4 * 0x11111111u && h.rd(DC_UNIT_DGSEL1(du)) == m4 * 0x1111u,
          "reserved DGSEL bits read 0", "(0x%llx)%lld", h.rd(DC_UNIT_DGSEL0(du)), m4);
    h.wr(DC_UNIT_DGSEL0(du), 0);
    h.wr(DC_UNIT_DGSEL1(du), 0);
  }
  h.wr(DC_UNIT_CEMQ(un, 0), 0xFFFFFFFF);
  check(h.rd(DC_UNIT_CEMQ(un, 0)) == emq((1u << h.nsub(un)) - 1, (1u << 2 * h.nt) - 1), "reserved EMQ bits read 0",
        "(0x%llx)%lld", h.rd(DC_UNIT_CEMQ(un, 0)), 0);
  h.wr(DC_UNIT_CCTL(un, 0), 0);
  h.wr(DC_UNIT_CEMQ(un, 0), 0);
  h.wr(DC_UNIT_UCTL(un), 0xFFFFFFFF);
  check(h.rd(DC_UNIT_UCTL(un)) == 0xF, "reserved UCTL bits read 0");
  h.wr(DC_UNIT_UCTL(un), 0);
  uint32_t ucfg = h.rd(DC_UNIT_UCFG(un));
  check(((ucfg >> DC_UCFG_NCTR_LSB) & 255) == (uint32_t)h.nctr(un) && ((ucfg >> DC_UCFG_LW_LSB) & 255) == (uint32_t)h.lw(un) &&
            ((ucfg >> DC_UCFG_ID_LSB) & 63) == (uint32_t)un, "UCFG");
  h.wr(DC_REG_CCTL, 0xFFFFFFFF & ~(1u << DC_CCTL_LRST_LSB) & ~(1u << DC_CCTL_MODE_LSB));
  check(h.rd(DC_REG_CCTL) == cctl(1, 0, 63, 0, 1), "reserved CCTL bits read 0, LRST reads 0", "(0x%llx)%lld", h.rd(DC_REG_CCTL), 0);
  h.wr(DC_REG_CCTL, 0);
  h.wr(DC_REG_ID, 0, &e);
  check(!e && h.rd(DC_REG_ID) == DC_ID_VALUE, "write to RO ignored");
  // 64-bit access rule
  int i = 16 * 2 + 5;
  h.wr64(DC_SRAM_LO(i), 0x123456789ABCDEF0ull);
  check(h.rd64(DC_SRAM_LO(i)) == 0x123456789ABCDEF0ull, "SRAM 64-bit write/read");
  uint32_t lo = h.rd(DC_SRAM_LO(i));
  h.wr64(DC_SRAM_LO(i), 0xAAAA0000BBBB0000ull);
  uint32_t hi = h.rd(DC_SRAM_HI(i));
  check(lo == 0x9ABCDEF0u && hi == 0x12345678u, "HI read returns the shadow latched by the LO read");
  h.wr(DC_SRAM_HI(i), 0x55);            // stage only
  check(h.rd64(DC_SRAM_LO(i)) == 0xAAAA0000BBBB0000ull, "HI write alone does not change the counter");
  h.wr(DC_SRAM_LO(i), 7);
  check(h.rd64(DC_SRAM_LO(i)) == 0x0000005500000007ull, "LO write commits {stage, LO}");
  h.wr(DC_SRAM_LO(i), 9);
  check(h.rd64(DC_SRAM_LO(i)) == 9ull, "LO write clears the stage");
  // privilege: PPROT[0]=0 is unprivileged. Every unprivileged access answers
  // PSLVERR and changes nothing, except SRAM counter reads while CCTL.UEN=1.
  h.wr64(DC_SRAM_LO(i), 0x0000000700000011ull);
  auto uwr = [&](uint32_t a, uint32_t d) { bool err; h.xfer(true, a, d, &err, 15, nullptr, 0); return err; };
  auto urd = [&](uint32_t a, bool *err) { return h.xfer(false, a, 0, err, 15, nullptr, 2); };
  check(uwr(DC_REG_NOVCTL, 1) && h.rd(DC_REG_NOVCTL) == 0, "unprivileged NOVCTL write: PSLVERR, no effect");
  check(uwr(DC_REG_CCTL, cctl(1, 0, 0, 0, 1)) && h.rd(DC_REG_CCTL) == 0, "unprivileged CCTL write: PSLVERR, no effect");
  check(uwr(DC_SRAM_HI(i), 0x99) && uwr(DC_SRAM_LO(i), 0x42) && h.rd64(DC_SRAM_LO(i)) == 0x0000000700000011ull,
        "unprivileged SRAM counter writes: PSLVERR, stage and counter unchanged");
  check(uwr(DC_UNIT_UCTL(un), 3) && h.rd(DC_UNIT_UCTL(un)) == 0, "unprivileged unit register write: PSLVERR, no effect");
  urd(DC_SRAM_LO(i), &e);
  check(e, "unprivileged SRAM counter read with UEN=0: PSLVERR");
  h.wr(DC_REG_CCTL, cctl(0, 0, 0, 0, 1));
  check(h.rd(DC_REG_CCTL) == cctl(0, 0, 0, 0, 1), "CCTL.UEN reads back");
  bool e2;
  uint32_t ulo = urd(DC_SRAM_LO(i), &e), uhi = urd(DC_SRAM_HI(i), &e2);
  check(!e && !e2 && ulo == 0x11u && uhi == 7u, "unprivileged SRAM counter LO/HI read with UEN=1",
        "(0x%llx)%lld", ((uint64_t)uhi << 32) | ulo, 0);
  urd(DC_REG_CSTAT, &e);
  check(e, "unprivileged read of a central register with UEN=1: PSLVERR");
  urd(DC_UNIT_CCNT(un, 0), &e);
  check(e, "unprivileged read of a local counter with UEN=1: PSLVERR");
  h.wr(DC_REG_CCTL, 0);
  h.wr64(DC_SRAM_LO(i), 0);
}
