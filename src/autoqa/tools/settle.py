"""Settling: after an action, wait for the effects it started before any check reads the page.

A check right after a click must not read the DOM the app is about to replace. On a hash-routed list
(jQuery TodoMVC) clicking "Active" changes the URL at once and re-renders a moment later; a negative check
("buy milk" is not visible) read in between passes on the stale list. So every element action runs inside
:func:`settling`:

* before the action, one ``evaluate`` *arms* a small in-page tracker (installed once per document): a
  ``MutationObserver``, hashchange/popstate listeners, ``pushState``/``replaceState`` hooks, and wrappers
  around ``setTimeout``/``setInterval``/``requestAnimationFrame``/``fetch``/``XMLHttpRequest`` that note
  the work *the action* starts (work created in its event handlers, and transitively in what they start);
* after the action, one ``evaluate`` waits in the page until that work is done: no pending short timer
  (≤ 500 ms: renders, debounces, animations; toasts and "loading…" delays are longer and not waited for),
  animation frame or request it started, and — when the URL changed, a request finished, an interval it
  started or an untracked source changed the DOM — no DOM mutation for :data:`QUIET_MS`;
* a navigation to another document the action started is awaited until it commits (Playwright itself
  waits only after clicks and key presses) or Playwright reports its request dropped (a 204, a
  download), then until ``domcontentloaded``; the new document's DOM must then be quiet too.

The wait in the page is bounded by ``ToolSettings.settle_timeout_ms`` (the cap; 0 turns settling off), a
pending navigation by ``navigation_timeout_ms``: a page that keeps changing (a ticker the click started)
costs the cap, never a hang. A click that changes nothing, or changes the DOM synchronously, costs the two
round trips only (see ``python -m bench settle``). Settling never fails an action: if the page cannot be
armed or asked, the action's result stands.

Work that began before the tracker was installed (a clock started at page load) and timer functions a
library captured before that are invisible to it. Their DOM changes only matter while a wait is already
under way, and only a node's first change counts (a clock rewriting one node is noise after that).
Only the main frame is tracked; ``navigate`` and ``scroll`` do not settle.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import itertools
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from playwright.async_api import Frame, Page, Request

from autoqa.tools.context import ToolContext, ToolSettings
from autoqa.tools.deadlines import _is_navigation_race, bounded
from autoqa.tools.trace_zone import traced

QUIET_MS = 50
"""How long the DOM must stay unchanged after an asynchronous change (a route change, a response)."""
_SLACK_MS = 1_000
"""Extra time the browser gets to answer, beyond the wait it was asked for."""
_ARM_BOUND_MS = 2_000
_NAV_POLL_S = 0.25
"""Between looks at a pending navigation when Playwright reports nothing (it reports commits and drops)."""
LAST_KEY = "autoqa.tools.settle.last"
"""``ctx.extra[LAST_KEY]``: the :class:`Settlement` of the last action (for tests and benchmarks)."""

# The tracker, evaluated once per document and kept under a symbol on its window (like page_scripts).
TRACKER = r"""(() => {
const W = window, D = document, N = W.navigation;
const MAX_TIMER_MS = 500, POLL_MS = 25;
const now = () => performance.now();
const setT = W.setTimeout, clearT = W.clearTimeout, setI = W.setInterval, clearI = W.clearInterval;
const raf = W.requestAnimationFrame, caf = W.cancelAnimationFrame;
const S = {token: null, epoch: 0, armed: false, waiting: false, href: '', current: null, hot: false,
  cooling: 0, timers: new Set(), frames: new Set(), requests: 0, quiet: false, route: false, last: 0,
  mutations: 0, wake: null, nav: null, noise: new WeakSet()};

// Work belongs to the action when it is created while armed in an event handler (window.event), in a
// callback of work the action created (current), or in the microtasks right after either (hot).
const tracked = () => S.armed && S.current !== false &&
  (S.current === true || S.hot || W.event !== undefined);
const cool = () => { S.hot = false; S.cooling = 0; };
const touch = () => { S.hot = true; if (!S.cooling) S.cooling = setT.call(W, cool, 0); };
const poke = () => { if (S.wake) S.wake(); };

// A change made outside the action's work (a clock started at load, before the tracker) is noise once
// its node has changed before: the first change of a node counts (the app may render through a path we
// do not follow), and while waiting it makes the wait end only once the DOM is quiet.
const observer = new MutationObserver((records) => {
  if (!S.armed) return;
  S.mutations += records.length;
  if (!tracked()) {
    let fresh = false;
    for (const record of records) {
      if (!S.noise.has(record.target)) { S.noise.add(record.target); fresh = true; }
    }
    if (!fresh) return;
    if (S.waiting) S.quiet = true;
  }
  S.last = now();
  poke();
});
const OBSERVE = {subtree: true, childList: true, attributes: true, characterData: true};

function run(epoch, repeating, fn, self, args) {
  const own = S.armed && epoch === S.epoch;
  const saved = S.current;
  S.current = own;
  try {
    return fn.apply(self, args);
  } finally {
    S.current = saved;
    // The callback's DOM changes: the action's when it is the action's work, else background noise.
    const changed = observer.takeRecords().length;
    if (own) {
      touch();
      if (changed) { S.mutations += changed; S.last = now(); if (repeating) S.quiet = true; }
      poke();
    }
  }
}

W.setTimeout = function setTimeout(fn, delay, ...rest) {
  if (typeof fn !== 'function') return setT.apply(W, arguments);
  const mine = tracked();
  const epoch = mine ? S.epoch : -1;
  let id = 0;
  id = setT.call(W, function () { S.timers.delete(id); return run(epoch, false, fn, this, arguments); },
    delay, ...rest);
  if (mine && !(+delay > MAX_TIMER_MS)) S.timers.add(id);
  return id;
};
// An interval the action started is pending until its first tick; its ticks that change the DOM are
// waited out like an animation (a ticker that never stops costs the cap).
W.setInterval = function setInterval(fn, delay, ...rest) {
  if (typeof fn !== 'function') return setI.apply(W, arguments);
  const mine = tracked();
  const epoch = mine ? S.epoch : -1;
  let id = 0;
  id = setI.call(W, function () { S.timers.delete(id); return run(epoch, true, fn, this, arguments); },
    delay, ...rest);
  if (mine && !(+delay > MAX_TIMER_MS)) S.timers.add(id);
  return id;
};
// autoqa's own page scripts (the page watcher) time their work with the browser's own setTimeout.
Object.defineProperty(W.setTimeout, Symbol.for('autoqa.native'), {value: setT});
W.clearTimeout = function clearTimeout(id) { S.timers.delete(id); poke(); return clearT.call(W, id); };
W.clearInterval = function clearInterval(id) { S.timers.delete(id); poke(); return clearI.call(W, id); };
if (raf) {
  W.requestAnimationFrame = function requestAnimationFrame(fn) {
    if (typeof fn !== 'function') return raf.call(W, fn);
    const mine = tracked();
    const epoch = mine ? S.epoch : -1;
    let id = 0;
    id = raf.call(W, function () { S.frames.delete(id); return run(epoch, false, fn, this, arguments); });
    if (mine) S.frames.add(id);
    return id;
  };
  W.cancelAnimationFrame = function cancelAnimationFrame(id) {
    S.frames.delete(id); poke(); return caf.call(W, id);
  };
}

// A request the action started: pending until it (or the body it reads) completes, then quiet.
function request() {
  if (!tracked()) return null;
  const epoch = S.epoch;
  let open = true;
  S.requests++;
  return () => {
    if (!open) return;
    open = false;
    if (epoch !== S.epoch) return;
    S.requests--; S.quiet = true; S.last = now(); touch(); poke();
  };
}
const fetch0 = W.fetch;
if (fetch0) {
  W.fetch = function fetch(input, init) {
    const promise = fetch0.apply(W, arguments);
    const done = init && init.keepalive ? null : request();
    if (done) promise.then(done, done);
    return promise;
  };
}
const R = W.Response && W.Response.prototype;
if (R) {
  for (const name of ['json', 'text', 'arrayBuffer', 'blob', 'formData']) {
    const read = R[name];
    if (typeof read !== 'function') continue;
    R[name] = function () {
      const promise = read.apply(this, arguments);
      const done = request();
      if (done) promise.then(done, done);
      return promise;
    };
  }
}
const X = W.XMLHttpRequest && W.XMLHttpRequest.prototype;
if (X) {
  const send = X.send;
  X.send = function () {
    const done = request();
    if (done) this.addEventListener('loadend', done);
    try { return send.apply(this, arguments); } catch (e) { if (done) done(); throw e; }
  };
}

// Route changes in the document: the app re-renders for the new URL, maybe after async work.
const route = () => {
  if (!S.armed) return;
  S.route = true; S.quiet = true; S.last = now(); touch(); poke();
};
for (const name of ['pushState', 'replaceState']) {
  const original = history[name];
  if (typeof original !== 'function') continue;
  history[name] = function () {
    const before = location.href;
    const answer = original.apply(this, arguments);
    if (location.href !== before) route();
    return answer;
  };
}
W.addEventListener('hashchange', route, true);
W.addEventListener('popstate', route, true);
// A navigation to another document that has started but not committed (Chromium's Navigation API).
if (N && N.addEventListener) {
  N.addEventListener('navigate', (e) => {
    if (S.armed && !e.destination.sameDocument && !e.downloadRequest) S.nav = e;
  });
  const over = () => { S.nav = null; poke(); };
  N.addEventListener('navigatesuccess', over);
  N.addEventListener('navigateerror', over);
}
const navigating = () => !!(S.nav && !S.nav.defaultPrevented && !(N && N.transition));

function arm(token) {
  S.token = token; S.epoch++; S.armed = true; S.waiting = false; S.href = location.href;
  S.timers.clear(); S.frames.clear(); S.requests = 0;
  S.quiet = false; S.route = false; S.mutations = 0; S.last = now(); S.nav = null; S.wake = null;
  observer.observe(D, OBSERVE);
  return true;
}

// mode: '' after the action; 'fresh' in a document the action loaded; 'resume' once a navigation the
// action started was dropped (a 204, a download): Python saw its request fail.
function settle(quietMs, capMs, mode) {
  return new Promise((resolve) => {
    const start = now(), epoch = S.epoch;
    S.waiting = true;
    if (mode === 'fresh') { S.quiet = true; S.last = start; }
    if (mode === 'resume') S.nav = null;
    if (location.href !== S.href) { S.route = true; S.quiet = true; S.last = Math.max(S.last, start); }
    let timer = 0, due = Infinity;
    const schedule = (ms) => {
      const at = now() + ms;
      if (timer && at >= due) return;
      if (timer) clearT.call(W, timer);
      due = at;
      timer = setT.call(W, check, ms);
    };
    const finish = (outcome) => {
      if (timer) clearT.call(W, timer);
      if (S.epoch !== epoch) return resolve({outcome: 'superseded'});  // a later action re-armed
      S.wake = null;
      if (outcome !== 'navigating') { S.armed = false; S.waiting = false; observer.disconnect(); }
      resolve({outcome, waited: now() - start, mutations: S.mutations, route: S.route,
               pending: S.timers.size + S.frames.size + S.requests});
    };
    function check() {
      timer = 0; due = Infinity;
      if (S.epoch !== epoch) return finish('superseded');
      const left = capMs - (now() - start);
      if (navigating()) return finish('navigating');  // Python waits for the commit, or the drop
      if (left <= 0) return finish('cap');
      if (S.timers.size + S.frames.size + S.requests > 0) return schedule(Math.min(POLL_MS, left));
      if (!S.quiet) return finish('idle');
      const still = now() - S.last;
      if (still >= quietMs) return finish('quiet');
      schedule(Math.min(quietMs - still, left));
    }
    S.wake = () => schedule(0);
    check();
  });
}

return {arm, settle, navigating, get token() { return S.token; }};
})()"""

_KEY = "autoqa.tools.settle." + hashlib.sha1(TRACKER.encode()).hexdigest()[:12]
_LOOKUP = f"const key = Symbol.for('{_KEY}');"
_INSTALL = f"if (!window[key]) Object.defineProperty(window, key, {{value: {TRACKER}, configurable: true}});"
# Arming sends the tracker's source only when the document has none yet (the fast form answers null then).
ARM_FAST_SCRIPT = f"(token) => {{ {_LOOKUP} return window[key] ? window[key].arm(token) : null; }}"
ARM_SCRIPT = f"(token) => {{ {_LOOKUP} {_INSTALL} return window[key].arm(token); }}"
_MINE = "const t = window[key]; if (!t || t.token !== a[0]) return {doc: 'new'};"
SETTLE_SCRIPT = f"(a) => {{ {_LOOKUP} {_MINE} return t.settle(a[1], a[2], a[3]); }}"
NAVIGATING_SCRIPT = f"(a) => {{ {_LOOKUP} {_MINE} return {{navigating: t.navigating()}}; }}"
_FRESH = "const t = window[key]; t.arm(null); return t.settle(a[0], a[1], 'fresh');"
SETTLE_FRESH_SCRIPT = f"(a) => {{ {_LOOKUP} {_INSTALL} {_FRESH} }}"

_tokens = itertools.count(1)


@dataclass(frozen=True, slots=True)
class Settlement:
    """How an action's settling ended."""

    outcome: str
    """``idle`` (nothing pending), ``quiet`` (waited for the DOM to stop changing), ``cap`` (still busy at
    the cap), ``navigated`` (a new document loaded and went quiet), ``navigating`` (a navigation still had
    not committed), ``off``, ``unarmed`` (the tracker could not be installed), ``lost`` (the page stopped
    answering or closed)."""
    waited_ms: float
    """Wall time spent settling after the action (not counting arming)."""
    mutations: int = 0
    route_changed: bool = False


