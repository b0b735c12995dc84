#!/usr/bin/env bash
# Builds the WebAssembly module of crates/dlx-wasm with its JavaScript glue into web/page/pkg.
# web/page is the whole page (index.html, style.css, src/ and pkg/): any static server can serve
# that folder; `dlx serve` does, and every dlx build embeds it.
#
# web/page/pkg is committed, so that installing dlx needs no WebAssembly tools. `web/build.sh
# --check` builds the module into target/ and fails if it differs, byte for byte, from
# web/page/pkg (CI runs it): after changing crates/dlx-wasm or its dependencies, run web/build.sh
# and commit web/page/pkg with the change.
#
# The build is reproducible: the Rust toolchain is the one web/rust-toolchain.toml pins (rustup
# installs it, with the wasm32 target, on first use), wasm-bindgen-cli is exactly the version
# crates/dlx-wasm pins (`cargo install wasm-bindgen-cli --version =X --locked`; web/test.sh
# installs it), and the paths of this machine in the module (panic locations in dependencies)
# are rewritten to machine-independent ones.
set -euo pipefail
web="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$web")"
check=false
if [ "${1:-}" = "--check" ]; then
  check=true
  shift
fi
if [ $# -gt 0 ]; then
  echo "usage: web/build.sh [--check]" >&2
  exit 2
fi
target="${CARGO_TARGET_DIR:-$root/target}"
pkg="$web/page/pkg"
if $check; then
  out="$target/web-check/pkg"
else
  out="$pkg"
fi

wanted="$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' "$root/crates/dlx-wasm/Cargo.toml")"
have="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
if [ "$have" != "$wanted" ]; then
  echo "web/build.sh: wasm-bindgen $wanted is needed (found: ${have:-none});" \
    "cargo install wasm-bindgen-cli --version =$wanted --locked" >&2
  exit 2
fi

# From web/, so that rustup uses web/rust-toolchain.toml.
cargo_home="${CARGO_HOME:-$HOME/.cargo}"
(
  cd "$web"
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="--remap-path-prefix=$cargo_home=/cargo --remap-path-prefix=$root=/dlx" \
    cargo build --manifest-path "$root/Cargo.toml" --target wasm32-unknown-unknown --release \
    --locked -p dlx-wasm
)

rm -rf "$out"
wasm-bindgen --target web --no-typescript --out-dir "$out" \
  "$target/wasm32-unknown-unknown/release/dlx_wasm.wasm"

if $check; then
  if ! diff -r "$pkg" "$out" >/dev/null; then
    diff -rq "$pkg" "$out" >&2 || true
    echo "web/build.sh --check: web/page/pkg differs from its sources; run web/build.sh and commit web/page/pkg" >&2
    exit 1
  fi
  echo "web/build.sh --check: web/page/pkg matches its sources"
else
  echo "web/build.sh: the module is in $out; the page is web/page"
fi
