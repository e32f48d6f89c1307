#!/usr/bin/env bash
# The command or the Python wheel built with profile-guided optimisation (PGO), from a clone of
# this repository (README.md, "Install"; docs/performance.md for what it gains):
#
#   ./pgo.sh command [PAGES...]   # installs `simdhtml` as `cargo install` does (~/.cargo/bin, or $CARGO_INSTALL_ROOT/bin)
#   ./pgo.sh wheel [PAGES...]     # writes the wheel to target/wheels/ (then `pip install` it)
#
# Each builds the `dist` profile (Cargo.toml: fat LTO, one codegen unit) three times over: once
# instrumented (`-Cprofile-generate`), runs that build on the training pages (the command's
# `batch` with the visible text, the main content, the metadata and links, and `text --main`;
# the Python package's parse, text, main content, Markdown and selectors: the work users
# give it), merges the counts with the toolchain's own `llvm-profdata` and builds again with
# them (`-Cprofile-use`). The pages are PAGES (files or folders of .html pages; best: pages like
# the ones you will parse), else the shared corpus ($SIMDHTML_SHARED/corpus, default
# ../shared/corpus) when it is there, else the repository's corpus/. It needs the toolchain's
# `llvm-tools` component (`rustup component add llvm-tools`: an LLVM of rustc's own version; a
# system `llvm-profdata` of another LLVM version cannot read the counts), and Python 3.9+ with
# `venv` for the wheel. The build is the same code as the plain `dist` one: the counts decide
# only where the compiler inlines, lays out and unrolls, never what the code does.
#
# Everything goes under target/pgo/ (the builds, the counts, the training virtual environment).
# RUSTFLAGS reach every crate of a build, so `--target` is given: with it, cargo keeps them
# from the build scripts and procedural macros, which then are neither instrumented nor
# optimised against counts they never produced.
set -euo pipefail
cd "$(dirname "$0")"

what="${1:-}"
case "$what" in
command | wheel) shift ;;
*)
    echo "usage: ./pgo.sh command|wheel [PAGES...]" >&2
    exit 2
    ;;
esac

host="$(rustc -vV | sed -n 's/^host: //p')"
profdata="$(rustc --print sysroot)/lib/rustlib/$host/bin/llvm-profdata"
if [ ! -x "$profdata" ]; then
    echo "pgo.sh: $profdata is missing: run \`rustup component add llvm-tools\`" >&2
    exit 1
fi

shared="${SIMDHTML_SHARED:-$PWD/../shared}"
if [ "$#" -gt 0 ]; then
    pages=("$@")
elif [ -d "$shared/corpus" ]; then
    pages=("$shared/corpus")
else
    pages=("$PWD/corpus")
fi

dir="$PWD/target/pgo"
counts="$dir/counts-$what"
merged="$dir/$what.profdata"
rm -rf "$counts" "$merged"
mkdir -p "$dir"
export CARGO_TARGET_DIR="$dir"
generate="-Cprofile-generate=$counts"
# Functions the training never ran are optimised as without PGO; the warning lists them.
use="-Cprofile-use=$merged -Cllvm-args=-pgo-warn-missing-function"

if [ "$what" = command ]; then
    RUSTFLAGS="$generate" cargo build --locked --profile dist --target "$host" \
        -p simdhtml-cli --bin simdhtml
    bin="$dir/$host/dist/simdhtml"
    # One worker: the counts are per run, not per thread, and one thread keeps them exact.
    "$bin" batch --jobs 1 "${pages[@]}" --fields title,text,main_text >/dev/null
    "$bin" batch --jobs 1 "${pages[@]}" \
        --fields title,lang,links,meta,page_type,markdown,language,errors >/dev/null
    "$bin" batch --jobs 1 "${pages[@]}" >/dev/null
    n=0
    while IFS= read -r -d '' page && [ "$n" -lt 300 ]; do
        "$bin" text --main "$page" >/dev/null
        "$bin" text "$page" >/dev/null
        n=$((n + 1))
    done < <(find "${pages[@]}" -type f \( -name '*.html' -o -name '*.htm' \) -print0)
    "$profdata" merge -o "$merged" "$counts"
    RUSTFLAGS="$use" cargo install --locked --profile dist --target "$host" --path cli
else
    venv="$dir/venv"
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --upgrade pip
    # The backend builds the native module with cargo, which reads RUSTFLAGS and
    # CARGO_TARGET_DIR from the environment.
    RUSTFLAGS="$generate" MATURIN_PEP517_ARGS="--target $host" \
        "$venv/bin/python" -m pip install --quiet --force-reinstall --no-deps ./python
    "$venv/bin/python" xtask/pgo_train.py "${pages[@]}"
    "$profdata" merge -o "$merged" "$counts"
    RUSTFLAGS="$use" MATURIN_PEP517_ARGS="--target $host" \
        "$venv/bin/python" -m pip wheel --no-deps --wheel-dir target/wheels ./python
    echo "pgo.sh: the wheel is in target/wheels/; \`pip install target/wheels/simdhtml-*.whl\`"
fi