async def _arm(page: Page, token: int) -> bool:
    try:
        if await bounded(page.evaluate(ARM_FAST_SCRIPT, token), _ARM_BOUND_MS) is None:
            await bounded(page.evaluate(ARM_SCRIPT, token), _ARM_BOUND_MS)
    except asyncio.CancelledError:
        raise
    except Exception:  # a closed, navigating or frozen page: the action reports what matters
        return False
    return True


def _settlement(answer: Any, started: float, outcome: str | None = None) -> Settlement:
    data = answer if isinstance(answer, dict) else {}
    return Settlement(
        outcome=outcome or str(data.get("outcome", "lost")),
        waited_ms=(time.perf_counter() - started) * 1000,
        mutations=int(data.get("mutations") or 0),
        route_changed=bool(data.get("route")),
    )


async def _new_document(page: Page, settings: ToolSettings, started: float) -> Settlement:
    """The action loaded another document: wait until it is parsed, then until its DOM is quiet."""
    cap = settings.settle_timeout_ms
    for _ in range(3):  # a document that redirects itself at once gets another go
        try:
            await page.wait_for_load_state("domcontentloaded", timeout=settings.navigation_timeout_ms)
            answer = await bounded(page.evaluate(SETTLE_FRESH_SCRIPT, [QUIET_MS, cap]), cap + _SLACK_MS)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            if _is_navigation_race(exc):
                continue
            return _settlement(None, started, "lost")
        return _settlement(answer, started, "navigated")
    return _settlement(None, started, "lost")


