#!/usr/bin/env bash
# Prepare a fresh machine: a project-local .venv with autoqa-py and its dev tools, and a Chromium.
# Idempotent and quiet when everything is already in place.
set -euo pipefail
cd "$(dirname "$0")/.."

PY=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "bootstrap: creating .venv" >&2
  "$PY" -m venv .venv
fi

stamp=.venv/.autoqa-installed
want=$(cat pyproject.toml | sha256sum | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "bootstrap: installing autoqa-py and dev dependencies into .venv" >&2
  .venv/bin/python -m pip install --quiet --upgrade pip >/dev/null
  .venv/bin/python -m pip install --quiet -e '.[dev]'
  echo "$want" > "$stamp"
fi

have_browser() { .venv/bin/python -c 'from autoqa.browser import resolve_browser; resolve_browser()' 2>/dev/null; }

if ! have_browser; then
  echo "bootstrap: no Chromium found; trying 'python -m playwright install chromium'" >&2
  timeout 300 .venv/bin/python -m playwright install chromium >/dev/null 2>&1 || true
fi
if ! have_browser; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "bootstrap: falling back to 'apt-get install -y chromium-headless-shell'" >&2
    apt-get update -qq >/dev/null 2>&1 || true
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null 2>&1 || true
  fi
fi
if ! have_browser; then
  cat >&2 <<'MSG'
bootstrap: no usable Chromium. Run one of:
  .venv/bin/python -m playwright install chromium        (needs access to Playwright's download CDN)
  sudo apt-get install -y chromium-headless-shell         (Debian/Ubuntu)
or point AUTOQA_BROWSER_PATH at a Chromium executable.
MSG
  exit 1
fi

# Video recording (--video on) needs ffmpeg where Playwright looks for it. Opt in: Playwright's own
# download first, else Debian's ffmpeg linked there (AUTOQA_BOOTSTRAP_VIDEO=1 bash scripts/bootstrap.sh).
if [ "${AUTOQA_BOOTSTRAP_VIDEO:-0}" = "1" ]; then
  target=$(.venv/bin/python -c 'from autoqa.browser import ffmpeg_path; print(ffmpeg_path())')
  if [ ! -x "$target" ]; then
    timeout 300 .venv/bin/python -m playwright install ffmpeg >/dev/null 2>&1 || true
  fi
  if [ ! -x "$target" ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    command -v ffmpeg >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ffmpeg >/dev/null 2>&1 || true
    if command -v ffmpeg >/dev/null; then
      mkdir -p "$(dirname "$target")" && ln -sf "$(command -v ffmpeg)" "$target"
    fi
  fi
  [ -x "$target" ] || echo "bootstrap: no ffmpeg for video recording at $target (videos stay off)" >&2
fi

