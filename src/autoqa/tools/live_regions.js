// autoqa-py's page watcher (see autoqa/tools/page_watch.py): installed as an init script in every document
// of a context, before the page's own scripts. It reports to the binding ``config.binding``:
//  - {type: 'seen', kind, text}: text that appeared in a live region (role status/alert/log, aria-live,
//    <output>) or a dialog (<dialog>, role dialog/alertdialog) while that region was rendered: toasts and
//    status messages that may be gone by the time a check runs;
//  - {type: 'error_text', pattern, text}: rendered text matching one of ``config.patterns`` (NaN…).
// Only rendered text counts: <script>, <style>, <template>, <noscript> and <head> content never does, nor
// does a region that is hidden or a 1-pixel screen-reader-only region. Open shadow roots are watched too.
// ``window[Symbol.for('autoqa.watch.' + config.binding)].current()`` lists the regions shown right now.
// ``config.lib`` names autoqa's page library (page_library.js) when it is installed: text is then read
// through open shadow roots and slots; without it (exported tests) innerText is used.
(config) => {
  const flag = Symbol.for('autoqa.watch.' + config.binding);
  if (window[flag]) return;
  // The watcher's own timers are never the page's work: the settle tracker (tools/settle.py) counts the
  // timers an action starts, and a poll begun in a click's event would hold that click for its whole cap.
  // Taken before the tracker wraps setTimeout (this runs first in a document), or unwrapped from it.
  const setTimeout = window.setTimeout[Symbol.for('autoqa.native')] || window.setTimeout;
  Object.defineProperty(window, flag, {value: {current}});
  const lib = config.lib ? window[Symbol.for(config.lib)] : null;
  const REGION = '[role=status], [role=alert], [role=log], [aria-live=polite], [aria-live=assertive], ' +
    'output';
  const DIALOG = 'dialog, [role=dialog], [role=alertdialog]';
  const ANY = `${REGION}, ${DIALOG}`;
  const NEVER = 'head, script, style, noscript, template, title';
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();

  const queue = [];
  function send(entry) {
    entry.url = location.href;
    const report = window[config.binding];
    if (typeof report !== 'function') { if (queue.length < 100) queue.push(entry); return; }
    for (const early of queue.splice(0)) report(early);
    report(entry);
  }

  const roots = [];
  const observed = new WeakSet();
  const textOf = (e) => (lib && roots.length > 1 ? lib.flatText(e) : e.innerText) || '';
  const hostOf = (n) => { const root = n.getRootNode ? n.getRootNode() : null; return root && root.host; };
  function elementOf(node) {
    if (node.nodeType === 1) return node;
    return node.parentElement || (node.parentNode && node.parentNode.host) || null;
  }
  function regionOf(node) {
    for (let e = elementOf(node); e; e = hostOf(e)) {
      const hit = e.closest(ANY);
      if (hit) return hit;
    }
    return null;
  }
  function kindOf(e) {
    if (e.matches(DIALOG)) return 'dialog';
    const role = (e.getAttribute('role') || '').trim();
    if (role === 'alert' || role === 'log') return role;
    return role === 'status' || e.localName === 'output' ? 'status' : 'live';
  }
  const visible = (e) => e.isConnected &&
    (!e.checkVisibility || e.checkVisibility({visibilityProperty: true}));
  function shown(e) {
    if (!visible(e)) return false;
    const box = e.getBoundingClientRect();
    return box.width > 2 && box.height > 2;  // a 1 px screen-reader-only region is announced, not shown
  }

  // A region's text is reported once per appearance: again only after it changed, or was hidden and shown.
  const last = new WeakMap();
  const heard = new WeakMap();  // what a screen-reader-only live region last said
  const pending = new Map();  // regions with text that are not shown yet (sliding or growing in)
  // A live region drawn 1 px (the screen-reader-only pattern) is announced, not shown: reported as
  // 'announced', which only a claim that it was announced counts (never a toast anyone saw).
  function announce(e) {
    const text = norm(textOf(e)).slice(0, 500);
    if (!text) { heard.delete(e); return; }
    if (heard.get(e) === text) return;
    heard.set(e, text);
    send({type: 'seen', kind: 'announced', text});
  }
  function consider(e) {
    const kind = kindOf(e);
    if (!shown(e)) {
      last.delete(e);
      if (kind !== 'dialog' && visible(e)) announce(e);
      if (e.isConnected && norm(e.textContent) && !pending.has(e)) pending.set(e, Date.now() + 2000);
      return;
    }
    pending.delete(e);
    let text = norm(textOf(e));
    if (!text) { last.delete(e); return; }
    if (text.length > 500) text = kind === 'log' ? '…' + text.slice(-499) : text.slice(0, 499) + '…';
    if (last.get(e) === text) return;
    last.set(e, text);
    send({type: 'seen', kind, text});
  }
  let timer = 0;
  function schedule() {
    if (timer || !pending.size) return;
    timer = setTimeout.call(window, () => {
      timer = 0;
      const now = Date.now();
      for (const [e, until] of [...pending]) { if (now > until) pending.delete(e); else consider(e); }
      schedule();
    }, 100);
  }

  const escape = (p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const edge = /[\p{L}\p{N}]/u;
  const patterns = (config.patterns || []).filter(Boolean).map((p) =>
    (edge.test(p[0]) ? '(?<![\\p{L}\\p{N}])' : '') + escape(p) +
    (edge.test(p[p.length - 1]) ? '(?![\\p{L}\\p{N}])' : ''));
  const errorText = patterns.length ? new RegExp(patterns.join('|'), 'gu') : null;
  const flagged = new Set();
  function check(text) {
    errorText.lastIndex = 0;
    for (let m = errorText.exec(text); m; m = errorText.exec(text)) {
      const stop = m.index + m[0].length;  // the line it is on (innerText breaks lines between blocks)
      const from = Math.max(text.lastIndexOf('\n', m.index) + 1, m.index - 60);
      const line = text.indexOf('\n', stop);
      const around = norm(text.slice(from, Math.min(line < 0 ? text.length : line, stop + 60)));
      const key = m[0] + '\u0000' + around;
      if (flagged.has(key) || flagged.size >= 200) continue;
      flagged.add(key);
      send({type: 'error_text', pattern: m[0], text: around});
    }
  }
  const rendered = (e) => e && !e.closest(NEVER) && visible(e);
  const wasVisible = new WeakMap();

  const mo = new MutationObserver(onMutations);
  const OPTIONS = {subtree: true, childList: true, characterData: true, attributes: true,
    attributeFilter: ['hidden', 'class', 'style', 'open', 'aria-hidden', 'role', 'aria-live']};
  let ready = false;
  function observe(root) {
    if (observed.has(root)) return;
    observed.add(root);
    roots.push(root);
    mo.observe(root, OPTIONS);
    if (ready && root !== document) for (const e of root.querySelectorAll(ANY)) consider(e);
  }
  function shadowRootsIn(node) {  // open shadow roots at or under an element or root
    const walk = (root) => {
      for (const e of root.querySelectorAll('*')) {
        if (e.shadowRoot) { observe(e.shadowRoot); walk(e.shadowRoot); }
      }
    };
    if (node.shadowRoot) { observe(node.shadowRoot); walk(node.shadowRoot); }
    walk(node);
  }

  function onMutations(records) {
    if (!ready) return;
    const regions = new Set();
    const scan = new Set();
    for (const r of records) {
      const region = regionOf(r.target);
      if (region) regions.add(region);
      if (r.type === 'childList') {
        for (const n of r.addedNodes) {
          if (n.nodeType === 3) { if (errorText) scan.add(n); continue; }
          if (n.nodeType !== 1) continue;
          shadowRootsIn(n);
          if (n.matches(ANY)) regions.add(n);
          for (const e of n.querySelectorAll(ANY)) regions.add(e);
          if (errorText) scan.add(n);
        }
      } else if (r.type === 'characterData') {
        if (errorText) scan.add(r.target);
      } else if (r.target.nodeType === 1) {
        for (const e of r.target.querySelectorAll(ANY)) regions.add(e);
        if (errorText) {  // read when it turns visible (a class or style change shows it), not on each change
          const now = visible(r.target);
          if (now && wasVisible.get(r.target) !== true) scan.add(r.target);
          wasVisible.set(r.target, now);
        }
      }
    }
    for (const e of regions) consider(e);
    for (const n of scan) {
      // Only the outermost changed node of a subtree is read (one read per added list, not per item).
      let covered = false;
      for (let up = n.parentNode; up && !covered; up = up.parentNode) covered = scan.has(up);
      if (covered) continue;
      if (n.nodeType === 3) { if (rendered(elementOf(n))) check(n.data); }
      else if (rendered(n)) check(textOf(n));
    }
    schedule();
  }

  function current() {
    if (!ready) shadowRootsIn(document);
    const out = [];
    for (const root of roots) {
      for (const e of root.querySelectorAll(ANY)) {
        if (shown(e)) out.push({kind: kindOf(e), text: norm(textOf(e)).slice(0, 500)});
        else if (kindOf(e) !== 'dialog' && visible(e) && norm(textOf(e))) {
          out.push({kind: 'announced', text: norm(textOf(e)).slice(0, 500)});
        }
      }
    }
    return out;
  }

  function start() {
    if (ready) return;
    ready = true;
    shadowRootsIn(document);
    for (const root of roots) for (const e of root.querySelectorAll(ANY)) consider(e);
    if (errorText && document.body && rendered(document.body)) check(textOf(document.body));
    schedule();
  }
  // Regions are judged once styles apply: before that a region the stylesheet hides would look shown.
  const styled = () => [...document.querySelectorAll('link[rel~=stylesheet]')].every((l) => l.sheet);
  observe(document);
  if (document.readyState === 'complete') start();
  else {
    window.addEventListener('load', start, {once: true});
    document.addEventListener('DOMContentLoaded', () => { if (styled()) start(); }, {once: true});
    if (document.readyState === 'interactive' && styled()) start();
  }
}
