// Directed tests of pmu_core: the FLOP class (seed 003).
// Shared helpers and the test table: tb/directed/directed.h, tb/test_directed.cpp.
#include "directed.h"

// ---------------------------------------------------------------- FLOP class (seed 003)
// Paragraph numbers ¶N count the seed's body paragraphs (¶1 "Embodiments of
// the present invention ..."). docs/flop.md maps each mechanism to its test.
//
// Independent reference, written from docs/regmap.md "FLOP class" (not from
// the RTL or the model): the sub-event (EM bit) of a retire slot, -1 if none,
// its elements per instruction, and its increment (FMA 2, other types 1,
// codes 9..15 and invalid slots 0).
static unsigned ref_bits(unsigned rsz) { return rsz <= 5 ? 32u << rsz : 0; }
static int ref_sub(const pmu_flop_slot &f) {
    if (!f.valid || f.rsz > 5) return -1;
    const unsigned el = ref_bits(f.rsz) / (f.esz ? 64 : 32);
    if (el == 0) return -1;                                   // double in a 32-bit register
    if (f.scalar || el == 1) return f.esz ? 0 : 1;            // SCALAR_DOUBLE / SCALAR_SINGLE
    if (f.rsz == 1) return 10;                                // PACKED64_SINGLE
    return 2 + 2 * (int)(f.rsz - 2) + (f.esz ? 0 : 1);        // PACKED128..1024 DOUBLE/SINGLE
}
static unsigned ref_el(int sub) {
    static const unsigned el[11] = {1, 1, 2, 4, 4, 8, 8, 16, 16, 32, 2};
    return sub < 0 ? 0 : el[sub];
}
static unsigned ref_weight(const pmu_flop_slot &f) { return !f.valid || f.op > 8 ? 0 : f.op == 8 ? 2 : 1; }
// does main-event code `ft` (FTYPE.MAIN, seed 003 main event) select type op?
// 0..8 that type, 9 the FLOPs of ¶3 (add, subtract, multiply, divide; FMA),
// 15 every type, 10..14 none
static bool ref_main(uint32_t ft, unsigned op) {
    if (op > 8) return false;
    if (ft <= 8) return op == ft;
    if (ft == 9) return op <= 3 || op == 8;
    return ft == 15;
}
// count of one counter programmed (EM, FTYPE.MAIN) for one slot
static unsigned ref_count(const pmu_flop_slot &f, uint32_t em, uint32_t ft) {
    const int k = ref_sub(f);
    return k >= 0 && ((em >> k) & 1) && ref_main(ft & 0xF, f.op) ? ref_weight(f) : 0;   // MAIN: bits 3:0 stored
}
// the seed's FLOPs of one instruction (¶3: elements, x2 for an FMA; only
// add/sub/mul/div/FMA are FLOPs, ¶3 "does not include memory or logical
// operations"; MIN..SQRT are main events of ¶8/¶14 but not FLOPs)
static unsigned ref_flops(const pmu_flop_slot &f) {
    return f.op <= PMU_FOP_DIV || f.op == PMU_FOP_FMA ? ref_el(ref_sub(f)) * ref_weight(f) : 0;
}
static const uint32_t FT_HPC = PMU_FMAIN_FLOPS;   // main event: the FLOP types of ¶3

static void prog_flop(Harness &h, unsigned n, uint32_t em, uint32_t ft, uint32_t eq) {
    h.write(PMU_REG_FTYPE(n), ft << PMU_FTYPE_MAIN_LSB);
    prog(h, n, FC_, em, eq);
}
// Runs `seq` (one slot per cycle on thread 0, slot 0, or all slots when
// `all`) with counters programmed to the (EM, FTYPE) pairs, NC_ at a time,
// and checks each count against the reference.
struct FlopSel { uint32_t em, ft; };
static void flop_rounds(Harness &h, const char *tag, const std::vector<pmu_flop_slot> &seq,
                        const std::vector<FlopSel> &sel, std::vector<uint64_t> *got = nullptr) {
    for (size_t base = 0; base < sel.size(); base += NC_) {
        h.reset(tag);
        const size_t cnt = std::min((size_t)NC_, sel.size() - base);
        for (size_t n = 0; n < cnt; n++) prog_flop(h, (unsigned)n, sel[base + n].em, sel[base + n].ft, eq_all());
        window(h, [&](unsigned i) { h.in.flop[0][0] = seq[i]; }, (unsigned)seq.size());
        for (size_t n = 0; n < cnt; n++) {
            uint64_t e = 0;
            for (auto &f : seq) e += ref_count(f, sel[base + n].em, sel[base + n].ft);
            CHECK_EQ(h.cnt((unsigned)n), e);
            if (got) got->push_back(h.cnt((unsigned)n));
        }
    }
}
// every slot value: register size (8 codes) x element size x scalar flag x
// type (16 codes) x valid
static std::vector<pmu_flop_slot> all_slots() {
    std::vector<pmu_flop_slot> seq;
    for (unsigned v = 0; v < 2; v++)
        for (unsigned rsz = 0; rsz < 8; rsz++)
            for (unsigned esz = 0; esz < 2; esz++)
                for (unsigned sc = 0; sc < 2; sc++)
                    for (unsigned op = 0; op < 16; op += (v ? 5 : 1))   // not retired: a few types
                        seq.push_back({(uint8_t)(1 - v), (uint8_t)rsz, (uint8_t)esz, (uint8_t)sc, (uint8_t)op});
    return seq;
}

