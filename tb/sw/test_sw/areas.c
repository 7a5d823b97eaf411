/* sw/ host tests: multiplexing (estimates, time fractions) and counter
 * areas (CAP.NAREA: placement, errors, multiplexing). */
#include "common.h"

void test_multiplex(void)
{
    static const char *ev[] = { "CLASS0:0x1", "CLASS0:0x6:OS", "CLASS1:0xf", "CLASS1:0x2:T0", "CLASS2:0x3",
                                "CLASS2:0x4:USR", "CLASS3:0x9", "CLASS3:0x1:T0:OS", "CLASS4:0x5", "CLASS4:0x2",
                                "CLASS5:0x3", "CLASS5:0xc:USR", "CLASS6:0x1", "CLASS6:0xe", "CLASS7:0x7:OS",
                                "CLASS7:0x8", "CLASS0:0x8:USR", "CLASS1:0x1", "CLASS2:0x8", "CLASS3:0x6" };
    unsigned nev = sizeof ev / sizeof ev[0], i, round;
    for (round = 0; round < 2; round++) {
        pmu_eventset es;
        pmu_value val[PMU_MAX_EVENTS];
        const char *sel[PMU_MAX_EVENTS];
        unsigned n = round == 0 ? (nev < 2 * T->cfg.nc + 2 ? nev : 2 * T->cfg.nc + 2) : 5;
        unsigned np, want, a, na[PMU_NAREA_MAX], nflop = 0;
        double worst = 0, worst_frac = 0;
        fixture();
        hook_irqs();
        pmu_eventset_init(&CTX, &es);
        CHECK(pmu_set_multiplex(&es, 1) == PMU_OK, "mux on");
        /* round 0: the first n events; round 1: the first 5 that counter 0 can
         * count (classes of area 0 or FLOP; with NAREA=1 the first 5), every
         * one constrained to counter 0 -> one pass each */
        for (i = 0, a = 0; i < nev && a < n; i++) {
            unsigned cls = (unsigned)strtoul(ev[i] + 5, 0, 10);
            if (round == 0 || area_ok(0, cls)) sel[a++] = ev[i];
        }
        n = a;
        memset(na, 0, sizeof na);
        for (i = 0; i < n; i++) {
            char name[64];
            unsigned cls = (unsigned)strtoul(sel[i] + 5, 0, 10);
            if (cls == T->cfg.flop_class) nflop++; else na[cls % T->cfg.narea]++;
            snprintf(name, sizeof name, "%s%s", sel[i], round ? ":CTR=0" : "");
            CHECK(pmu_add_named_event(&es, name) == (int)i, "mux add %s", name);
        }
        np = pmu_num_passes(&es);
        /* fewest passes (Hall): every area's events on its counters, all events on all counters */
        want = (n + T->cfg.nc - 1) / T->cfg.nc;
        for (a = 0; a < T->cfg.narea; a++)
            if (na[a] && (na[a] + area_ctrs(a) - 1) / area_ctrs(a) > want) want = (na[a] + area_ctrs(a) - 1) / area_ctrs(a);
        CHECK(np == (round ? n : want), "passes %u, expected %u (%u FLOP events)", np, round ? n : want, nflop);
        CHECK(placement_ok(&es), "mux passes keep every event in its area");
        pmu_sb_set_tick(&B, 20000);
        pmu_start(&es);
        G.on = 1;
        pmu_sb_run(&B, 20000ull * np * 8);
        G.on = 0;
        pmu_stop(&es, 0);
        pmu_sb_set_tick(&B, 0);
        pmu_read_values(&es, val);
        CHECK(np < 2 || CTX.n_switches >= np * 8 - 1, "pass switches %u", CTX.n_switches);
        for (i = 0; i < n; i++) {
            double e = (double)expect(&es.code[i]), err, frac;
            err = e > 0 ? ((double)val[i].value - e) / e : (double)val[i].value;
            frac = (double)val[i].running / (double)val[i].enabled;
            if (err < 0) err = -err;
            if (err > worst) worst = err;
            if (fabs_frac(frac - 1.0 / np) > worst_frac) worst_frac = fabs_frac(frac - 1.0 / np);
            CHECK(err < 0.01, "mux %s: estimate %llu truth %.0f (raw %llu, %.3f of the time)", sel[i],
                  (unsigned long long)val[i].value, e, (unsigned long long)val[i].raw, frac);
            CHECK(fabs_frac(frac * np - 1.0) < 0.02, "mux %s: counted %.4f of the time, expected ~%.4f", sel[i],
                  frac, 1.0 / np);
        }
        printf("multiplex: %u events, %u counters, %u passes: worst estimate error %.3f%%, "
               "worst time-fraction deviation %.4f\n", n, T->cfg.nc, np, 100 * worst, worst_frac);
        CHECK(B.n_err == 0 && T->ok(T->dut), "bus errors / divergence");
    }
}

