#!/usr/bin/env bash
# Creates (first use) the project-local cocotb virtualenv given as $1 with
# pinned package versions, checks them and prints what is installed.
# cocotb 1.8.1: cocotb 2.x needs Verilator >= 5.036, Debian 12 has 5.006.
# cocotbext-wishbone 2.0.1 declares cocotb>=2.0.0 but its driver works with
# cocotb 1.x (it has a 1.x/2.x compatibility helper): installed --no-deps.
set -euo pipefail
venv=${1:?usage: venv.sh VENV_DIR}
PY=${PYTHON:-python3}
PINS=(cocotb==1.8.1 find_libpython==0.4.0 cocotb-bus==0.2.1 cocotbext-axi==0.1.28)
NODEPS=(cocotbext-wishbone==2.0.1)
check() {
  "$venv/bin/python" - "${PINS[@]}" "${NODEPS[@]}" <<'PY'
import sys
from importlib.metadata import version, PackageNotFoundError
bad = 0
for pin in sys.argv[1:]:
    name, want = pin.split("==")
    try:
        have = version(name)
    except PackageNotFoundError:
        have = None
    if have != want:
        print(f"cocotb venv: {name} is {have}, want {want}")
        bad = 1
sys.exit(bad)
PY
}
if [ -x "$venv/bin/python" ] && check >/dev/null 2>&1; then exit 0; fi
echo "cocotb venv: creating $venv (pinned: ${PINS[*]} ${NODEPS[*]} --no-deps)"
# Debian's python3 needs python3-venv for 'python3 -m venv' and the shared
# libpython (libpython3-dev) that cocotb embeds: installed as root with apt-get
apt_need() {
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "cocotb venv: installing $* (apt-get)"
    (apt-get update -qq || true) && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
  else
    echo "cocotb venv: missing: run 'sudo apt-get install $*'"; exit 1
  fi
}
"$PY" -c 'import venv, ensurepip' 2>/dev/null || apt_need python3-venv
rm -rf "$venv"
"$PY" -m venv "$venv"
"$venv/bin/python" -m pip install --disable-pip-version-check -q "${PINS[@]}"
"$venv/bin/python" -m pip install --disable-pip-version-check -q --no-deps "${NODEPS[@]}"
check
echo "cocotb venv: installed:"
"$venv/bin/python" -m pip list --disable-pip-version-check --format=freeze | sed 's/^/  /'
libpy() { "$venv/bin/python" -c 'import find_libpython; p = find_libpython.find_libpython(); print(p or ""); ' ; }
[ -n "$(libpy)" ] || apt_need libpython3-dev
lp=$(libpy)
[ -n "$lp" ] || { echo "cocotb venv: no shared libpython: cocotb cannot embed Python"; exit 1; }
echo "  libpython: $lp"
