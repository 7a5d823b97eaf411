#!/bin/sh
# FuseSoC pre_build hook of pmu_model.core (target lib): compiles the C models
# as C99 with -Werror into libpmu_model.a in the work root (the directory it
# runs in), the library a user's bench links.
set -e
D=$(dirname "$0")
# every C source the core ships (its fileset, generated from config/pmu_ip.yaml)
${CC:-cc} -std=c99 -pedantic -O2 -Wall -Wextra -Werror -I"$D" -c "$D"/*.c
ar rcs libpmu_model.a *.o
echo "pmu_model.core: built $(pwd)/libpmu_model.a"
