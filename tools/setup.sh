#!/usr/bin/env bash
# Installs what v8bench needs on Debian 12, and nothing it does not. Idempotent: a second run only
# checks. It never removes or downgrades a package the user has.
#
# V8 comes from Debian's libnode108/libnode-dev (Node 18.20.4, V8 10.2). Where `apt-get install
# libnode-dev` is refused (a NodeSource `nodejs` is installed and conflicts with Debian's node-*
# packages), the two packages are unpacked into third_party/libnode/ instead (git-ignored) and the
# build links that copy with an rpath. Debian's libnode loads five JS builtins from fixed paths under
# /usr/share/nodejs at run time; in that case they are copied there from Debian's node-acorn,
# node-cjs-module-lexer and node-undici packages (only files that are missing; nothing is overwritten).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
prefix="$here/third_party/libnode"
say() { printf 'setup: %s\n' "$*" >&2; }

sudo_if_needed() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# Debian packages the build and tests use. Runtime libraries of libnode are listed so that the
# private unpack finds them too.
packages=(
  cmake g++ ninja-build pkg-config clang-format
  libbenchmark-dev libgtest-dev googletest libsimdjson-dev libfmt-dev libuv1-dev
  libicu72 libc-ares2 libnghttp2-14 libbrotli1 libssl3 zlib1g
  # Headless browser for the HTML report test (it opens the report and checks DOM and screenshot;
  # the test skips with a reason where /usr/bin/chromium is absent).
  chromium
  # Valgrind's callgrind counts instructions for --metric instructions (and its callgrind.h is built in).
  valgrind
  # The kv_round_trip suite's store: each case starts a private redis-server on a loopback port.
  redis-server
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

apt_updated=0
apt_update_once() {
  if [ "$apt_updated" -eq 0 ]; then
    say "apt-get update"
    sudo_if_needed apt-get update -qq >/dev/null
    apt_updated=1
  fi
}

if [ "${#missing[@]}" -gt 0 ]; then
  apt_update_once
  say "installing: ${missing[*]}"
  sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  say "build packages present"
fi

# --- V8 -------------------------------------------------------------------------------------------
builtins=(
  /usr/share/nodejs/cjs-module-lexer/lexer.js
  /usr/share/nodejs/cjs-module-lexer/dist/lexer.js
  /usr/share/nodejs/undici/undici-fetch.js
  /usr/share/nodejs/acorn/dist/acorn.js
  /usr/share/nodejs/acorn-walk/dist/walk.js
)

system_libnode() {
  dpkg-query -W -f='${Status}' libnode-dev 2>/dev/null | grep -q 'install ok installed'
}

if [ -n "${V8_ROOT:-}" ]; then
  say "V8_ROOT=$V8_ROOT given: using that V8 build, not Debian's libnode"
elif system_libnode; then
  say "Debian libnode-dev installed system-wide"
elif [ -f "$prefix/usr/lib/x86_64-linux-gnu/libnode.so.108" ] && [ -f "$prefix/usr/include/node/v8.h" ]; then
  say "private libnode present in third_party/libnode"
else
  apt_update_once
  # Try the system install first; it is the better path where nothing conflicts. Simulate first so
  # that apt never removes the user's nodejs.
  if sudo_if_needed apt-get install -s -y libnode-dev 2>/dev/null | grep -q '^Remv'; then
    can_install=0
  elif sudo_if_needed apt-get install -s -y libnode-dev >/dev/null 2>&1; then
    can_install=1
  else
    can_install=0
  fi
  if [ "$can_install" -eq 1 ]; then
    say "installing Debian libnode-dev system-wide"
    sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libnode-dev >/dev/null
  else
    say "apt refuses libnode-dev here (conflicting nodejs); unpacking Debian's libnode108 + libnode-dev into third_party/libnode"
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    (cd "$tmp" && apt-get download libnode108 libnode-dev node-acorn node-cjs-module-lexer node-undici >/dev/null 2>&1) || {
      say "error: apt-get download of libnode108/libnode-dev failed; check the Debian sources in /etc/apt"
      exit 1
    }
    rm -rf "$prefix.partial"
    mkdir -p "$prefix.partial"
    for deb in "$tmp"/libnode*.deb; do dpkg-deb -x "$deb" "$prefix.partial"; done
    mkdir -p "$prefix.partial/builtins"
    for deb in "$tmp"/node-*.deb; do dpkg-deb -x "$deb" "$prefix.partial/builtins"; done
    rm -rf "$prefix"
    mv "$prefix.partial" "$prefix"
  fi
fi

# The externalized builtins: needed by the node realm only (a bare V8 context runs without them).
if ! system_libnode && [ -z "${V8_ROOT:-}" ]; then
  for f in "${builtins[@]}"; do
    if [ ! -f "$f" ]; then
      src="$prefix/builtins$f"
      if [ ! -f "$src" ]; then
        say "error: $src missing; remove third_party/libnode and run tools/setup.sh again"
        exit 1
      fi
      say "placing Node builtin $f (from Debian's package; libnode loads it from this fixed path)"
      sudo_if_needed install -D -m 0644 "$src" "$f"
    fi
  done
fi
say "ready"