/* Counter areas (CAP.NAREA): placement, errors, multiplexing. With NAREA=1
 * the same sets are built (every counter sees every class) and must work. */
void test_areas(void)
{
    const unsigned nc = T->cfg.nc, na = T->cfg.narea, fl = T->cfg.flop_class;
    const unsigned eqall = (1u << (2u * T->cfg.nt)) - 1u;
    pmu_eventset es;
    pmu_event_code k;
    char name[64];
    unsigned i, a, c, amin, nk;
    int r;

    fixture();
    /* every class has a counter (NAREA <= NC): plain names encode */
    for (c = 0, nk = 0; c < 64; c++) {
        snprintf(name, sizeof name, "CLASS%u", c);
        nk += pmu_event_encode(&CTX, name, &k) != PMU_OK;
    }
    CHECK(nk == 0, "%u classes without a counter", nk);
    /* FLOP class: every counter */
    for (c = 0, nk = 0; c < nc; c++) {
        snprintf(name, sizeof name, "CLASS%u:0x1:CTR=%u", fl, c);
        nk += pmu_event_encode(&CTX, name, &k) != PMU_OK;
    }
    CHECK(nk == 0, "FLOP class refused on %u counters", nk);

    /* An event whose CTR= names only counters outside its area: PMU_ENOCOUNTER
     * from encode and from add (named and raw code, multiplexing or not). */
    {
        unsigned cls = area_class(1, 0);       /* counter 0 is in area 0, the class in area 1 % NAREA */
        int want = na > 1 ? PMU_ENOCOUNTER : PMU_OK;
        snprintf(name, sizeof name, "CLASS%u:0x1:CTR=0", cls);
        r = pmu_event_encode(&CTX, name, &k);
        CHECK(r == want, "encode %s (NAREA %u): %s", name, na, pmu_strerror(r));
        pmu_eventset_init(&CTX, &es);
        r = pmu_add_named_event(&es, name);
        CHECK(r == (na > 1 ? PMU_ENOCOUNTER : 0) && es.n == (na > 1 ? 0u : 1u), "add %s: %s", name,
              r < 0 ? pmu_strerror(r) : "ok");
        pmu_eventset_init(&CTX, &es);
        k.ctl = pmu_drv_ctl(cls, 0, 0, 0, 0, 0);
        k.emq = pmu_drv_emq(1u, eqall);
        k.cmask = 1u;
        r = pmu_add_event(&es, &k);
        CHECK(r == (na > 1 ? PMU_ENOCOUNTER : 0), "raw code class %u on counter 0: %d", cls, r);
        if (na > 1) {
            CHECK(pmu_set_multiplex(&es, 1) == PMU_OK && pmu_add_event(&es, &k) == PMU_ENOCOUNTER && es.n == 0,
                  "multiplexing does not make an impossible event possible");
            CHECK(pmu_event_decode(&CTX, &k, name, sizeof name) == PMU_OK, "decode still names it: %s", name);
            /* one in-area counter among the constraints is enough */
            snprintf(name, sizeof name, "CLASS%u:0x1:CTR=0:CTR=1", cls);
            r = pmu_add_named_event(&es, name);
            CHECK(r == 0 && es.ctr_of[0] == 1, "%s placed on counter %u (%d)", name, es.ctr_of[0], r);
            CHECK(strstr(pmu_strerror(PMU_ENOCOUNTER), "area") != 0, "strerror: %s", pmu_strerror(PMU_ENOCOUNTER));
        }
    }

    /* One event more than the counters of the smallest area: PMU_ECONFLICT
     * with multiplexing off although the set has fewer events than counters. */
    amin = 0;
    for (a = 1; a < na; a++) if (area_ctrs(a) < area_ctrs(amin)) amin = a;
    for (nk = 0; area_class(amin, nk) < GC; nk++) { }
    if (na > 1 && nk > 0) {
        unsigned ca = area_ctrs(amin);
        pmu_eventset_init(&CTX, &es);
        for (i = 0; i <= ca; i++) {
            snprintf(name, sizeof name, "CLASS%u:0x%x", area_class(amin, i % nk), 1u + i % 15u);
            r = pmu_add_named_event(&es, name);
            if (i < ca) CHECK(r == (int)i, "area %u event %u: %d", amin, i, r);
            else CHECK(r == PMU_ECONFLICT && es.n == ca, "area %u (%u counters) over-subscribed, %u of %u counters: %s",
                       amin, ca, ca + 1, nc, r < 0 ? pmu_strerror(r) : "accepted");
        }
        CHECK(pmu_set_multiplex(&es, 1) == PMU_OK && pmu_add_named_event(&es, name) == (int)ca, "accepted when multiplexing");
        CHECK(pmu_num_passes(&es) == 2 && placement_ok(&es), "2 passes (%u), every event in its area (%d)",
              pmu_num_passes(&es), placement_ok(&es));
        CHECK(pmu_set_multiplex(&es, 0) == PMU_ECONFLICT && es.multiplex, "multiplex off refused: ECONFLICT");
    }

    /* Exact counts of a full set (one pass) that only fits if the scheduler
     * moves the FLOP event, added first, off the counter an area needs. */
    fixture();
    hook_irqs();
    pmu_eventset_init(&CTX, &es);
    random_name(name, sizeof name, (int)fl);
    CHECK(pmu_add_named_event(&es, name) == 0, "add %s", name);
    for (c = 0; c + 1 < nc; c++) {
        unsigned ar = c % na, kk = 0;
        while (area_class(ar, kk) < GC) kk++;
        random_name(name, sizeof name, kk ? (int)area_class(ar, c / na % kk) : (int)fl);
        r = pmu_add_named_event(&es, name);
        CHECK(r == (int)(c + 1), "full set: add %s: %s", name, r < 0 ? pmu_strerror(r) : "ok");
    }
    CHECK(es.n == nc && pmu_num_passes(&es) == 1 && placement_ok(&es), "full set placed in one pass");
    run_and_check(&es, 3000 + rndn(2000), 0, "full set");

    /* Multiplexing: NC FLOP events added before 2 x (counters of area 0)
     * events of area 0. Building pass 0 greedily would fill it with the FLOP
     * events and need 3 passes; 2 passes are enough (each pass: area 0's
     * counters for area-0 events, the other counters for FLOP events). */
    fixture();
    hook_irqs();
    for (nk = 0; area_class(0, nk) < GC; nk++) { }
    if (nk > 0 && nc + 2 * area_ctrs(0) <= PMU_MAX_EVENTS) {
        unsigned ca = area_ctrs(0), ntot = nc + 2 * ca, want = (ntot + nc - 1) / nc;
        if (want < 2) want = 2;
        pmu_eventset_init(&CTX, &es);
        CHECK(pmu_set_multiplex(&es, 1) == PMU_OK, "mux on");
        for (i = 0; i < ntot; i++) {
            random_name(name, sizeof name, i < nc ? (int)fl : (int)area_class(0, i % nk));
            r = pmu_add_named_event(&es, name);
            CHECK(r == (int)i, "mux areas: add %s: %d", name, r);
        }
        CHECK(pmu_num_passes(&es) == want, "mux areas: %u passes, expected %u", pmu_num_passes(&es), want);
        CHECK(placement_ok(&es), "mux areas: every event on a counter of its area, one per counter and pass");
        pmu_sb_set_tick(&B, 20000);
        run_and_check(&es, 20000ull * want * 8, 1, "mux areas");
        pmu_sb_set_tick(&B, 0);
        CHECK(CTX.n_switches >= want * 8 - 1, "pass switches %u", CTX.n_switches);
    }
}
