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

  prof_report.py elfcheck --elf FW.elf [--clone SUFFIX]... [--inlined FUNC]...
      checks that the ELF has clones (FUNC.SUFFIX.N symbols) and that FUNC
      is inlined (no symbol of its own, in the DWARF inline chain of some
      address): the user workload of make soc-prof-user is what it claims

Attribution, the same rule on both sides: the samples and the bench's
ground truth are charged to the sized function symbols of the ELF (nm -S)
by address range, and a compiler clone is folded into its function
(sieve.constprop.0, f.isra.0, f.part.0, f.cold -> sieve, f): the table
has one row per source function. An inlined helper has no range, so its
samples and its truth are its caller's, as with perf report's default;
--inline lists, for the hottest addresses, the inline chain addr2line -i
gives (innermost first, as perf report --inline), the shares staying by
symbol range. Independent cross-check: for every sampled address inside a
range, the outermost function of addr2line -i (DWARF, else the symbol
table) must be the range's function (check line "symbolization").

Refused, with the reason (exit 2): a log of a timed-out run (the bench's
"TIMEOUT after N cycles"), a log whose sample lines do not match the meta
record (incomplete), and a truncated profile (lost > 0: the buffer filled,
so the samples cover only the start of the run while the truth covers all
of it; a larger buffer or a longer period is needed).

The log (sim/soc/tb_soc.v, sim/soc/fw/main.c -DPROF) has lines
  [prof] meta ID event=E period=P jitter=J seed=S count=C samples=N
         throttled=T lost=L cap=K ...   (sw/pmu_prof.c pmu_prof_run)
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


CLONE_RE = re.compile(r"\.(constprop|isra|part|cold|clone|lto_priv|localalias|specialized)(\.\d+)?$")


def fold(name):
    """A compiler clone's function: f.constprop.0.isra.0 -> f, f.cold -> f;
    the user's main() renamed by make prof (pmu_prof_user_main) -> main."""
    if name == "pmu_prof_user_main":
        return "main"
    while True:
        n = CLONE_RE.sub("", name)
        if n == name:
            return name
        name = n


def range_symbolizer(funcs):
    """addr -> folded function name of the first sized symbol range holding
    it (the bench's rule, tb_soc.v func_of), or UNKNOWN."""
    cache = {}

    def sym(a):
        if a not in cache:
            cache[a] = next((fold(f[2]) for f in funcs if f[0] <= a < f[1]), UNKNOWN)
        return cache[a]
    return sym


def cmd_funcs(a):
    with open(a.out, "w") as f:
        for s, e, _ in nm_funcs(a.elf):
            f.write(f"{s:08x}\n{e:08x}\n")


LINES = {}                   # addr -> "file:line" of the innermost frame (filled by addr2line_chains)
CHAINS = {}                  # addr -> [(function, file:line)], innermost first (addr2line -i)


def addr2line_chains(elf, addrs):
    """addr2line -f -i -a, one batch: CHAINS and LINES of every address."""
    addrs = sorted(set(addrs) - set(CHAINS))
    if not addrs:
        return
    out = subprocess.run([tool("addr2line"), "-f", "-i", "-a", "-e", elf], input="".join(f"{x:#x}\n" for x in addrs),
                         check=True, capture_output=True, text=True).stdout.splitlines()
    cur = None
    i = 0
    while i < len(out):
        ln = out[i].strip()
        if re.fullmatch(r"0x[0-9a-fA-F]+", ln):
            cur = int(ln, 16)
            CHAINS[cur] = []
            i += 1
            continue
        fn = ln
        fl = os.path.basename(out[i + 1].split(" ")[0]) if i + 1 < len(out) else "??"
        CHAINS[cur].append((UNKNOWN if fn == "??" else fn, fl))
        i += 2
    for a, ch in CHAINS.items():
        LINES[a] = ch[0][1] if ch else "??"


def refuse(msg):
    print(f"prof_report: REFUSED: {msg}", file=sys.stderr)
    sys.exit(2)


def parse_log(path):
    meta, samples, truth, last = {}, {}, {}, None
    for line in open(path, errors="replace"):
        if line.startswith("TIMEOUT after"):
            refuse(f"{path}: the run timed out (bench: '{line.strip()}'): the profile is incomplete and is "
                   f"not reported; raise the cycle limit (make prof PROF_MAX_CYCLES=...) or shorten the program")
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


