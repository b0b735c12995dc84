#!/usr/bin/env bash
# Tests the web page: the bindings in WebAssembly under Node.js (wasm-bindgen-test), then that
# the committed module (web/page/pkg) is what its sources build, byte for byte (`web/build.sh --check`),
# then that page served by `dlx serve` in headless Chromium (web/e2e). Installs what it needs
# when it is missing: the wasm32 target, wasm-bindgen-cli of the pinned version (a long build,
# once), the toolchain web/rust-toolchain.toml pins (rustup, on first use), Debian's chromium,
# and playwright-core in web/e2e/node_modules (it never downloads a browser).
set -euo pipefail
cd "$(dirname "$0")/.."

rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || rustup target add wasm32-unknown-unknown
wanted="$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' crates/dlx-wasm/Cargo.toml)"
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$wanted" ]; then
  cargo install wasm-bindgen-cli --version "=$wanted" --locked
fi
if [ ! -x /usr/bin/chromium ]; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
fi
(cd web/e2e && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund)

CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  cargo test -p dlx-wasm --target wasm32-unknown-unknown
web/build.sh --check
cargo build -p dlx-cli
(cd web/e2e && node --test page.test.mjs)
