#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# dc_illegal.sh: illegal distributed-counter configurations must be refused at
# elaboration by every tool (Verilator, Icarus, Yosys) and by the C model,
# naming the violated rule; legal ones (each parameter at a non-default legal
# value, the named configurations) must elaborate. The cases come from the
# ranges and cross_rules of dc_top in config/pmu_ip.yaml (sim/check_params.py).
# Last line "N passed, N failed".
set -u
cd "$(dirname "$0")/.."
exec python3 sim/check_params.py --top dc_top --build build/params "$@"
