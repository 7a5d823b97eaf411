// The benches' checks and pass/fail counting, one copy for every lockstep
// program (tb/test_directed.cpp + tb/directed/, tb/test_bus.cpp + tb/bus/,
// tb/test_rv.cpp + tb/rv/, tb/test_regs.cpp, tb/test_random.cpp):
//   CHECK_EQ(a, b), CHECK(c)  a failed check prints one line and counts in
//                             g_checks_failed; g_test names the running test
//   Tally                     a PASS/FAIL line per test (or goal), and the
//                             last line "N passed, N failed" with the exit status
// Each bench keeps its failure line's format: CHECK_FORMAT, defined before
// this header is included (in the bench's shared header, so that all of a
// program's files agree), selects it:
//   CHECK_FMT_DEC    (default)  "  FILE:LINE [test] CHECK_EQ(a, b): got 0xA (A), expected 0xB (B)"
//   CHECK_FMT_HEX    "  FILE:LINE [test] CHECK_EQ(a, b): got 0xA, expected 0xB"
//   CHECK_FMT_VALUE  "  [test] FILE:LINE a = 0xA, expected 0xB", printed for the
//                    program's first CHECK_PRINT_MAX failures only (all are counted)
#pragma once
#include <cinttypes>
#include <cstdint>
#include <cstdio>

#define CHECK_FMT_DEC 0
#define CHECK_FMT_HEX 1
#define CHECK_FMT_VALUE 2
#ifndef CHECK_FORMAT
#define CHECK_FORMAT CHECK_FMT_DEC
#endif
#ifndef CHECK_PRINT_MAX
#define CHECK_PRINT_MAX 20
#endif

inline int g_checks_failed;       // failed checks (the bench clears it per test, or compares)
inline const char *g_test = "";   // the running test's name, in every failure line

// one failed CHECK_EQ: its line (CHECK_FORMAT) and its count
inline void check_failed(const char *file, int line, const char *as, const char *bs, uint64_t a, uint64_t b) {
#if CHECK_FORMAT == CHECK_FMT_VALUE
    (void)bs;
    if (g_checks_failed < CHECK_PRINT_MAX)
        printf("  [%s] %s:%d %s = 0x%" PRIx64 ", expected 0x%" PRIx64 "\n", g_test, file, line, as, a, b);
#elif CHECK_FORMAT == CHECK_FMT_HEX
    printf("  %s:%d [%s] CHECK_EQ(%s, %s): got 0x%" PRIx64 ", expected 0x%" PRIx64 "\n", file, line, g_test, as, bs,
           a, b);
#else
    printf("  %s:%d [%s] CHECK_EQ(%s, %s): got 0x%" PRIx64 " (%" PRIu64 "), expected 0x%" PRIx64 " (%" PRIu64 ")\n",
           file, line, g_test, as, bs, a, a, b, b);
#endif
    g_checks_failed++;
}

#define CHECK_EQ(a, b)                                                          \
    do {                                                                        \
        uint64_t _a = (uint64_t)(a), _b = (uint64_t)(b);                        \
        if (_a != _b) check_failed(__FILE__, __LINE__, #a, #b, _a, _b);         \
    } while (0)
#define CHECK(c) CHECK_EQ(!!(c), 1)

// The tests' (or goals') results and the program's last line.
struct Tally {
    int passed = 0, failed = 0;
    // count one result, no line of its own
    bool add(bool ok) {
        (ok ? passed : failed)++;
        return ok;
    }
    // "PASS name" / "FAIL name"
    bool test(const char *name, bool ok) {
        printf("%s %s\n", ok ? "PASS" : "FAIL", name);
        return add(ok);
    }
    // "PASS name (N cycles)" / "FAIL name (N cycles)"
    bool test(const char *name, bool ok, uint64_t cycles) {
        printf("%s %s (%" PRIu64 " cycles)\n", ok ? "PASS" : "FAIL", name, cycles);
        return add(ok);
    }
    // the last line, "[prefix: ]N passed, N failed"; returns the exit status
    int done(const char *prefix = nullptr) const {
        if (prefix) printf("%s: ", prefix);
        printf("%d passed, %d failed\n", passed, failed);
        return failed ? 1 : 0;
    }
};