// Sub-events (seed 003 ¶14 "Subevent is to specify ... combinations of
// register sizes and element sizes"): each EM bit alone, every type.
void t_flop(Harness &h) {
    auto seq = all_slots();
    std::vector<FlopSel> sel;
    for (unsigned k = 0; k < PMU_FLOP_NSUB; k++) sel.push_back({1u << k, PMU_FMAIN_ALL});
    sel.push_back({0xFFFFu & ~PMU_FLOP_SUB_ALL, PMU_FMAIN_ALL});   // EM 15:11: no FLOP sub-event
    std::vector<uint64_t> got;
    flop_rounds(h, "flop_sub", seq, sel, &got);
    // spec table: each sub-event sees its slots (scalar: the sizes that hold
    // the element with the flag -- double 64..1024, single 32..1024 -- plus
    // the one-element register without it; packed: one combination) x 9
    // types, weight 1 x 8 + FMA 2 = 10 per combination
    const uint64_t per = 10;
    const uint64_t exp[11] = {6 * per, 7 * per, per, per, per, per, per, per, per, per, per};
    for (unsigned k = 0; k < 11 && k < got.size(); k++) CHECK_EQ(got[k], exp[k]);
    if (got.size() > 11) CHECK_EQ(got[11], 0);
    // all slots, all threads, same cycle; EQ
    h.reset("flop_slots");
    prog(h, 0, FC_, PMU_FLOP_PACKED256_SINGLE_MASK, eq_all());
    if (NC_ > 1) prog(h, 1, FC_, 0xF800, eq_all());                         // no FLOP sub-event
    if (NC_ > 2) prog(h, 2, FC_, PMU_FLOP_SUB_ALL, eq_os(0) | eq_usr(0));   // thread 0 only
    if (NC_ > 3) prog(h, 3, FC_, PMU_FLOP_PACKED256_SINGLE_MASK | PMU_FLOP_SCALAR_DOUBLE_MASK, eq_all());
    for (unsigned c = 0; c < NCLS_; c++) h.in.ev[0][c] = 0xFFFF;           // ev_i of the FLOP class is ignored
    window(h, [&](unsigned) {
        for (unsigned t = 0; t < NT_; t++)
            for (unsigned s = 0; s < NRET_; s++) h.in.flop[t][s] = {1, PMU_RSZ256, 0, 0, PMU_FOP_FMA};
    }, 10);
    CHECK_EQ(h.cnt(0), (uint64_t)NT_ * NRET_ * 2 * 10);
    if (NC_ > 1) CHECK_EQ(h.cnt(1), 0);
    if (NC_ > 2) CHECK_EQ(h.cnt(2), (uint64_t)NRET_ * 2 * 10);
    if (NC_ > 3) CHECK_EQ(h.cnt(3), (uint64_t)NT_ * NRET_ * 2 * 10);
}

