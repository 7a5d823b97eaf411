# SPDX-License-Identifier: Apache-2.0
"""Decoded event classes of pmu_core (issue 29 item 4b): one description in
config/pmu_ip.yaml (`tops: pmu_core: classes:`), from which util/config.py
writes
  - rtl/pmu_core.v's block "classes": a decoder per thread and the event
    lanes `ev_c` the counters' event muxes take (ev_i, with the lanes of each
    decoded class replaced by its decoder's sub-events),
  - cmodel/pmu_classes_gen.h: the sub-event masks PMU_<CLS>_<SUB>_MASK, the
    decoders' prototypes and pmu_class_ev(), the model's view of the lanes,
  - docs/regmap.md's block "classes" (the sub-event table).

A class entry:
  NAME:
    param:     its class-number parameter (a pmu_core parameter of the table)
    module:    the RTL decoder, one per thread: an input per entry of
               `inputs` (the thread's slice of the pmu_core port of that
               name), output sub_o[15:0] (the class's 16 sub-event bits)
    inputs:    {port: bits per thread}: pmu_core ports [NT*bits-1:0]; the
               model's fields in.<port without _i>[t] (the harness drives
               them from that name, util/gen_wrappers_hand.py)
    cfunc:     the model's decoder, uint16_t cfunc(const pmu_inputs *in, unsigned t)
    doc:       one line
    subevents: {SUB: {bit: 0..15, doc: text}}: the bit of sub_o (EM bit)
The class follows the counter areas like an ev_i class (a counter of area
a sees it when param % NAREA == a); a class number >= NCLS has no lane and
counts nothing; FLOP_CLASS wins over a decoded class of the same number (in
the RTL and the model alike).

Imports config_table only (util/config.py's layering).
"""
from config_table import TOPS, HEAD

CORE = "pmu_core"


def classes():
    """{name: description} of pmu_core's decoded classes, checked."""
    cl = TOPS[CORE].get("classes") or {}
    ps = TOPS[CORE]["params"]
    for n, d in cl.items():
        for key in ("param", "module", "inputs", "cfunc", "subevents"):
            if key not in d:
                raise SystemExit("config: class %s: missing key '%s' (util/config_classes.py)" % (n, key))
        if d["param"] not in ps:
            raise SystemExit("config: class %s: param %s is not a pmu_core parameter" % (n, d["param"]))
        bits = [s["bit"] for s in d["subevents"].values()]
        if any(not 0 <= b <= 15 for b in bits) or len(set(bits)) != len(bits):
            raise SystemExit("config: class %s: sub-event bits must be distinct, 0..15" % n)
        for p in d["inputs"]:
            if not p.endswith("_i"):
                raise SystemExit("config: class %s: input %s does not end in _i" % (n, p))
    return cl


def rtl_block():
    """pmu_core.v's block "classes": the event lanes ev_c of the event muxes."""
    cl = classes()
    if not cl:
        return ("  // no decoded event class (config/pmu_ip.yaml classes): the event muxes take ev_i\n"
                "  wire [NT*NCLS*16-1:0] ev_c = ev_i;")
    L = ["  // decoded event classes (config/pmu_ip.yaml classes, util/config_classes.py):",
         "  // the lanes of class <param> of every thread come from its decoder"]
    for n, d in cl.items():
        low = n.lower()
        L.append("  // %s (class %s): %s" % (n, d["param"], d.get("doc", "")))
        L.append("  wire [NT*16-1:0] cls_%s;" % low)
        L.append("  wire unused_cls_%s = ^cls_%s;   // a class number >= NCLS has no lane" % (low, low))
        L.append("  genvar gd_%s;" % low)
        L.append("  generate")
        L.append("    for (gd_%s = 0; gd_%s < NT; gd_%s = gd_%s + 1) begin : g_cls_%s" % ((low,) * 5))
        pins = [".%s(%s[gd_%s*%d +: %d])" % (p, p, low, w, w) for p, w in d["inputs"].items()]
        pins.append(".sub_o(cls_%s[gd_%s*16 +: 16])" % (low, low))
        L.append("      %s u_dec (%s);" % (d["module"], ", ".join(pins)))
        L.append("    end")
        L.append("  endgenerate")
    L.append("  wire [NT*NCLS*16-1:0] ev_c;")
    L.append("  genvar gct, gcc;")
    L.append("  generate")
    L.append("    for (gct = 0; gct < NT; gct = gct + 1) begin : g_ev_t")
    L.append("      for (gcc = 0; gcc < NCLS; gcc = gcc + 1) begin : g_ev_c")
    kw = "if"
    for n, d in cl.items():
        low = n.lower()
        L.append("        %s (gcc == %s) begin : g_%s" % (kw, d["param"], low))
        L.append("          assign ev_c[(gct*NCLS + gcc)*16 +: 16] = cls_%s[gct*16 +: 16];" % low)
        L.append("          wire unused_ev = ^ev_i[(gct*NCLS + gcc)*16 +: 16];   // lane replaced by the decoder")
        L.append("        end")
        kw = "else if"
    L.append("        else begin : g_in")
    L.append("          assign ev_c[(gct*NCLS + gcc)*16 +: 16] = ev_i[(gct*NCLS + gcc)*16 +: 16];")
    L.append("        end")
    L.append("      end")
    L.append("    end")
    L.append("  endgenerate")
    return "\n".join(L)


