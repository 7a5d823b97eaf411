#!/usr/bin/env python3
"""Adding a named configuration is one edit of config/pmu_ip.yaml (issue 29
item 2, "every named configuration runs"), checked.

In a scratch copy of the work tree this adds a pmu_core and a dc_top
configuration to config/pmu_ip.yaml -- nothing else is edited by hand --,
regenerates (util/config.py) and checks that
  - the only hand-edited file is config/pmu_ip.yaml (every other changed
    file is an output of util/config.py; README.md only inside its blocks),
  - make test's target list (make print-TEST_TARGETS, make -n test) is the
    tree's plus exactly the targets the new configurations' flows derive
    (lockstep: core-random-C, core-regs-C; directed: core-directed-C; icarus:
    core-icarus-C; bus: core-bus-axil-C, core-bus-wb-C; dc_top lockstep:
    dc-lockstep-C, icarus: dc-icarus-C), each with a rule (make -n),
  - config-check in the copy reports them (every flow of every configuration
    has a make test target) and fails nothing the tree passes,
  - the new pmu_core configuration's random lockstep bench (CYCLES short),
    register tests, directed tests and their Icarus replay build and pass,
    and the C-model tests (sw-test, dc-sw-test, which run every sw-model
    configuration) pass with both new configurations; --full also runs the
    bus and dc_top targets (three more Verilator builds, about 2 min more),
  - self-test: a configuration whose flow derives no target (an unknown flow
    name) makes config-check fail, naming it.
  sim/config_add_check.py [--keep] [--full] [--cycles N]
Last line: "N passed, N failed".
"""
import argparse
import os
import re
import sys
import time

from scratch import Scratch, ROOT

NAME, DC_NAME = "cfgadd", "dc_cfgadd"
# small, so that its Verilator builds are cheap: 1 thread, 3 counters of 33
# bits, 8 classes, 2 areas, 2 channels per ring with capture records; dc_top:
# 2 core-type units with 6 counters, 1 cache-type unit with 3
NEW_CFGS = f'''  # added by sim/config_add_check.py (scratch copy only)
  {NAME}: {{top: pmu_core, params: {{NT: 1, NC: 3, CW: 33, NCLS: 8, NRET: 1, FLOP_CLASS: 7, NCH: 2, NAREA: 2, AW: 32, YCAP: 1}},
           flows: [lockstep, directed, icarus, bus, lint, sw-model], doc: "scratch configuration"}}
  {DC_NAME}: {{top: dc_top, params: {{NP: 2, NL: 1, NCP: 6, NCL: 3}}, flows: [lockstep, icarus, sw-model],
              doc: "scratch configuration"}}
'''
NO_TARGET = '''  cfgnone: {top: pmu_core, params: {NC: 3}, flows: [no-such-flow], doc: "no flow of make test"}
'''
SHORT = DC_NAME[3:]
EXPECT = [f"core-random-{NAME}", f"core-directed-{NAME}", f"core-regs-{NAME}", f"core-icarus-{NAME}",
          f"core-bus-axil-{NAME}", f"core-bus-wb-{NAME}", f"dc-icarus-{SHORT}", f"dc-lockstep-{SHORT}"]


