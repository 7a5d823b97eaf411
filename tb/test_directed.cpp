// Directed tests of pmu_core. Every test runs in lockstep (RTL == C model
// every cycle, checked by the harness) AND checks hand-derived expected
// values from the spec, so both implementations are held to the spec.
//   test_directed [--vec FILE] [--only NAME[,NAME...]] [--latency FILE] [--rules FILE]
// --vec records every cycle for the Icarus replay bench (tb/tb_replay.v).
#include "directed/directed.h"

int main(int argc, char **argv) {
    const char *vec = nullptr, *only = nullptr, *latf = nullptr, *rulesf = nullptr;
    for (int i = 1; i + 1 < argc; i++) {
        if (!strcmp(argv[i], "--vec")) vec = argv[++i];
        else if (!strcmp(argv[i], "--latency")) latf = argv[++i];
        else if (!strcmp(argv[i], "--rules")) rulesf = argv[++i];
        else if (!strcmp(argv[i], "--only")) only = argv[++i];
    }
    Harness h;
    NT_ = h.cfg.nt; NC_ = h.cfg.nc; CW_ = h.cfg.cw; NCLS_ = h.cfg.ncls; NRET_ = h.cfg.nret; FC_ = h.cfg.flop_class;
    NCH_ = h.cfg.nch;
    NA_ = h.cfg.narea;
    AW_ = h.cfg.aw;
    YCAP_ = h.cfg.ycap;
    for (unsigned e = 0; e + NA_ <= NCLS_; e += NA_) {
        bool ok = true;
        for (unsigned k = 0; k < NA_; k++) ok = ok && e + k != FC_;
        if (ok) g_canon.push_back(e);
    }
    if (NA_ > 1) h.pre_step = mirror_areas;
    if (vec && !(h.vec = fopen(vec, "w"))) { perror(vec); return 2; }
    printf("test_directed: config NT=%u NC=%u CW=%u NCLS=%u NRET=%u FLOP_CLASS=%u\n", NT_, NC_, CW_, NCLS_, NRET_, FC_);
    // novec: long tests left out of the Icarus replay vectors (the replay would take minutes)
    struct { const char *name; void (*fn)(Harness &); bool novec; } tests[] = {
        {"reset_values", t_reset_values}, {"qual_table1", t_qual_table1}, {"mux_select_mask", t_mux_select_mask},
        {"max_increment", t_max_increment}, {"duration", t_duration}, {"threshold", t_threshold},
        {"invert", t_invert}, {"edge", t_edge}, {"wrap_preset", t_wrap_preset}, {"atomic_read", t_atomic_read},
        {"simultaneous", t_simultaneous}, {"global_start_stop", t_global_start_stop}, {"flop", t_flop},
        {"flop_types", t_flop_types}, {"flop_seed_examples", t_flop_seed_examples},
        {"flop_seed_total", t_flop_seed_total}, {"flop_retired_1024", t_flop_retired_1024},
        {"bus_errors", t_bus_errors}, {"tsc", t_tsc}, {"areas", t_areas}, {"irq_enable", t_irq_enable},
        // sampling (PowerPC 604e style) and user-level yield channels
        {"smp_regs", t_smp_regs}, {"neg_irq", t_neg_irq}, {"sample_trace", t_sample_trace},
        {"freeze", t_freeze}, {"trigger", t_trigger}, {"latency_class", t_latency}, {"timebase", t_timebase},
        {"process_mark", t_process_mark}, {"history", t_history},
        {"yield_500k_100k", t_yield_500k_100k, true}, {"yield_blocked", t_yield_blocked},
        {"yield_silent", t_yield_silent}, {"yield_priority", t_yield_priority},
        {"yield_scenario", t_yield_scenario}, {"yield_actions", t_yield_actions}, {"yield_sticky", t_yield_sticky}, {"yield_types", t_yield_types}, {"yield_cond", t_yield_cond}, {"yield_capture", t_yield_capture}, {"yield_threads", t_yield_threads}, {"isolation", t_isolation}, {"latencies", t_latencies},
        {"boundaries", t_boundaries},
        // holes of the code coverage (tb/directed/cov_bits.cpp, docs/coverage.md)
        {"cov_ych_bits", t_cov_ych_bits}, {"cov_cnt_bits", t_cov_cnt_bits},
    };
    Tally tally;
    for (auto &t : tests) {
        if (only && !name_in(only, t.name)) continue;
        g_test = t.name;
        g_checks_failed = 0;
        h.failed = false;
        FILE *vec_saved = h.vec;
        if (t.novec) h.vec = nullptr;
        h.reset(t.name);
        t.fn(h);
        h.vec = vec_saved;
        tally.test(t.name, !g_checks_failed && !h.failed, h.cycle);
    }
    if (h.vec) fclose(h.vec);
    if (rulesf) {
        FILE *f = fopen(rulesf, "w");
        if (!f) { perror(rulesf); return 2; }
        for (auto &r : g_rules) fprintf(f, "%s\n", r.c_str());
        fclose(f);
    }
    if (latf) {
        FILE *f = fopen(latf, "w");
        if (!f) { perror(latf); return 2; }
        fprintf(f, "| path | latency |\n|---|---|\n");
        for (auto &r : g_lat) fprintf(f, "| %s | %s |\n", r.path.c_str(), r.value.c_str());
        fclose(f);
    }
    return tally.done();
}
