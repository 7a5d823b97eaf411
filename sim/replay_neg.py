#!/usr/bin/env python3
"""Self-test of the Icarus replay (tb/tb_replay.v): it must catch a wrong
expected value in every field it compares.

Takes the first test of a directed-vector file (tb/test_directed.cpp --vec),
checks that the replay passes it as recorded, then flips bit 0 of one
expected field at a time in its last cycle; each flip must fail the replay.
  sim/replay_neg.py SIM VEC      (SIM: the compiled vvp image of tb_replay)
"""
import os
import subprocess
import sys
import tempfile

# fields of a "C" line (tb/pmu_harness.h record(), tb/tb_replay.v $fscanf):
# the expected values, by position; the others are inputs
EXPECTED = {14: "PRDATA", 15: "PSLVERR", 16: "PREADY", 17: "IRQ", 18: "OVF", 19: "TSC", 20: "counters",
            27: "PMI", 28: "yield", 29: "yield ring", 30: "yield channel", 31: "yield target",
            32: "SIAR", 33: "SDAR", 34: "MMCR", 35: "block bits", 36: "YER", 37: "yield attributes",
            38: "PMSTAT", 39: "channel CNT", 40: "channel MISS", 41: "channel ESV", 42: "capture records",
            43: "yield thread"}
NFIELDS = 45   # the last one (44) is an input: ptid_i


def replay(sim, lines):
    with tempfile.NamedTemporaryFile("w", suffix=".vec", delete=False) as f:
        f.write("\n".join(lines) + "\n")
    try:
        out = subprocess.run(["vvp", "-n", sim, "+vec=" + f.name], capture_output=True, text=True).stdout
    finally:
        os.unlink(f.name)
    last = out.strip().splitlines()[-1] if out.strip() else ""
    return last == "1 passed, 0 failed", last == "0 passed, 1 failed"


def main():
    sim, vec = sys.argv[1], sys.argv[2]
    lines = open(vec).read().splitlines()
    starts = [i for i, l in enumerate(lines) if l.startswith("T ")]
    test = lines[starts[0]:starts[1] if len(starts) > 1 else len(lines)]
    last = max(i for i, l in enumerate(test) if l.startswith("C "))
    if len(test[last].split()) != NFIELDS + 1:
        print(f"FAIL vector format: {len(test[last].split()) - 1} fields, this check knows {NFIELDS}")
        print("0 passed, 1 failed")
        return 1
    passed = failed = 0
    ok, _ = replay(sim, test)
    print(("PASS" if ok else "FAIL") + f" {test[0][2:]} as recorded passes")
    passed += ok
    failed += not ok
    for pos, name in EXPECTED.items():
        f = test[last].split()
        v = f[1 + pos]
        f[1 + pos] = v[:-1] + "%x" % (int(v[-1], 16) ^ 1)
        _, caught = replay(sim, test[:last] + [" ".join(f)] + test[last + 1:])
        print(("PASS" if caught else "FAIL") + f" a wrong {name} in the last cycle is " +
              ("caught" if caught else "NOT caught"))
        passed += caught
        failed += not caught
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
