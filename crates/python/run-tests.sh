#!/usr/bin/env bash
# Builds the `hexvar` wheel and runs its pytest suite in a virtual environment, with packages from
# PyPI only: needs Rust and python3 (3.9 or later). Installs Debian's python3-venv when
# `python3 -m venv` lacks it. The virtual environment is crates/python/.venv (HEXVAR_VENV to move it);
# extra pytest arguments pass through (`bash crates/python/run-tests.sh -k kirby`).
set -euo pipefail
cd "$(dirname "$0")"

MATURIN=1.16.0
PYTEST=9.2.0
HYPOTHESIS=6.170.17
NUMPY=2.4.6
venv=$(realpath -m "${HEXVAR_VENV:-.venv}")

need=()
python3 -c 'import ensurepip, venv' 2>/dev/null || need+=(python3-venv)
command -v objdump >/dev/null || need+=(binutils) # test_wheel.py reads the extension's code
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install -q --disable-pip-version-check \
  "maturin==$MATURIN" "pytest==$PYTEST" "hypothesis==$HYPOTHESIS"
# numpy only for the tests of `encode()` read by numpy and of `legal_mask()` (skipped without it).
"$venv/bin/python" -m pip install -q --disable-pip-version-check "numpy==$NUMPY" ||
  echo "numpy $NUMPY did not install: the numpy tests are skipped"
# dask[distributed] only for hexvar.distributed's tests (skipped, the reason printed, without it).
DASK=2026.8.0
"$venv/bin/python" -m pip install -q --disable-pip-version-check "dask[distributed]==$DASK" ||
  echo "dask[distributed] $DASK did not install: the distributed tests are skipped"

# The wheel itself, for the environment's CPython (`-i`: a wheel is for one version, not abi3),
# installed as a user would install it.
rm -rf target/wheels
"$venv/bin/maturin" build --release --quiet -i "$venv/bin/python" --out target/wheels
"$venv/bin/python" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps target/wheels/hexvar-*.whl

# From the tests folder, so that `hexvar` is the installed wheel and not the source folder.
(cd tests && "$venv/bin/python" -m pytest -q -p no:cacheprovider "$@")

# The source distribution, installed by pip in a fresh virtual environment as a user without
# the repository would install it (pip fetches maturin and compiles; the build's own target
# folder keeps the dependencies compiled between runs). Built with cargo's dev profile: this
# checks that the sdist is complete and builds, not its speed (the wheel above is the release
# build), and a second optimised build of every crate cost CI minutes.
rm -rf target/sdist
"$venv/bin/maturin" sdist --out target/sdist
fresh=$(mktemp -d)
trap 'rm -rf "$fresh"' EXIT
python3 -m venv "$fresh"
CARGO_TARGET_DIR="$PWD/target/sdist-build" MATURIN_PEP517_ARGS="--profile dev" \
  "$fresh/bin/python" -m pip install -q \
  --disable-pip-version-check target/sdist/hexvar-*.tar.gz
(cd "$fresh" && "$fresh/bin/python" -c '
import hexvar
assert hexvar.brusky.Board().perft(3) == 217_683, "perft from the sdist"
assert hexvar.kirby.Board().legal_move_count() > 0
print("sdist: installed and ran in a fresh environment")
')