def profile_rows(elf, names, meta, samples, truth, fault=None, sym=None):
    """Per profile: (meta, n, [(func, nsamp, share, true_share)], total true events, ...).
    Samples (sym: address -> folded function) and truth (range index ->
    names, folded) by the same symbol ranges."""
    addrs = {i: [fault_addr(s, fault, samples[i][0][0]) for s in samples.get(i, [])] for i in meta}
    addrs = {i: [sym(x) for x in v] for i, v in addrs.items()}
    out = {}
    for i, m in sorted(meta.items()):
        n = len(addrs[i])
        cnt = {}
        for f in addrs[i]:
            cnt[f] = cnt.get(f, 0) + 1
        # the event sampled decides what the truth counts: instructions or cycles
        col = 1 if m["event"].upper().startswith("CYCLES") else 0
        tr = {}
        for k, v in truth.get(i, {}).items():
            nm = fold(names[k]) if k < len(names) else UNKNOWN
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
          + (f" +- {m['jitter']} (jittered, seed {m['seed']})" if m.get("jitter") else " (fixed period)")
          + f" (count {m['count']}; throttled {m['throttled']}, lost {m['lost']}"
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


def validate(path, meta, samples, truth):
    """Refuse incomplete logs and truncated profiles (exit 2, with the fix)."""
    if not meta:
        refuse(f"no profile ('[prof] meta' record) in {path}: did the firmware run the profiler to the end?")
    for i, m in sorted(meta.items()):
        got = len(samples.get(i, []))
        if got != m["samples"]:
            refuse(f"{path}: profile {i}: {got} sample lines in the log, the meta record says {m['samples']}: "
                   f"the log is incomplete")
        if i not in truth:
            refuse(f"{path}: profile {i}: no ground truth ('[prof] truth') in the log")
        if m.get("lost", 0) > 0:
            cap = m.get("cap", m["samples"])
            tot = m["samples"] + m["lost"]
            refuse(f"profile {i} ('{m['event']}') is TRUNCATED: the sample buffer of {cap} samples filled, "
                   f"{m['lost']} of {tot} samples were lost, so the profile covers only the start of the run "
                   f"and is not compared with the truth of the whole run. Fix: a buffer of at least {tot} samples "
                   f"(make prof PROF_CAP={tot + tot // 8}) or a period at least "
                   f"{-(-m['period'] * tot // cap)} (PROF_PERIOD=...; now {m['period']})")


def print_inline(i, samples, n, sym, top):
    """perf report --inline: the inline chain of the hottest sampled addresses."""
    hot = {}
    for smp in samples.get(i, []):
        hot[smp[0]] = hot.get(smp[0], 0) + 1
    print(f"# inline chains of the {top} hottest addresses (addr2line -i, innermost first; "
          f"the share stays with the symbol):")
    for ad, c in sorted(hot.items(), key=lambda kv: (-kv[1], kv[0]))[:top]:
        ch = CHAINS.get(ad, [])
        chain = " <- ".join(f"{f} ({fl})" for f, fl in ch) or "??"
        inl = " [inlined]" if len(ch) > 1 else ""
        print(f"  {100 * c / n:7.2f}%  {c:7d}  {ad:08x}  {sym(ad)}: {chain}{inl}")


def cmd_elfcheck(a):
    funcs = nm_funcs(a.elf)
    names = [f[2] for f in funcs]
    npass = nfail = 0
    for suf in a.clone or []:
        cl = sorted(n for n in names if re.search(r"\." + re.escape(suf) + r"(\.|$)", n))
        ok = bool(cl)
        npass, nfail = npass + ok, nfail + (not ok)
        print(f"{'ok  ' if ok else 'FAIL'} clones '.{suf}': {', '.join(cl) if cl else 'none'}")
    for fn in a.inlined or []:
        own = [n for n in names if fold(n) == fn]
        lo = min(f[0] for f in funcs)
        hi = max(f[1] for f in funcs)
        addr2line_chains(a.elf, range(lo, hi, 2))
        at = sorted(ad for ad, ch in CHAINS.items() if len(ch) > 1 and any(f == fn for f, _ in ch[:-1]))
        into = sorted({fold(CHAINS[ad][-1][0]) for ad in at})
        ok = not own and bool(at)
        npass, nfail = npass + ok, nfail + (not ok)
        print(f"{'ok  ' if ok else 'FAIL'} '{fn}' inlined: symbols of its own {own or 'none'}, "
              f"in the inline chain of {len(at)} addresses, inlined into {', '.join(into) or 'nothing'}")
    print(f"{npass} passed, {nfail} failed")
    return 1 if nfail else 0