def add_to_configs(path, text):
    """Appends text (YAML lines) at the end of the table's `configs:` block."""
    lines = open(path).read().split("\n")
    i = lines.index("configs:") + 1
    end = len(lines)
    for j in range(i, len(lines)):
        if lines[j] and not lines[j].startswith((" ", "#")):
            end = j
            break
    while end > i and not lines[end - 1].strip():
        end -= 1
    open(path, "w").write("\n".join(lines[:end] + text.rstrip("\n").split("\n") + lines[end:]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--keep", action="store_true", help="keep the scratch copy")
    ap.add_argument("--full", action="store_true", help="also build and run every other new target")
    ap.add_argument("--cycles", default="300000",
                    help="random lockstep cycles (default 300000: about 1 s, enough for the bench's coverage goals)")
    args = ap.parse_args()
    s = Scratch("cfg_add", keep=args.keep)
    check, src = s.check, s.src
    add_to_configs(os.path.join(src, "config", "pmu_ip.yaml"), NEW_CFGS)
    rc, out = s.sh("python3 util/config.py")
    check(rc == 0, "util/config.py accepts the new configurations " + f"{NAME}, {DC_NAME}")

    # which files changed, and are they all generated?
    sys.path.insert(0, os.path.join(ROOT, "util"))
    import config  # noqa: E402  (the generator's own list of outputs)
    hand = s.hand_edited(set(config.outputs()))
    check(hand == ["config/pmu_ip.yaml"],
          f"the only hand-edited file is config/pmu_ip.yaml ({len(hand)} hand-edited: {hand})")

    # make test's target list: the tree's plus exactly the derived targets
    _, old = s.sh("make -s print-TEST_TARGETS", cwd=ROOT)
    _, new = s.sh("make -s print-TEST_TARGETS")
    old, new = old.split(), new.split()
    added = [t for t in new if t not in old]
    check(all(t in new for t in old) and sorted(added) == sorted(EXPECT),
          f"make print-TEST_TARGETS: {len(old)} -> {len(new)} targets, added {' '.join(added)}")
    _, dry = s.sh("make -n test")
    line = next((x for x in dry.split("\n") if "run_targets.sh" in x), "")
    check(all(f" {t} " in f" {line} " for t in EXPECT), "make -n test runs every added target")
    rc, _ = s.sh("make -n " + " ".join(EXPECT))
    check(rc == 0, "every added target has a rule (make -n)")

    # config-check in the copy: the new configurations run, nothing new fails
    _, cc0 = s.sh("python3 util/config.py --check", cwd=ROOT)
    rc, cc = s.sh("python3 util/config.py --check")
    fails0 = {x for x in cc0.split("\n") if x.endswith("FAILED")}
    fails = {x for x in cc.split("\n") if x.endswith("FAILED")}
    check(not (fails - fails0), "config-check fails nothing the tree passes" +
          ("" if not fails - fails0 else ": " + "; ".join(sorted(fails - fails0))))
    for n in (NAME, DC_NAME):
        m = re.search(rf"^config-check: configuration {n} runs in make test: (.*)$", cc, re.M)
        check(m is not None, f"config-check: {m.group(0)[14:] if m else n + ': no make test target'}")

    # build and run: the pmu_core configuration's random lockstep and register
    # benches, the C-model tests with both
    runs = [(f"core-random-{NAME}", f"CYCLES={args.cycles}"), (f"core-regs-{NAME}", ""),
            (f"core-directed-{NAME}", ""), (f"core-icarus-{NAME}", ""), ("sw-test", ""), ("dc-sw-test", "")]
    if args.full:
        runs += [(t, f"DC_RAND_CYCLES={args.cycles} BUS_CYCLES={args.cycles}") for t in EXPECT
                 if t not in [r[0] for r in runs]]
    for t, extra in runs:
        t0 = time.time()
        rc, out = s.sh(f"make -s --no-print-directory {t} {extra}")
        last = out.strip().split("\n")[-1] if out.strip() else ""
        ok = rc == 0 and re.match(r"^(\S+: )?\d+ passed, 0 failed", last) is not None
        extra_ok = True
        if t in ("sw-test", "dc-sw-test"):
            extra_ok = f"--cfg {NAME if t == 'sw-test' else SHORT}" in out
        check(ok and extra_ok, f"make {t} {extra}".rstrip() + f": {last} [{time.time() - t0:.0f} s]")

    # self-test: a configuration whose flow gives no make test target fails config-check
    add_to_configs(os.path.join(src, "config", "pmu_ip.yaml"), NO_TARGET)
    s.sh("python3 util/config.py")
    rc, cc = s.sh("python3 util/config.py --check")
    check(rc != 0 and re.search(r"configuration cfgnone has NO make test target for flow no-such-flow.*FAILED", cc),
          "self-test: config-check fails for a configuration whose flow gives no make test target")

    return s.finish()


if __name__ == "__main__":
    sys.exit(main())