class _NavigationWatch:
    """Main-frame commits and failed navigation requests, heard from before the action on.

    The old document cannot tell that a navigation was dropped (a 204, a download): Playwright can.
    Listening costs nothing per action: both events reach the client anyway (the page tracker listens
    to failed requests).
    """

    def __init__(self, page: Page) -> None:
        self.page = page
        self.changed = asyncio.Event()
        self.failed = False
        page.on("framenavigated", self._on_navigated)
        page.on("requestfailed", self._on_failed)

    def close(self) -> None:
        self.page.remove_listener("framenavigated", self._on_navigated)
        self.page.remove_listener("requestfailed", self._on_failed)

    def _on_navigated(self, frame: Frame) -> None:
        if frame == self.page.main_frame:
            self.changed.set()

    def _on_failed(self, request: Request) -> None:
        with contextlib.suppress(Exception):  # a request without a frame (service worker)
            if request.is_navigation_request() and request.frame == self.page.main_frame:
                self.failed = True
                self.changed.set()


async def _await_commit(page: Page, token: int, settings: ToolSettings, watch: _NavigationWatch) -> str:
    """A navigation the action started has not committed: ``new`` once it has, ``dropped`` when it
    never will, ``navigating`` when it is still pending at the navigation timeout, ``lost``."""
    deadline = time.monotonic() + settings.navigation_timeout_ms / 1000
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return "navigating"
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(watch.changed.wait(), min(left, _NAV_POLL_S))
        watch.changed.clear()
        try:
            answer = await bounded(page.evaluate(NAVIGATING_SCRIPT, [token]), _ARM_BOUND_MS)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            return "new" if _is_navigation_race(exc) else "lost"
        if not isinstance(answer, dict):
            return "lost"
        if answer.get("doc") == "new":
            return "new"
        if watch.failed or not answer.get("navigating"):
            return "dropped"