// Main events (seed 003 ¶8 "instructions such as ADD SUB MUL DIV MIN MAX
// RECIP SQRT FMA", ¶14 "Main event is one of the predefined events ... to
// count the types of instructions or opcodes"): FTYPE.MAIN selects one
// type, the FLOPs of ¶3 or every type; codes 10..14 count nothing; types
// 9..15 never count.
void t_flop_types(Harness &h) {
    auto seq = all_slots();
    std::vector<FlopSel> sel;
    for (unsigned j = 0; j < PMU_FLOP_NTYPE; j++) sel.push_back({PMU_FLOP_SUB_ALL, j});
    sel.push_back({PMU_FLOP_SUB_ALL, 10});                                  // reserved code: nothing
    sel.push_back({PMU_FLOP_SUB_ALL, FT_HPC});                              // the FLOP types of ¶3
    sel.push_back({PMU_FLOP_PACKED512_DOUBLE_MASK, PMU_FOP_MIN});
    sel.push_back({PMU_FLOP_SUB_ALL, 0xFFFFu});                             // every bit written: MAIN = 15 stored
    for (unsigned j = 11; j < 15; j++) sel.push_back({PMU_FLOP_SUB_ALL, j}); // the other reserved codes
    std::vector<uint64_t> got;
    flop_rounds(h, "flop_type", seq, sel, &got);
    // spec table: counted (rsz, esz, scalar) combinations: scalar double 6,
    // scalar single 7, the 9 packed ones: 22 slots per type; FMA weight 2
    for (unsigned j = 0; j < PMU_FLOP_NTYPE && j < got.size(); j++) CHECK_EQ(got[j], j == PMU_FOP_FMA ? 44 : 22);
    if (got.size() > 10) { CHECK_EQ(got[9], 0); CHECK_EQ(got[10], 4 * 22 + 44); }
    if (got.size() > 11) CHECK_EQ(got[11], 1);
    if (got.size() > 12) CHECK_EQ(got[12], 8 * 22 + 44);
    for (size_t j = 13; j < got.size(); j++) CHECK_EQ(got[j], 0);
    CHECK_EQ(got.size(), 17);
    h.write(PMU_REG_FTYPE(0), 0xFFFFFFFFu);
    CHECK_EQ(h.read(PMU_REG_FTYPE(0)), PMU_FTYPE_MAIN_MASK);                // reserved bits 31:4 read 0
}

// Seed 003 ¶3: "a 256 bit packed single precision 32 bit floating point add
// operates on 8 elements and thus counts 8 FLOPs. Scalar operations use the
// full SIMD register data path but only operate on a single element and
// therefore only count 1 FLOP (2 in the case of FMA)"; ¶13: "a fuse multiply
// add FMA instruction ... counts for two FLOPs ... retirement unit is to
// cause the corresponding counter to count two instances of instructions".
// The counters count instructions (FMA twice); software multiplies by the
// elements of the sub-event (¶15).
void t_flop_seed_examples(Harness &h) {
    prog_flop(h, 0, PMU_FLOP_PACKED256_SINGLE_MASK, PMU_FOP_ADD, eq_all());
    if (NC_ > 1) prog_flop(h, 1, PMU_FLOP_SCALAR_SINGLE_MASK | PMU_FLOP_SCALAR_DOUBLE_MASK, FT_HPC, eq_all());
    if (NC_ > 2) prog_flop(h, 2, PMU_FLOP_PACKED256_DOUBLE_MASK, PMU_FOP_FMA, eq_all());
    if (NC_ > 3) prog_flop(h, 3, PMU_FLOP_PACKED128_SINGLE_MASK | PMU_FLOP_PACKED128_DOUBLE_MASK, FT_HPC, eq_all());
    // cycle 0: vaddps ymm (256-bit packed single add): one instruction, 8 FLOPs
    // cycle 1: vaddss xmm (scalar single on a 128-bit register): scalar, 1 FLOP
    // cycle 2: vfmadd231sd zmm (scalar double FMA on a 512-bit register): scalar, 2 FLOPs
    // cycle 3: vfmadd231pd ymm (256-bit packed double FMA): 4 elements x 2 = 8 FLOPs
    // cycle 4: vaddss with the scalar flag clear on a 128-bit register would be
    //          packed single: the flag, not the register size, makes it scalar
    const pmu_flop_slot seq[] = {{1, PMU_RSZ256, 0, 0, PMU_FOP_ADD}, {1, PMU_RSZ128, 0, 1, PMU_FOP_ADD},
                                 {1, PMU_RSZ512, 1, 1, PMU_FOP_FMA}, {1, PMU_RSZ256, 1, 0, PMU_FOP_FMA},
                                 {1, PMU_RSZ128, 0, 0, PMU_FOP_ADD}};
    window(h, [&](unsigned i) { h.in.flop[0][0] = seq[i]; }, 5);
    CHECK_EQ(h.cnt(0), 1);                       // one 256-bit packed single add ...
    CHECK_EQ(h.cnt(0) * 8, 8);                   // ... x 8 elements = "counts 8 FLOPs"
    if (NC_ > 1) CHECK_EQ(h.cnt(1), 1 + 2);      // scalar ops: 1 FLOP, 2 for the scalar FMA
    if (NC_ > 2) CHECK_EQ(h.cnt(2), 2);          // the FMA counts two instances
    if (NC_ > 2) CHECK_EQ(h.cnt(2) * 4, 8);      // x 4 elements = 8 FLOPs
    if (NC_ > 3) CHECK_EQ(h.cnt(3), 1);          // only the flag-clear 128-bit add is packed
    for (auto &f : seq) CHECK_EQ(ref_sub(f) >= 0, 1);
}

