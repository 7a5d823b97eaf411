// Code-coverage output of the Verilator benches (make coverage, sim/coverage.mk).
// The coverage flow builds the benches with --coverage-line/-toggle/-user
// (Verilator then defines VM_COVERAGE=1); tb/waves.h's Waves, which every
// harness opens after constructing its model and closes before deleting it,
// holds a CovDump: open() remembers the model's context, write() (from
// Waves::close(), or at exit() for a bench that exits with its model alive)
// writes the context's coverage points to
//   $COV_DIR/<WAVES_NAME>.<pid>.<n>.dat     (COV_DIR default build/coverage/dat)
// one file per model, merged by verilator_coverage (sim/coverage_report.py).
// Without coverage everything here is empty.
#ifndef PMU_COV_H
#define PMU_COV_H
#include "verilated.h"
#if VM_COVERAGE
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
#include <algorithm>
#include <unistd.h>
#include <sys/stat.h>
#include "verilated_cov.h"
#define PMU_COV_STR2(x) #x
#define PMU_COV_STR(x) PMU_COV_STR2(x)
#ifndef WAVES_NAME
#define WAVES_NAME bench
#endif
struct CovDump {
    VerilatedContext *ctx = nullptr;
    static std::vector<CovDump *> &live() { static std::vector<CovDump *> v; return v; }
    static void at_exit() { auto v = live(); for (CovDump *d : v) d->write(); }
    void open(VerilatedContext *c) {
        static bool registered = false;
        if (!registered) { atexit(at_exit); registered = true; }
        ctx = c;
        live().push_back(this);
    }
    void write() {
        if (!ctx) return;
        static unsigned n = 0;
        const char *e = getenv("COV_DIR");
        std::string dir = e ? e : "build/coverage/dat";
        if (!e) { mkdir("build", 0777); mkdir("build/coverage", 0777); }
        mkdir(dir.c_str(), 0777);
        std::string f = dir + "/" PMU_COV_STR(WAVES_NAME) "." + std::to_string(getpid()) + "." + std::to_string(n++) + ".dat";
        ctx->coveragep()->write(f.c_str());
        ctx = nullptr;
        auto &v = live();
        v.erase(std::remove(v.begin(), v.end(), this), v.end());
    }
    ~CovDump() { write(); }
};
#else
struct CovDump {
    void open(VerilatedContext *) {}
    void write() {}
};
#endif
#endif
