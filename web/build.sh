#!/usr/bin/env bash
# Builds the web page into one folder (default: web/dist): the WebAssembly module of
# crates/dlx-wasm with its JavaScript glue, and the static files. Any static server can serve
# that folder; `dlx serve` does (and a dlx built afterwards embeds it).
#
# Needs the wasm32-unknown-unknown target (`rustup target add wasm32-unknown-unknown`) and
# wasm-bindgen-cli of exactly the version crates/dlx-wasm pins
# (`cargo install wasm-bindgen-cli --version =X --locked`; .ci/run installs both).
set -euo pipefail
web="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$web")"
out="${1:-$web/dist}"

wanted="$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' "$root/crates/dlx-wasm/Cargo.toml")"
have="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)"
if [ "$have" != "$wanted" ]; then
  echo "web/build.sh: wasm-bindgen $wanted is needed (found: ${have:-none});" \
    "cargo install wasm-bindgen-cli --version =$wanted --locked" >&2
  exit 2
fi

cargo build --manifest-path "$root/Cargo.toml" --target wasm32-unknown-unknown --release -p dlx-wasm
target="${CARGO_TARGET_DIR:-$root/target}"

mkdir -p "$out"
rm -rf "$out/pkg" "$out/src" "$out/index.html" "$out/style.css"
wasm-bindgen --target web --no-typescript --out-dir "$out/pkg" \
  "$target/wasm32-unknown-unknown/release/dlx_wasm.wasm"
cp "$web/index.html" "$web/style.css" "$out/"
mkdir -p "$out/src"
cp "$web"/src/*.js "$out/src/"
echo "web/build.sh: the page is in $out"