// Seed 003 ¶16: "256 bit double precision and 128 bit single precision have
// the same FLOP count of 4 ... but have separate subevents"; "The total
// FLOPs would then be the sum of each of counter results multiplied with the
// corresponding multiplier FLOPs 1 scalar single and scalar double 2 128b
// packed double 4 256b packed double and 128b packed single 8 256b packed
// single ... in a single run of the application by simultaneously utilizing
// for example four performance monitoring counters each programmed to the
// HPC FLOPs configuration but with different subevents"; ¶15: "Multiple
// subevents can be selected simultaneously". Plus the sizes the seed adds
// (¶8/¶22: 512 and 1024-bit registers): a fifth and sixth group when the
// configuration has the counters.
void t_flop_seed_total(Harness &h) {
    struct G { uint32_t em; unsigned mult; } g[] = {
        {PMU_FLOP_SCALAR_SINGLE_MASK | PMU_FLOP_SCALAR_DOUBLE_MASK, 1},
        {PMU_FLOP_PACKED128_DOUBLE_MASK | PMU_FLOP_PACKED64_SINGLE_MASK, 2},
        {PMU_FLOP_PACKED256_DOUBLE_MASK | PMU_FLOP_PACKED128_SINGLE_MASK, 4},
        {PMU_FLOP_PACKED256_SINGLE_MASK | PMU_FLOP_PACKED512_DOUBLE_MASK, 8},
        {PMU_FLOP_PACKED512_SINGLE_MASK | PMU_FLOP_PACKED1024_DOUBLE_MASK, 16},
        {PMU_FLOP_PACKED1024_SINGLE_MASK, 32},
    };
    const unsigned ng = std::min(NC_, 6u);
    // the seed's own four (¶16) fit every configuration with NC >= 4; the
    // 512/1024-bit groups run in a second pass when NC < 6
    uint64_t flops_hw = 0, flops_ref = 0, seen = 0;
    unsigned x = 12345;
    auto rnd = [&]() { x = x * 1103515245u + 12345u; return (x >> 16) & 0x7FFF; };
    std::vector<pmu_flop_slot> seq;
    for (unsigned i = 0; i < 400; i++)
        seq.push_back({1, (uint8_t)(rnd() % 8), (uint8_t)(rnd() & 1), (uint8_t)(rnd() % 3 == 0),
                       (uint8_t)(rnd() % 12)});
    for (auto &f : seq) flops_ref += ref_flops(f);
    for (unsigned base = 0; base < 6; base += ng) {
        h.reset("flop_seed_total");
        const unsigned cnt = std::min(ng, 6 - base);
        for (unsigned n = 0; n < cnt; n++) prog_flop(h, n, g[base + n].em, FT_HPC, eq_all());
        window(h, [&](unsigned i) {
            for (unsigned t = 0; t < NT_; t++)
                for (unsigned s = 0; s < NRET_; s++) h.in.flop[t][s] = (t == 0 && s == 0) ? seq[i] : pmu_flop_slot{};
        }, (unsigned)seq.size());
        for (unsigned n = 0; n < cnt; n++) { flops_hw += h.cnt(n) * g[base + n].mult; seen++; }
    }
    CHECK_EQ(seen, 6);
    CHECK_EQ(flops_hw, flops_ref);
    printf("  flop_seed_total: %" PRIu64 " FLOPs from 6 counters x multipliers == reference\n", flops_hw);
    CHECK(flops_ref > 400);
}

// Seed 003 ¶6/¶12: "count instances of the instructions ... that have
// actually been executed and retired": only valid retire slots count,
// whatever their other fields; ¶22 "Wider instructions and or registers
// such as 1024 bit": the 1024-bit sub-events on every slot and thread.
void t_flop_retired_1024(Harness &h) {
    prog_flop(h, 0, PMU_FLOP_PACKED1024_SINGLE_MASK | PMU_FLOP_PACKED1024_DOUBLE_MASK, PMU_FMAIN_ALL, eq_all());
    if (NC_ > 1) prog_flop(h, 1, PMU_FLOP_SUB_ALL, PMU_FMAIN_ALL, eq_all());
    window(h, [&](unsigned i) {
        for (unsigned t = 0; t < NT_; t++)
            for (unsigned s = 0; s < NRET_; s++)   // odd cycles: the same instructions, not retired
                h.in.flop[t][s] = {(uint8_t)(i % 2 == 0), PMU_RSZ1024, (uint8_t)(s & 1), 0,
                                   (uint8_t)(s == 0 ? PMU_FOP_FMA : PMU_FOP_SQRT)};
    }, 20);
    const uint64_t per = (uint64_t)NT_ * (2 + (NRET_ - 1));   // slot 0 an FMA (2), the others 1
    CHECK_EQ(h.cnt(0), 10 * per);
    if (NC_ > 1) CHECK_EQ(h.cnt(1), 10 * per);
}
