#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Sampling-profile report (the `perf report` half of sw/pmu_prof.h).

  prof_report.py funcs  --elf FW.elf --out funcs.hex
      function address ranges (start, end) for the bench's ground truth,
      from the ELF symbol table (riscv64-unknown-elf-nm -S); the index of a
      range is its line in FW.elf's sized function symbols sorted by address
  prof_report.py report --elf FW.elf --log run.log --funcs funcs.hex
      hot functions of each profile, perf report style, next to the bench's
      ground truth
  prof_report.py check  ... (same)
      also compares every function's sampled share with its true share and
      ends with "N passed, N failed"; --fault injects a known error
      (offset: addresses + 0x40, a wrong symbolization; sdar: SDAR instead
      of SIAR; frozen: SIAR never latched again, every sample has the first
      one's address; aux: the interrupted PC instead of SIAR) and the check
      must then fail (aux: reported, the skid of a few instructions moves
      few samples across function boundaries)

Samples are symbolized with riscv64-unknown-elf-addr2line -f (its function
for each address, from the symbol table / DWARF); the ground truth is the
bench's per-range count, named through the nm table. The two lookups are
independent, so a wrong symbolization shows as a difference.

The log (sim/soc/tb_soc.v, sim/soc/fw/main.c -DPROF) has lines
  [prof] meta ID event=E period=P count=C samples=N throttled=T lost=L ...
  [prof] sample ID IP ADDR AUX          (hex)
  [prof] truth ID FUNC INSNS CYCLES     (FUNC = range index, NF = outside)

Tolerance: a profile of n samples estimates a function's share p with a
standard error sqrt(p(1-p)/n) if the samples were independent draws (they
are systematic, every P-th event, which is never worse for a function that
runs in long stretches); the check allows TOL standard errors plus one
sample's weight, 1/n (the window edges and rounding), per function.
"""
import argparse
import math
import os
import re
import shutil
import subprocess
import sys

NF = 256                     # tb_soc.v localparam NF
RV = os.environ.get("RV_PREFIX", "riscv64-unknown-elf-")
UNKNOWN = "[unknown]"


def tool(name):
    exe = RV + name
    if not shutil.which(exe):
        sys.exit(f"prof_report: {exe} not found (apt-get install binutils-riscv64-unknown-elf)")
    return exe


def nm_funcs(elf):
    """Sized function symbols (start, end, name) sorted by address, one per address."""
    out = subprocess.run([tool("nm"), "-S", "-n", "--defined-only", elf], check=True,
                         capture_output=True, text=True).stdout
    funcs, seen = [], set()
    for line in out.splitlines():
        f = line.split()
        if len(f) == 4 and f[2] in "tTwW":
            a, sz = int(f[0], 16), int(f[1], 16)
            if sz and a not in seen:
                seen.add(a)
                funcs.append((a, a + sz, f[3]))
    if len(funcs) > NF:
        sys.exit(f"prof_report: {len(funcs)} functions, the bench holds {NF}")
    return funcs


def cmd_funcs(a):
    with open(a.out, "w") as f:
        for s, e, _ in nm_funcs(a.elf):
            f.write(f"{s:08x}\n{e:08x}\n")


LINES = {}                   # addr -> "file:line" (filled by symbolize)


def symbolize(elf, addrs):
    """addr -> function name through addr2line (one batch); LINES gets file:line."""
    addrs = sorted(set(addrs))
    if not addrs:
        return {}
    out = subprocess.run([tool("addr2line"), "-f", "-a", "-e", elf], input="".join(f"{x:#x}\n" for x in addrs),
                         check=True, capture_output=True, text=True).stdout.splitlines()
    res = {}
    for i in range(0, len(out) - 2, 3):          # address, function, file:line
        fn = out[i + 1].strip()
        a = int(out[i], 16)
        res[a] = UNKNOWN if fn == "??" else fn
        LINES[a] = os.path.basename(out[i + 2].split(" ")[0])
    return res


def parse_log(path):
    meta, samples, truth, last = {}, {}, {}, None
    for line in open(path, errors="replace"):
        m = re.match(r"\[prof\] meta (\d+) (.*)", line)
        if m:
            kv = dict(x.split("=", 1) for x in m.group(2).split())
            meta[int(m.group(1))] = {k: (v if k == "event" else int(v)) for k, v in kv.items()}
            continue
        m = re.match(r"\[prof\] sample (\d+) ([0-9a-f]+) ([0-9a-f]+) ([0-9a-f]+)", line)
        if m:
            samples.setdefault(int(m.group(1)), []).append(tuple(int(m.group(k), 16) for k in (2, 3, 4)))
            continue
        m = re.match(r"\[prof\] truth (\d+) (\d+) (\d+) (\d+)", line)
        if m:
            truth.setdefault(int(m.group(1)), {})[int(m.group(2))] = (int(m.group(3)), int(m.group(4)))
            continue
        m = re.match(r"(\d+) passed, (\d+) failed", line)
        if m:
            last = (int(m.group(1)), int(m.group(2)))
    return meta, samples, truth, last


def fault_addr(s, fault, first):
    ip, addr, aux = s
    return {"offset": ip + 0x40, "sdar": addr, "aux": aux, "frozen": first}.get(fault, ip)


def profile_rows(elf, names, meta, samples, truth, fault=None):
    """Per profile: (meta, n, [(func, nsamp, share, true_share)], total true events)."""
    addrs = {i: [fault_addr(s, fault, samples[i][0][0]) for s in samples.get(i, [])] for i in meta}
    sym = symbolize(elf, [x for v in addrs.values() for x in v])
    out = {}
    for i, m in sorted(meta.items()):
        n = len(addrs[i])
        cnt = {}
        for x in addrs[i]:
            cnt[sym[x]] = cnt.get(sym[x], 0) + 1
        # the event sampled decides what the truth counts: instructions or cycles
        col = 1 if m["event"].upper().startswith("CYCLES") else 0
        tr = {}
        for k, v in truth.get(i, {}).items():
            nm = names[k] if k < len(names) else UNKNOWN
            tr[nm] = tr.get(nm, 0) + v[col]
        tot = sum(tr.values())
        # shares are of the program's functions: the truth's events outside
        # every function (the cycles after a return from interrupt still
        # showing the return's address, counted at USR CPL) are reported apart
        out_tr = tr.pop(UNKNOWN, 0)
        ktot = tot - out_tr
        kn = n - cnt.get(UNKNOWN, 0)
        rows = [(f, cnt.get(f, 0), cnt.get(f, 0) / kn if kn else 0.0, tr.get(f, 0) / ktot if ktot else 0.0)
                for f in (set(cnt) | set(tr)) - {UNKNOWN}]
        rows.sort(key=lambda r: (-r[3], -r[1], r[0]))
        out[i] = (m, n, rows, tot, cnt.get(UNKNOWN, 0), out_tr)
    return out


def tol_of(p, n, k):
    return k * math.sqrt(p * (1 - p) / n) + 1.0 / n if n else 1.0


def print_profile(i, m, n, rows, tot, n_out, tr_out, k, top=None):
    unit = "cycles" if m["event"].upper().startswith("CYCLES") else "instructions"
    print(f"# profile {i}: {n} samples of event '{m['event']}', one every {m['period']} events"
          f" (count {m['count']}; throttled {m['throttled']}, lost {m['lost']}"
          + (f", throttle {m['min_cycles']} cycles: shares not compared" if m["min_cycles"] else "") + ")")
    print(f"# ground truth: {tot} {unit} of the bench's RVFI trace; tolerance {k} sigma + 1/n")
    print(f"# outside every function: {n_out} samples, {tr_out} {unit} of the truth "
          f"({100 * tr_out / tot if tot else 0:.2f}%); shares below are of the functions")
    print("#")
    print(f"# {'Overhead':>8}  {'Samples':>7}  {'Symbol':<24} {'true':>7} {'error':>7} {'tol':>6}")
    worst = 0.0
    shown = 0
    for f, c, s, t in sorted(rows, key=lambda r: (-r[1], -r[3], r[0])):
        if c == 0 and t < 0.0005:
            continue
        e = s - t
        tol = tol_of(t, n, k)
        worst = max(worst, abs(e) / tol)
        flag = "" if abs(e) <= tol else "  <-- out of tolerance"
        if top is None or shown < top:
            print(f"  {100 * s:7.2f}%  {c:7d}  {f:<24} {100 * t:6.2f}% {100 * e:+6.2f}% {100 * tol:5.2f}%{flag}")
        shown += 1
    return worst


def cmd_report(a, check):
    names = [f[2] for f in nm_funcs(a.elf)]
    meta, samples, truth, fw = parse_log(a.log)
    if not meta:
        sys.exit(f"prof_report: no profile in {a.log}")
    profs = profile_rows(a.elf, names, meta, samples, truth, a.fault)
    npass = nfail = 0

    def res(ok, what):
        nonlocal npass, nfail
        if ok:
            npass += 1
        else:
            nfail += 1
        if check or not ok:
            print(f"{'ok  ' if ok else 'FAIL'} {what}")

    compared = [i for i, (m, *_r) in profs.items() if not m["min_cycles"]]
    for i, (m, n, rows, tot, n_out, tr_out) in profs.items():
        print()
        print_profile(i, m, n, rows, tot, n_out, tr_out, a.tol)
        if a.lines:
            hot = {}
            for smp in samples.get(i, []):
                key = (LINES.get(smp[0], "??"), smp[0])
                hot[key] = hot.get(key, 0) + 1
            print(f"# hottest instructions (SIAR, file:line from the -g build):")
            for (ln, ad), c in sorted(hot.items(), key=lambda kv: -kv[1])[:a.lines]:
                print(f"  {100 * c / n:7.2f}%  {c:7d}  {ad:08x}  {ln}")
        sk = sorted((s[2] - s[0]) // 4 for s in samples.get(i, []) if s[2] and s[2] >= s[0] and s[2] - s[0] < 0x400)
        if sk:
            print(f"# skid: the interrupted PC is {sk[len(sk) // 2]} instructions (median; "
                  f"{sk[0]}..{sk[-1]}) after SIAR in {len(sk)} of {n} samples")
        if not check:
            continue
        if i in compared:
            bad = [r[0] for r in rows if abs(r[2] - r[3]) > tol_of(r[3], n, a.tol)]
            res(not bad, f"profile {i}: every function's sampled share within {a.tol} sigma + 1/n of the truth"
                + (f" (out: {', '.join(bad)})" if bad else ""))
            res(n_out <= 0.01 * n, f"profile {i}: {n_out} of {n} samples outside every function (<= 1%)")
            res(tr_out <= 0.03 * tot, f"profile {i}: {tr_out} of {tot} true events outside every function (<= 3%)")
            d = abs(m["count"] - tot)
            res(d <= 64 + tot // 1000, f"profile {i}: PMU count {m['count']} vs bench {tot} (diff {d})")
        else:
            res(m["throttled"] > 0 and n > 0, f"profile {i}: throttled profile: {n} samples, "
                f"{m['throttled']} throttled, min interval {m['min_dt']} >= {m['min_cycles']} cycles")
    if check and a.fault is None:
        # the check must be able to fail: known errors in the samples' addresses
        for fl, must in (("offset", True), ("sdar", True), ("frozen", True), ("aux", False)):
            fp = profile_rows(a.elf, names, meta, samples, truth, fl)
            out = [(i, r[0]) for i in compared for r in fp[i][2]
                   if abs(r[2] - r[3]) > tol_of(r[3], fp[i][1], a.tol)]
            out += [(i, UNKNOWN) for i in compared if fp[i][4] > 0.01 * fp[i][1]]
            desc = f"fault '{fl}': {len(out)} function shares out of tolerance"
            if must:
                res(len(out) > 0, desc + " (the check detects it)")
            else:
                print(f"info {desc} (interrupted PC instead of SIAR: the skid of the interrupt)")
    if check:
        if fw:
            print(f"firmware and bench checks: {fw[0]} passed, {fw[1]} failed")
            npass += fw[0]
            nfail += fw[1]
        else:
            res(False, "bench summary line in the log")
        print(f"{npass} passed, {nfail} failed")
        return 1 if nfail else 0
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cmd", choices=["funcs", "report", "check"])
    ap.add_argument("--elf", required=True)
    ap.add_argument("--out")
    ap.add_argument("--log")
    ap.add_argument("--funcs", help="funcs.hex (only checked to exist: the ranges come from --elf)")
    ap.add_argument("--lines", type=int, default=0, help="also list the N hottest sampled addresses with file:line")
    ap.add_argument("--tol", type=float, default=3.0, help="tolerance in standard errors (default 3)")
    ap.add_argument("--fault", choices=["offset", "sdar", "frozen", "aux"], help="inject a known error (self-test)")
    a = ap.parse_args()
    if a.cmd == "funcs":
        if not a.out:
            ap.error("funcs needs --out")
        cmd_funcs(a)
        return 0
    if not a.log:
        ap.error(f"{a.cmd} needs --log")
    return cmd_report(a, a.cmd == "check")


if __name__ == "__main__":
    sys.exit(main())
