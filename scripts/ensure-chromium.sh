#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (never a browser download of Playwright's own).
# Installs it with apt-get when it is missing; needs root, as on the project's machines.
set -euo pipefail
CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM_PATH" ]; then
  exit 0
fi
echo "Chromium not found at $CHROMIUM_PATH: installing Debian's chromium package" >&2
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-liberation >/dev/null
test -x "$CHROMIUM_PATH"
