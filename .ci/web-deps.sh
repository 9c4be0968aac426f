#!/usr/bin/env bash
# What the web front end's browser tests need beyond the Python packages, on a fresh
# Debian machine (as root, or through sudo): Debian's Chromium (Playwright drives it through
# executable_path="/usr/bin/chromium"; `playwright install` is never run, because
# it downloads a browser build of its own).
# The Python side (starlette, uvicorn, httpx2, playwright) comes from the project's
# extras. Safe to run again: apt-get skips what is already installed.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
    echo "chromium already installed: $(/usr/bin/chromium --version 2>/dev/null || echo unknown version)"
    exit 0
fi
# apt-get needs root: use sudo when we are not root (a developer's machine).
as_root=()
if [ "$(id -u)" -ne 0 ]; then
    as_root=(sudo)
fi
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core
/usr/bin/chromium --version