def cmd_report(a, check):
    funcs = nm_funcs(a.elf)
    names = [f[2] for f in funcs]
    sym = range_symbolizer(funcs)
    meta, samples, truth, fw = parse_log(a.log)
    validate(a.log, meta, samples, truth)
    addr2line_chains(a.elf, [s_[0] for v in samples.values() for s_ in v])
    profs = profile_rows(a.elf, names, meta, samples, truth, a.fault, sym)
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
        if a.inline:
            print_inline(i, samples, n, sym, a.inline)
        sk = sorted((s[2] - s[0]) // 4 for s in samples.get(i, []) if s[2] and s[2] >= s[0] and s[2] - s[0] < 0x400)
        if sk:
            print(f"# skid: the interrupted PC is {sk[len(sk) // 2]} instructions (median; "
                  f"{sk[0]}..{sk[-1]}) after SIAR in {len(sk)} of {n} samples")
        if not check:
            continue
        # independent lookup: addr2line's outermost frame vs the symbol range
        inr = {s_[0] for s_ in samples.get(i, []) if sym(s_[0]) != UNKNOWN}
        diff = sorted(ad for ad in inr if CHAINS.get(ad) and CHAINS[ad][-1][0] != UNKNOWN
                      and fold(CHAINS[ad][-1][0]) != sym(ad))
        res(not diff, f"profile {i}: symbolization: addr2line -i's outermost function == the symbol range's "
            f"for {len(inr) - len(diff)} of {len(inr)} sampled addresses"
            + (f" (differ: {', '.join(f'{ad:08x} {sym(ad)}/{CHAINS[ad][-1][0]}' for ad in diff[:5])})" if diff else ""))
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
    if check and a.fault is None and not a.no_faults:
        # the check must be able to fail: known errors in the samples' addresses
        for fl, must in (("offset", True), ("sdar", True), ("frozen", True), ("aux", False)):
            fp = profile_rows(a.elf, names, meta, samples, truth, fl, sym)
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
    ap.add_argument("cmd", choices=["funcs", "report", "check", "elfcheck"])
    ap.add_argument("--elf", required=True)
    ap.add_argument("--out")
    ap.add_argument("--log")
    ap.add_argument("--funcs", help="funcs.hex (only checked to exist: the ranges come from --elf)")
    ap.add_argument("--lines", type=int, default=0, help="also list the N hottest sampled addresses with file:line")
    ap.add_argument("--tol", type=float, default=3.0, help="tolerance in standard errors (default 3)")
    ap.add_argument("--inline", type=int, nargs="?", const=10, default=0, metavar="N",
                    help="the inline chains (addr2line -i) of the N (10) hottest addresses, as perf report --inline")
    ap.add_argument("--no-faults", action="store_true", help="check: skip the fault-injection self-test")
    ap.add_argument("--clone", action="append", help="elfcheck: the ELF must have FUNC.SUFFIX clones")
    ap.add_argument("--inlined", action="append", help="elfcheck: FUNC must be inlined (no symbol, in DWARF chains)")
    ap.add_argument("--fault", choices=["offset", "sdar", "frozen", "aux"], help="inject a known error (self-test)")
    a = ap.parse_args()
    if a.cmd == "funcs":
        if not a.out:
            ap.error("funcs needs --out")
        cmd_funcs(a)
        return 0
    if a.cmd == "elfcheck":
        return cmd_elfcheck(a)
    if not a.log:
        ap.error(f"{a.cmd} needs --log")
    return cmd_report(a, a.cmd == "check")


if __name__ == "__main__":
    sys.exit(main())