def c_header():
    """cmodel/pmu_classes_gen.h: the model's event lanes and the sub-event masks."""
    cl = classes()
    ps = TOPS[CORE]["params"]
    L = ["/* SPDX-License-Identifier: Apache-2.0 */", "/* %s */" % HEAD,
         "/* Decoded event classes of pmu_core (config/pmu_ip.yaml classes, util/config_classes.py):",
         " * sub-event masks (EM bits), the decoders (one C file each, listed in the",
         " * table's cmodel files) and pmu_class_ev(), the lanes the event muxes see. */",
         "#ifndef PMU_CLASSES_GEN_H", "#define PMU_CLASSES_GEN_H", "#include \"pmu_model.h\"", ""]
    for n, d in cl.items():
        L.append("/* %s (class %s): %s */" % (n, d["param"], d.get("doc", "")))
        allm = 0
        for s, sd in d["subevents"].items():
            L.append("#define PMU_%s_%s_MASK 0x%04Xu   /* %s */" % (n, s, 1 << sd["bit"], sd.get("doc", "")))
            allm |= 1 << sd["bit"]
        L.append("#define PMU_%s_SUB_ALL 0x%04Xu" % (n, allm))
        L.append("uint16_t %s(const pmu_inputs *in, unsigned t);   /* sub_o of %s, thread t */"
                 % (d["cfunc"], d["module"]))
        L.append("")
    L.append("/* Sub-event bits of thread t, class cls (< ncls): a decoded class's decoder, else ev_i.")
    L.append(" * (FLOP_CLASS is taken before this, as in pmu_event_mux.) */")
    L.append("static inline uint16_t pmu_class_ev(const pmu_cfg *cfg, const pmu_inputs *in, unsigned t, unsigned cls)")
    L.append("{")
    if not cl:
        L.append("    (void)cfg;")
    for n, d in cl.items():
        L.append("    if (cls == cfg->%s) return (uint16_t)%s(in, t);" % (ps[d["param"]]["c"], d["cfunc"]))
    L.append("    return in->ev[t][cls];")
    L.append("}")
    L.append("#endif")
    return "\n".join(L) + "\n"


def doc_block():
    """docs/regmap.md's block "classes": one table per decoded class."""
    cl = classes()
    if not cl:
        return ("No decoded event class is configured (`classes` of `pmu_core` in config/pmu_ip.yaml); "
                "every class other than `FLOP_CLASS` takes its sub-events from `ev_i`.")
    L = []
    for n, d in cl.items():
        L += ["**%s** (CTL.ES == `%s`, decoder `%s`, inputs %s): %s" % (
            n, d["param"], d["module"], ", ".join("`%s`" % p for p in d["inputs"]), d.get("doc", "")), "",
              "| EM bit | sub-event | meaning |", "|---|---|---|"]
        for s, sd in sorted(d["subevents"].items(), key=lambda kv: kv[1]["bit"]):
            L.append("| %d | %s | %s |" % (sd["bit"], s, sd.get("doc", "")))
        L.append("")
    return "\n".join(L).rstrip()
