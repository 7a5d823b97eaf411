# SPDX-License-Identifier: Apache-2.0
"""What the coverage report (sim/coverage_report.py), its waivers
(sim/coverage_waivers.py) and its testplan check (sim/coverage_testplan.py)
share: the repository root, the tops, the error exit, the YAML reader, the
RTL files of each top (config/config.mk) and the line-span syntax of .dat
points and waivers ('N', 'N-M', comma-separated)."""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "synth"))
import report_stamp  # noqa: E402

TOPS = ("pmu_core", "dc_top")


def die(msg):
    sys.exit("coverage_report: " + msg)


def load_yaml(rel):
    try:
        import yaml
    except ImportError:
        die("PyYAML missing: run 'make deps-py'")
    path = os.path.join(ROOT, rel)
    if not os.path.exists(path):
        die("%s: missing" % rel)
    with open(path) as f:
        try:
            return yaml.safe_load(f)
        except yaml.YAMLError as e:
            die("%s: not valid YAML: %s" % (rel, e))


def top_files():
    mk = report_stamp.config_mk()
    return {t: mk["CFG_RTL_" + t].split() for t in TOPS}


def span_lines(s):
    out = set()
    for part in s.split(","):
        if not part:
            continue
        if "-" in part:
            a, b = part.split("-")
            out.update(range(int(a), int(b) + 1))
        else:
            out.add(int(part))
    return out
