#!/bin/sh
# FuseSoC pre_build hook of pmu_model.core (target lib): compiles the C models
# as C99 with -Werror into libpmu_model.a in the work root (the directory it
# runs in), the library a user's bench links.
set -e
D=$(dirname "$0")
${CC:-cc} -std=c99 -pedantic -O2 -Wall -Wextra -Werror -I"$D" -c "$D/pmu_model.c" "$D/dc_model.c"
ar rcs libpmu_model.a pmu_model.o dc_model.o
echo "pmu_model.core: built $(pwd)/libpmu_model.a"
