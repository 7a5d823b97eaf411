// Waveform dump of the Verilator benches (make <bench target> WAVES=1).
// The flows build the bench with --trace-fst (Verilator then defines
// VM_TRACE=1) and -DWAVES_NAME=<bench>_<configuration>; the harness calls
// Waves::open() once after constructing the model and Waves::dump() after
// every eval(), so each half clock cycle is one FST time step. The file is
// build/waves/<WAVES_NAME>.fst (relative to the directory the bench runs in,
// the repository root under make), or $WAVES_FILE when set. Without
// --trace-fst everything here is empty and the benches run at full speed.
// Waves also carries the coverage output of a coverage build (tb/cov.h,
// make coverage): open() starts it, close() writes the model's points.
#ifndef PMU_WAVES_H
#define PMU_WAVES_H
#include "verilated.h"
#include "cov.h"
#if VM_TRACE
#include <cstdio>
#include <cstdlib>
#include <string>
#include <sys/stat.h>
#include "verilated_fst_c.h"
#define PMU_WAVES_STR2(x) #x
#define PMU_WAVES_STR(x) PMU_WAVES_STR2(x)
#ifndef WAVES_NAME
#define WAVES_NAME waves
#endif
struct Waves {
    VerilatedFstC *tfp = nullptr;
    uint64_t t = 0;
    CovDump cov;
    // the benches may end with exit(): the FST file is completed at exit too
    static Waves *&open_one() { static Waves *w = nullptr; return w; }
    static void at_exit() { if (open_one()) open_one()->close(); }
    // before the model is constructed
    static void enable(VerilatedContext *ctx) { ctx->traceEverOn(true); }
    template <class M> void open(M *top) {
        cov.open(top->contextp());
        std::string f;
        if (const char *e = getenv("WAVES_FILE")) f = e;
        else { mkdir("build", 0777); mkdir("build/waves", 0777); f = "build/waves/" PMU_WAVES_STR(WAVES_NAME) ".fst"; }
        tfp = new VerilatedFstC;
        top->trace(tfp, 99);
        tfp->open(f.c_str());
        if (!tfp->isOpen()) { fprintf(stderr, "waves: cannot open %s\n", f.c_str()); exit(2); }
        fprintf(stderr, "waves: writing %s\n", f.c_str());
        if (!open_one()) atexit(at_exit);
        open_one() = this;
    }
    void dump() { if (tfp) tfp->dump(t++); }
    void close() {
        cov.write();
        if (tfp) { tfp->close(); delete tfp; tfp = nullptr; }
        if (open_one() == this) open_one() = nullptr;
    }
    ~Waves() { close(); }
};
#else
struct Waves {
    CovDump cov;
    static void enable(VerilatedContext *) {}
    template <class M> void open(M *top) { cov.open(top->contextp()); }
    void dump() {}
    void close() { cov.write(); }
};
#endif
#endif