async def settle(page: Page, token: int, settings: ToolSettings, watch: _NavigationWatch) -> Settlement:
    """Wait until the effects of the action armed with ``token`` are visible in the page (bounded)."""
    started = time.perf_counter()
    cap = settings.settle_timeout_ms
    mode = ""
    for _ in range(3):  # a navigation that was dropped: settle on in the same document (once or twice)
        left = max(0.0, cap - (time.perf_counter() - started) * 1000)
        try:
            asked = page.evaluate(SETTLE_SCRIPT, [token, QUIET_MS, left, mode])
            answer = await bounded(asked, left + _SLACK_MS)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            if not _is_navigation_race(exc):
                return _settlement(None, started, "lost")
            answer = {"doc": "new"}
        if not isinstance(answer, dict):
            return _settlement(None, started, "lost")
        if answer.get("doc") == "new":
            return await _new_document(page, settings, started)
        if answer.get("outcome") != "navigating":
            return _settlement(answer, started)
        verdict = await _await_commit(page, token, settings, watch)
        if verdict == "new":
            return await _new_document(page, settings, started)
        if verdict != "dropped":
            return _settlement(answer, started, verdict)
        mode = "resume"
    return _settlement(None, started, "navigating")


SETTLING_TOOLS = frozenset(
    {"click", "fill", "select_option", "press_key", "hover", "set_checked", "upload_file", "blur", "drag"}
)
"""The tools whose action runs inside :func:`settling` (an exported test settles after the same ones)."""


