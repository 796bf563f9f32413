#!/usr/bin/env bash
# Makes sure the browser suite has its Chromium: Debian's package when $CHROME_PATH (default
# /usr/bin/chromium) is missing. Playwright's own browser download does not work here. Run as root (CI is).
set -euo pipefail

CHROME="${CHROME_PATH:-/usr/bin/chromium}"
if [ -x "$CHROME" ]; then
  exit 0
fi
if [ -n "${CHROME_PATH:-}" ]; then
  echo "ensure-chromium: CHROME_PATH=$CHROME_PATH is not an executable" >&2
  exit 1
fi
echo "ensure-chromium: installing Debian's chromium" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null
"$CHROME" --version