AHEAD_KEY = "autoqa.tools.settle.ahead"
"""``ctx.extra`` key: an arming started ahead of the running call's action (:func:`arm_ahead`)."""


@dataclass(frozen=True, slots=True)
class _Ahead:
    page: Page
    token: int
    armed: asyncio.Future[bool]


def arm_ahead(ctx: ToolContext) -> None:
    """Start arming the tracker now, while the action's element is still being looked up: the two round
    trips overlap, and the action's :func:`settling` takes this arming over instead of making its own.

    Called once per lookup of an element that is about to be acted on, so the arming the action takes
    over is at most one lookup old (a lookup that polls re-arms each time): what the page does in between
    can only make settling wait longer, never less. ``call_tool`` drops it when the call ends, so a call
    that never acts leaves nothing behind for the next one."""
    if ctx.settings.settle_timeout_ms <= 0:
        return
    token = next(_tokens)
    ctx.extra[AHEAD_KEY] = _Ahead(ctx.page, token, asyncio.ensure_future(_arm(ctx.page, token)))


def drop_ahead(ctx: ToolContext) -> None:
    ahead = ctx.extra.pop(AHEAD_KEY, None)
    if isinstance(ahead, _Ahead) and not ahead.armed.done():
        ahead.armed.cancel()


async def _armed(ctx: ToolContext) -> tuple[int, bool]:
    """The token the action is armed with: the arming started ahead of it when it was for this page."""
    ahead = ctx.extra.pop(AHEAD_KEY, None)
    if isinstance(ahead, _Ahead) and ahead.page is ctx.page:
        return ahead.token, await ahead.armed
    if isinstance(ahead, _Ahead):
        ahead.armed.cancel()
    token = next(_tokens)
    return token, await _arm(ctx.page, token)


@contextlib.asynccontextmanager
async def settling(ctx: ToolContext) -> AsyncIterator[None]:
    """Run an action inside: arms the tracker before, settles after (not when the action raised).

    ::

        async with settling(ctx):
            await located.locator.click(timeout=timeout)
    """
    page = ctx.page
    if ctx.settings.settle_timeout_ms <= 0:
        ctx.extra[LAST_KEY] = Settlement("off", 0.0)
        with traced():
            yield
        return
    watch = _NavigationWatch(page)
    try:
        token, armed = await _armed(ctx)
        with traced():  # the action is what a trace shows of the call (trace_zone)
            yield
        ctx.extra[LAST_KEY] = (
            await settle(page, token, ctx.settings, watch) if armed else Settlement("unarmed", 0.0)
        )
    finally:
        watch.close()
