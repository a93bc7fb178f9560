// autoqa-py's in-page library (see autoqa/tools/page_scripts.py): one expression, evaluated once per
// document and kept under a symbol on its window.
(() => {

const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();
const fold = (s) => norm(s).normalize('NFKC').toLowerCase();
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/;
const SKIP = new Set(['script', 'style', 'noscript', 'template', 'head', 'meta', 'link', 'title', 'base']);
// Never rendered, whatever the page's CSS: not text, names or candidates (an SVG <title> is a name).
const NEVER = 'head, script, style, noscript, template, title:not(svg title), meta, link, base';
const UNRENDERED = `${NEVER}, iframe`;  // an iframe's own text is fallback markup; its document is searched
const ELEMENTS = `:not(html, body, slot, ${NEVER}, :is(${NEVER}) *)`;
const CHECKABLE = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio']);
const ROWS = 'li, tr, [role=row], [role=listitem], [role=option], [role=treeitem]';
const INTERACTIVE = new Set(['button', 'link', 'textbox', 'searchbox', 'checkbox', 'radio', 'combobox',
  'listbox', 'option', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'tab', 'switch', 'slider',
  'spinbutton', 'treeitem', 'gridcell']);
const NAME_FROM_CONTENT = new Set(['button', 'link', 'checkbox', 'radio', 'option', 'menuitem',
  'menuitemcheckbox', 'menuitemradio', 'tab', 'switch', 'treeitem', 'heading', 'cell', 'gridcell',
  'columnheader', 'rowheader', 'tooltip', 'row']);
const CONTAINERS = 'li, tr, article, section, form, fieldset, dialog, [role=listitem], [role=row], ' +
  '[role=dialog], [role=group], [role=region], [role=article]';
const styleOf = (e) => e.ownerDocument.defaultView.getComputedStyle(e);

function isVisible(e) {
  const style = styleOf(e);
  if (style.display === 'contents') {
    for (const child of e.children) if (isVisible(child)) return true;
    return false;
  }
  if (e.checkVisibility && !e.checkVisibility()) return false;
  const rect = e.getBoundingClientRect();
  return rect.width > 0 && rect.height > 0 && style.visibility === 'visible';
}

function roleOf(e) {
  const explicit = (e.getAttribute('role') || '').trim().split(/\s+/)[0];
  if (explicit && explicit !== 'none' && explicit !== 'presentation') return explicit;
  const tag = e.localName;
  if (tag === 'a' || tag === 'area') return e.hasAttribute('href') ? 'link' : null;
  if (tag === 'button') return 'button';
  if (tag === 'input') {
    const type = (e.getAttribute('type') || 'text').toLowerCase();
    if (type === 'hidden') return null;
    if (['button', 'submit', 'reset', 'image', 'file'].includes(type)) return 'button';
    if (type === 'checkbox') return 'checkbox';
    if (type === 'radio') return 'radio';
    if (type === 'range') return 'slider';
    if (type === 'number') return 'spinbutton';
    if (type === 'search') return e.hasAttribute('list') ? 'combobox' : 'searchbox';
    return e.hasAttribute('list') ? 'combobox' : 'textbox';
  }
  if (tag === 'textarea') return 'textbox';
  if (tag === 'select') return (e.multiple || e.size > 1) ? 'listbox' : 'combobox';
  if (tag === 'option') return 'option';
  if (/^h[1-6]$/.test(tag)) return 'heading';
  if (tag === 'img') return e.getAttribute('alt') === '' ? null : 'img';
  if (tag === 'dialog') return 'dialog';
  if (tag === 'nav') return 'navigation';
  if (tag === 'main') return 'main';
  if (tag === 'ul' || tag === 'ol') return 'list';
  if (tag === 'li') return 'listitem';
  if (tag === 'table') return 'table';
  if (tag === 'tr') return 'row';
  if (tag === 'td') return 'cell';
  if (tag === 'th') return 'columnheader';
  if (tag === 'iframe') return 'iframe';
  if (tag === 'summary') return 'button';
  if (e.isContentEditable && e.hasAttribute('contenteditable')) return 'textbox';
  return null;
}

const FIELDS = new Set(['input', 'textarea', 'select']);

// The flat tree a person sees: a shadow host shows its shadow root, a <slot> the nodes assigned to it
// (its fallback content when none are).
function composedChildren(node) {
  if (node.localName === 'slot') {
    const assigned = node.assignedNodes({flatten: true});
    if (assigned.length) return assigned;
  }
  return node.shadowRoot ? node.shadowRoot.childNodes : node.childNodes;
}

// Whether a document has open shadow roots; the plain DOM walks (innerText, textContent) are exact and
// fast without them, so only such documents pay for walking the flat tree.
let shadowCache = new Map();  // reset with nameCache
function hasShadow(doc) {
  if (!shadowCache.has(doc)) {
    let found = false;
    for (const e of doc.querySelectorAll('*')) if (e.shadowRoot) { found = true; break; }
    shadowCache.set(doc, found);
  }
  return shadowCache.get(doc);
}

// Rendered text of the flat tree, one line per block: what innerText gives, through open shadow roots
// and slots, in rendered order. Fields' values are not text (as with innerText).
function shownText(node, shown) {
  let out = '';
  for (const child of composedChildren(node)) {
    if (child.nodeType === 3) { if (shown) out += child.nodeValue; continue; }
    if (child.nodeType !== 1 || SKIP.has(child.localName) || FIELDS.has(child.localName)) continue;
    const style = styleOf(child);
    if (style.display === 'none') continue;
    const inner = shownText(child, style.visibility === 'visible');
    out += style.display.startsWith('inline') || style.display === 'contents' ? inner : '\n' + inner + '\n';
  }
  return out;
}

function contentText(node, skip) {
  let out = '';
  for (const child of composedChildren(node)) {
    if (child.nodeType === 3) { out += child.nodeValue; continue; }
    if (child.nodeType !== 1 || child === skip || SKIP.has(child.localName)) continue;
    if (child.getAttribute('aria-hidden') === 'true') continue;
    const style = styleOf(child);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    const label = child.getAttribute('aria-label');
    if (label && norm(label)) { out += ' ' + label + ' '; continue; }
    if (child.localName === 'img') { out += ' ' + (child.getAttribute('alt') || '') + ' '; continue; }
    if (FIELDS.has(child.localName)) continue;
    const inline = style.display.startsWith('inline');
    const inner = contentText(child, skip);
    out += inline ? inner : ' ' + inner + ' ';
  }
  return norm(out);
}

function labelText(e) {
  const ids = (e.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean);
  const root = e.getRootNode();
  const parts = ids.map((id) => root.getElementById ? root.getElementById(id) : null)
    .filter(Boolean).map((el) => contentText(el, e));
  if (norm(parts.join(' '))) return norm(parts.join(' '));
  if (e.labels && e.labels.length) return norm([...e.labels].map((l) => contentText(l, e)).join(' '));
  return '';
}

let nameCache = new Map();  // reset by every entry point: the DOM changes between calls
function nameOf(e) {
  if (nameCache.has(e)) return nameCache.get(e);
  let name = labelText(e);
  const tag = e.localName;
  const type = (e.getAttribute('type') || '').toLowerCase();
  if (!name) name = norm(e.getAttribute('aria-label'));
  if (!name && tag === 'input' && ['button', 'submit', 'reset'].includes(type))
    name = norm(e.value) || (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '');
  if (!name && (tag === 'img' || tag === 'area' || (tag === 'input' && type === 'image')))
    name = norm(e.getAttribute('alt'));
  if (!name && (NAME_FROM_CONTENT.has(roleOf(e)) || tag === 'label' || tag === 'legend'))
    name = contentText(e);
  if (!name) name = norm(e.getAttribute('title'));
  if (!name && (tag === 'input' || tag === 'textarea')) name = norm(e.getAttribute('placeholder'));
  nameCache.set(e, name);
  return name;
}

// The element's text as the page renders it: textContent without never-rendered markup (a Handlebars
// template in a <script>, a <template>, <style>, <noscript>, a <title> in the body). Hidden text is kept:
// display:none content still counts as "present but hidden".
let textCache = new Map();  // reset with nameCache
function rawText(e) {
  if (textCache.has(e)) return textCache.get(e);
  let out = '';
  if (e.matches(UNRENDERED)) out = '';
  else if (!hasShadow(e.ownerDocument) && !e.querySelector(UNRENDERED)) out = e.textContent;
  else for (const child of composedChildren(e)) {
    if (child.nodeType === 3) out += child.nodeValue;
    else if (child.nodeType === 1) out += rawText(child);
  }
  textCache.set(e, out);
  return out;
}
function textOf(e) { return norm(rawText(e)); }

// A checkbox, radio or switch with no name of its own, as a person reads it: a <label> right beside it
// that labels nothing else, or the text of its row when it is the row's only such control (TodoMVC:
// <li><input class=toggle type=checkbox><label>feed the cat</label></li>).
const CHECKABLES = 'input[type=checkbox], input[type=radio], [role=checkbox], [role=radio], [role=switch], ' +
  '[role=menuitemcheckbox], [role=menuitemradio]';
let rowCache = new Map();  // reset with nameCache
function rowNameOf(e) {
  if (rowCache.has(e)) return rowCache.get(e);
  let name = '';
  if (CHECKABLE.has(roleOf(e))) {
    for (const sib of [e.nextElementSibling, e.previousElementSibling]) {
      if (!name && sib && sib.localName === 'label' && !sib.control) name = contentText(sib);
    }
    const row = !name && e.parentElement ? e.parentElement.closest(ROWS) : null;
    if (row && row.querySelectorAll(CHECKABLES).length === 1) {
      const text = contentText(row);
      if (text.length <= 200) name = text;
    }
  }
  rowCache.set(e, name);
  return name;
}

const NOT_TYPED = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'image', 'file', 'range',
  'color', 'hidden']);
function typesText(e) {
  if (e.localName === 'textarea') return true;
  if (e.localName === 'input') return !NOT_TYPED.has((e.getAttribute('type') || 'text').toLowerCase());
  return e.isContentEditable;
}

function resetCaches() {
  nameCache = new Map(); textCache = new Map(); rowCache = new Map(); shadowCache = new Map();
}

function stateOf(e) {
  const tag = e.localName;
  const type = (e.getAttribute('type') || '').toLowerCase();
  let checked = null, checkedVia = null;
  if (tag === 'input' && (type === 'checkbox' || type === 'radio')) [checked, checkedVia] = [e.checked, 'checked'];
  else if (e.hasAttribute('aria-checked')) [checked, checkedVia] = [e.getAttribute('aria-checked') === 'true', 'checked'];
  // A toggle button says it with aria-pressed, which Playwright's checked state does not read: its own signal.
  else if (e.hasAttribute('aria-pressed')) [checked, checkedVia] = [e.getAttribute('aria-pressed') === 'true', 'aria-pressed'];
  let value = null;
  let selected = null;
  if (tag === 'input' || tag === 'textarea' || tag === 'select') value = e.value;
  else if (e.isContentEditable) value = e.innerText;
  if (tag === 'select') selected = [...e.selectedOptions].map((o) => norm(o.label || o.textContent));
  const disabled = (typeof e.matches === 'function' && e.matches(':disabled')) ||
    !!e.closest('[aria-disabled="true"]');
  return {visible: isVisible(e), enabled: !disabled, checked, checkedVia, value, selected,
          classes: [...(e.classList || [])].slice(0, 50),
          fileInput: tag === 'input' && type === 'file', select: tag === 'select',
          aria: ariaStates(e, checked, checkedVia)};
}

// Selected / expanded / pressed / current / invalid as the page says them: ARIA first, then the native element
// (option, details), then — for selected only — the class names apps use for the chosen filter or tab
// (TodoMVC's <a class="selected">). null: the element does not say (a claim about it cannot be proved).
const CHOSEN_CLASSES = ['selected', 'active', 'current', 'is-selected', 'is-active', 'is-current', 'chosen'];
const CHOSEN = CHOSEN_CLASSES.map((c) => '.' + c).join(', ') + ', [aria-current]:not([aria-current=false])';
// A missing class says "not chosen" only where the element's group marks its chosen member that way
// (a filter bar with one .selected link); in a group that marks nothing, the page says nothing.
function groupMarksChoice(e) {
  let a = e.parentElement;
  for (let i = 0; a && i < 3 && !a.matches('body, main, [role=main]'); i++, a = a.parentElement) {
    if (a.querySelector(CHOSEN)) return true;
  }
  return false;
}
function ariaStates(e, checked, checkedVia) {
  const attr = (name) => e.getAttribute(name);
  const tag = e.localName;
  const chosenClass = CHOSEN_CLASSES.some((c) => e.classList.contains(c));
  const isCurrent = attr('aria-current') !== null && attr('aria-current') !== 'false';
  const via = {};
  let selected = null;
  if (attr('aria-selected') !== null) [selected, via.selected] = [attr('aria-selected') === 'true', 'aria'];
  else if (checked !== null) [selected, via.selected] = [checked, checkedVia];
  else if (tag === 'option') [selected, via.selected] = [e.selected, 'option'];
  else if (attr('aria-current') !== null) [selected, via.selected] = [isCurrent, 'aria-current'];
  else if (chosenClass || groupMarksChoice(e)) [selected, via.selected] = [chosenClass, 'class'];
  let expanded = null;
  if (attr('aria-expanded') !== null) [expanded, via.expanded] = [attr('aria-expanded') === 'true', 'aria'];
  else if (tag === 'details') [expanded, via.expanded] = [e.open, 'open'];
  const pressed = attr('aria-pressed') === null ? null : attr('aria-pressed') === 'true';
  via.pressed = 'aria';
  let current = null;
  if (attr('aria-current') !== null) [current, via.current] = [isCurrent, 'aria-current'];
  else if (chosenClass || groupMarksChoice(e)) [current, via.current] = [chosenClass, 'class'];
  // Invalid as the page marks it for assistive tech (aria-invalid: anything but "false" or ""), else the
  // browser's own constraint validation of a form field (:invalid: a required field left empty, a bad email).
  let invalid = null;
  const ariaInvalid = attr('aria-invalid');
  if (ariaInvalid !== null) [invalid, via.invalid] = [!['false', ''].includes(ariaInvalid), 'aria-invalid'];
  else if (e.willValidate) [invalid, via.invalid] = [e.matches(':invalid'), 'validity'];
  return {selected, expanded, pressed, current, invalid, via};
}

function cssIn(e) {
  const root = e.getRootNode();
  const parts = [];
  let cur = e;
  while (cur && cur.nodeType === 1) {
    if (cur.id && root.querySelectorAll('#' + CSS.escape(cur.id)).length === 1) {
      parts.unshift('#' + CSS.escape(cur.id));
      break;
    }
    const tag = CSS.escape(cur.localName);
    if (tag === 'html' || tag === 'body') { parts.unshift(tag); cur = cur.parentElement; continue; }
    const parent = cur.parentNode;
    const index = parent ? [...parent.children].indexOf(cur) + 1 : 1;
    parts.unshift(`${tag}:nth-child(${index})`);
    cur = cur.parentElement;
  }
  const css = parts.join(' > ');
  return root.host ? cssIn(root.host) + ' >> ' + css : css;
}

function contextOf(e) {
  const box = e.parentElement ? e.parentElement.closest(CONTAINERS) : null;
  if (!box) return null;
  const heading = box.querySelector('h1, h2, h3, h4, h5, h6, [role=heading]');
  const text = heading && heading !== e ? textOf(heading) : (rowLabel(box, e) || textOf(box));
  return text ? text.slice(0, 60) : null;
}
// A row's or item's own label: its first piece of text outside ``e`` (a table row's title cell, a to-do's
// label), so a candidate reads "in "SPQR"" — a scope a step can write — not the row's run-together text.
function rowLabel(box, e) {
  if (!box.matches('tr, li, [role=row], [role=listitem]')) return null;
  for (const leaf of box.querySelectorAll('*')) {
    if (leaf.children.length || leaf === e || composedContains(e, leaf) || composedContains(leaf, e)) continue;
    const text = textOf(leaf);
    if (text) return text;
  }
  return null;
}

// ``full`` for candidates shown to a model; the success path sends only what the tool needs, because
// every field is validated by Playwright's protocol layer in Python (measurable on the hot path).
function describe(e, frame, full, withState, nameFn) {
  const out = {role: roleOf(e), name: (nameFn || nameOf)(e).slice(0, 100), css: cssIn(e), frame};
  if (full) Object.assign(out, {text: textOf(e).slice(0, 100), tag: e.localName, context: contextOf(e)});
  else if (!out.role) out.tag = e.localName;  // how the match is reported: `label "…"`, not `""`
  if (full || withState) out.state = stateOf(e);
  return out;
}

// ``inner`` is inside ``outer`` in the flat tree (Node.contains stops at shadow boundaries).
function composedContains(outer, inner) {
  for (let n = inner; n; n = n.parentNode || n.host) if (n === outer) return true;
  return false;
}

// Every element a description may match: never <html>/<body>, nothing inside never-rendered markup, and
// no <slot> (it has no box: the element around it shows what it holds).
function* elementsOf(root) {
  if (!root) return;  // a document being replaced by a navigation
  for (const e of root.querySelectorAll(ELEMENTS)) {
    yield e;
    if (e.shadowRoot) yield* elementsOf(e.shadowRoot);
  }
}

// The main document first, then same-origin iframes (cross-origin ones have no contentDocument).
function documents() {
  const out = [];
  const visit = (doc, path) => {
    out.push({doc, path});
    for (const frame of doc.querySelectorAll('iframe, frame')) {
      let inner = null;
      try { inner = frame.contentDocument; } catch (err) { inner = null; }
      if (inner && inner.documentElement) visit(inner, [...path, cssIn(frame)]);
    }
  };
  visit(document, []);
  return out;
}

function find(args) {
resetCaches();

function wordsOf(text) { return text.split(/[^\p{L}\p{N}]+/u).filter(Boolean); }
// id, name and class of an element as words: "new-todo", "new_todo" and "newTodo" are all "new todo".
function attributeWords(e) {
  const raw = [e.id, e.getAttribute('name'), ...e.classList].filter(Boolean);
  return raw.map((v) => fold(v.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]+/g, ' ')));
}
function tokenHits(token, folded, words) {
  if (CJK.test(token)) return folded.includes(token);
  return words.some((w) => w === token || (token.length >= 3 && w.startsWith(token)));
}
function deepest(matches) {
  return matches.filter((e) => !matches.some((o) => o !== e && composedContains(e, o)));
}
function interactive(e) { return INTERACTIVE.has(roleOf(e)); }

// What the action can act on (fill: editable fields, set_checked: checkables, …): a filter for every pass.
const acts = args.acts ? {roles: new Set(args.acts.roles), editable: !!args.acts.editable} : null;
// A range input takes a typed value too (fill sets it); a slider drawn without one does not.
const isRange = (e) => e.localName === 'input' && (e.getAttribute('type') || '').toLowerCase() === 'range';
const actable = (e) => !acts || (acts.roles.has(roleOf(e)) && (!acts.editable || typesText(e) || isRange(e)));

// "… for 'Backpack'", "… in the 'feed the cat' row", "… in the 'By genre' filter": the element must be
// in a region of that name (aria-label / aria-labelledby, or the nearest heading, legend or caption before
// it) or share a row with that text: the lowest common ancestor of the element and the text holds both,
// unless they sit in different rows of a list (sibling li / tr / rows, or repeated siblings of one tag and
// class) or in different page sections. Matches named by the exact text beat those that only contain it.
const within = args.within ? fold(args.within) : null;
// "… in row=1", "… in item=2:article": inside that item of the page's main list or table (collection).
function itemAt(a) {
  const picked = pickList(a);
  if (picked.status !== 'found') return {item: null, status: picked.status};
  const items = shown(picked.list);
  const item = (a.position > 0 ? items[a.position - 1] : items[items.length + a.position]) || null;
  return {item, status: item ? 'found' : 'short', count: items.length,
    collection: {css: cssIn(picked.list), items: itemsSel(picked.list), position: a.position, list: picked.name}};
}
const inItem = args.inItem ? itemAt(args.inItem) : null;
const scoping = !!within || !!inItem;
const HEADINGS = 'h1, h2, h3, h4, h5, h6, legend, caption, summary, [role=heading]';
const ROWLIKE = 'li, tr, article, [role=row], [role=listitem], [role=option], [role=treeitem], [role=article]';
const CELLS = 'td, th, [role=cell], [role=gridcell], [role=columnheader], [role=rowheader]';
const SECTIONS = 'header, footer, nav, aside, main, section, form, [role=banner], [role=contentinfo], ' +
  '[role=navigation], [role=complementary], [role=main], [role=region], [role=form], [role=dialog]';
const up = (n) => {
  const p = n.parentNode;
  return p && p.nodeType === 11 ? p.host : p;
};
function childToward(anc, n) {
  let c = n;
  while (c && up(c) !== anc) c = up(c);
  return c;
}
function lowestCommon(a, b) {
  const seen = new Set();
  for (let n = a; n && n.nodeType === 1; n = up(n)) seen.add(n);
  for (let n = b; n && n.nodeType === 1; n = up(n)) if (seen.has(n)) return n;
  return null;
}
function differentRows(a, b, parent) {
  if (a.matches(SECTIONS) || b.matches(SECTIONS)) return true;
  if (a.matches('thead, tbody, tfoot') && b.matches('thead, tbody, tfoot')) return true;  // header vs body
  if (a.matches(CELLS) || b.matches(CELLS)) return false;
  if (a.matches(ROWLIKE) && b.matches(ROWLIKE)) return true;
  if (a.localName !== b.localName || a.className !== b.className) return false;
  return [...(parent.shadowRoot || parent).children].filter((c) => c.localName === a.localName).length > 1;
}
let holderCache = null;
function holders() {  // the innermost elements whose text holds the scope's text, exact ones first
  if (holderCache) return holderCache;
  const hits = [];
  for (const {doc} of documents()) {
    for (const e of elementsOf(doc.documentElement)) if (fold(textOf(e)).includes(within)) hits.push(e);
  }
  const inner = deepest(hits);
  const exact = inner.filter((e) => fold(textOf(e)) === within);
  holderCache = {exact, partial: inner.filter((e) => !exact.includes(e))};
  return holderCache;
}
function headingBefore(child) {  // the nearest heading among the siblings before ``child`` (or null)
  for (let s = child.previousElementSibling; s; s = s.previousElementSibling) {
    if (s.matches(HEADINGS)) return s;
    if (s.children.length === 1 && s.children[0].matches(HEADINGS)) return s.children[0];
  }
  return null;
}
// A scope named "dialog" ("Click "Confirm" in the dialog"): the open dialog, modal or popup around it.
const OPEN_DIALOGS = 'dialog[open], [role=dialog], [role=alertdialog], [aria-modal=true]';
const DIALOG_SCOPES = new Set(['dialog', 'modal', 'popup', 'pop-up']);
// The one region the page names as the scope (named_region.js: also by id, class or test id, as
// "Click "2" in the pagination" names <ul class="pagination">), found once per call.
let scopeRegionCache;
function scopeRegion() {
  if (scopeRegionCache === undefined) scopeRegionCache = namedRegion(args.within).region || null;
  return scopeRegionCache;
}
function inNamedRegion(m) {
  const region = scopeRegion();
  if (region && region !== m && composedContains(region, m)) return true;
  let child = m;
  for (let a = up(m); a && a.nodeType === 1; a = up(a)) {
    if (DIALOG_SCOPES.has(within) && a.matches(OPEN_DIALOGS)) return true;
    const label = labelText(a) || norm(a.getAttribute('aria-label'));
    if (label && fold(label) === within) return true;
    const heading = headingBefore(child);
    if (heading && fold(textOf(heading)) === within) return true;
    child = a;
  }
  return false;
}
// The name of the innermost named region holding ``m``, as inNamedRegion reads a scope: an ambiguity can
// then offer a clause that picks one match when their rows say nothing ("the "Archive" link in "Footer"").
function regionOf(m) {
  let child = m;
  for (let a = up(m); a && a.nodeType === 1; a = up(a)) {
    const label = labelText(a) || norm(a.getAttribute('aria-label'));
    if (label) return label.slice(0, 60);
    const heading = headingBefore(child);
    if (heading && textOf(heading)) return textOf(heading).slice(0, 60);
    child = a;
  }
  return null;
}
// The smallest element holding ``m`` and one of the texts ``hs`` as one row (null: they share none).
function rowWith(m, hs) {
  let best = null;
  for (const h of hs) {
    let common = null;
    if (h === m || composedContains(m, h)) common = m;
    else if (composedContains(h, m)) common = h;
    else {
      common = lowestCommon(h, m);
      if (!common || common.matches('html, body, main, [role=main]')) continue;
      const toH = childToward(common, h), toM = childToward(common, m);
      if (differentRows(toH, toM, common)) continue;
      // A heading names what follows it up to the next heading: "By genre" does not hold the "By shelf" list.
      const heading = toH.matches(HEADINGS) ? toH
        : (toH.children.length === 1 && toH.children[0].matches(HEADINGS) ? toH.children[0] : null);
      if (heading && headingBefore(toM) !== heading) continue;
    }
    if (!best || composedContains(best, common)) best = common;
  }
  return best;
}
// Of matches that share a row with the text, those sharing a smaller one: the item's own checkbox, not
// the "toggle all" box that shares only the whole list component with it (web components draw no <main>
// or list rows between them, so the rules above cannot tell them apart).
function nearestRows(rows) {
  return rows.filter(([, row]) => !rows.some(([, other]) => other !== row && composedContains(row, other)));
}
// The matches inside the scope, best rank only (1: a named region or a row with the exact text; 2: a row
// whose text only contains it).
function scoped(matches) {
  if (inItem) return inItem.item ? matches.filter((m) => m !== inItem.item && composedContains(inItem.item, m)) : [];
  if (!within) return matches;
  const {exact, partial} = holders();
  const named = matches.filter(inNamedRegion);
  const rows = matches.filter((m) => !named.includes(m)).map((m) => [m, rowWith(m, exact)]).filter(([, r]) => r);
  const first = [...named, ...nearestRows(rows).map(([m]) => m)];
  if (first.length) return first;
  return nearestRows(matches.map((m) => [m, rowWith(m, partial)]).filter(([, r]) => r)).map(([m]) => m);
}

// One pass: a text to match and a role filter (see targets.py). ``kind``: all tiers, exact only, tokens only.
function matcher(pass) {
  const desc = norm(pass.text);
  const fdesc = fold(desc);
  const tokens = pass.tokens;
  const roles = new Set(pass.roles);
  const fits = (e) => !roles.size || roles.has(roleOf(e));
  const checkable = [...roles, ...(acts ? acts.roles : [])].some((r) => CHECKABLE.has(r));
  const nameFor = checkable ? (e) => nameOf(e) || rowNameOf(e) : nameOf;
  const anyText = !roles.size && !acts;  // elements without a role (text) may match

  function allTokens(text) {
    const folded = fold(text);
    const words = wordsOf(folded);
    return tokens.length > 0 && tokens.every((t) => tokenHits(t, folded, words));
  }
  function extraChars(text) {
    const used = tokens.reduce((n, t) => n + t.length, 0);
    return Math.max(0, fold(text).replace(/[^\p{L}\p{N}]/gu, '').length - used);
  }
  function textEquals(e, wanted, folded) {
    const t = textOf(e);
    if (!t || t.length > wanted.length * 2 + 20) return false;
    return folded ? fold(t) === wanted : t === wanted;
  }

  const TIERS = [
    ['test_id', (e) => e.getAttribute(args.testId) === desc, false],
    ['role', (e) => interactive(e) && nameFor(e) === desc, false],
    ['role_ci', (e) => interactive(e) && fold(nameFor(e)) === fdesc, false],
    ['label', (e) => { const l = labelText(e); return !!l && fold(l) === fdesc; }, false],
    ['placeholder', (e) => fold(e.getAttribute('placeholder')) === fdesc && !!fdesc, false],
    ['alt_title', (e) => !!fdesc && (fold(e.getAttribute('alt')) === fdesc ||
       fold(e.getAttribute('title')) === fdesc), false],
    ['text', (e) => textEquals(e, desc, false), true],
    ['text_ci', (e) => textEquals(e, fdesc, true), true],
    ['name', (e) => roleOf(e) !== null && !!fdesc && fold(nameFor(e)) === fdesc, false],
    // Last: a control with no accessible name at all, named only by its developer's words (TodoMVC's
    // <input class="edit">, <button class="destroy">): "the edit field", "the destroy button".
    ['attribute', (e) => !!fdesc && interactive(e) && !nameFor(e) && attributeWords(e).includes(fdesc), false],
  ];

  function exactIn(all) {
    const els = roles.size ? all.filter(fits) : all;
    if (!desc) {
      // A role alone ("the checkbox in the 'feed the cat' row") names an element only inside a scope, or
      // by its place among the page's ones ("the first checkbox").
      if ((!scoping && !args.position) || !roles.size) return null;
      const matches = scoped(els);
      const visible = matches.filter(isVisible);
      if (!matches.length) return null;
      return visible.length ? {tier: 'role_in', matches: visible, hidden: false}
        : {tier: 'role_in', matches, hidden: true};
    }
    let fallback = null;
    for (const [tier, pred, leafOnly] of TIERS) {
      let matches = scoped(els.filter(pred));
      if (!matches.length) continue;
      if (leafOnly) matches = deepest(matches);
      const visible = matches.filter(isVisible);
      if (visible.length) return {tier, matches: visible, hidden: false};
      if (!fallback) fallback = {tier, matches, hidden: true};
    }
    return fallback;
  }

  function tokenTier(all) {
    if (!tokens.length) return null;
    const els = roles.size ? all.filter(fits) : all;
    let scored = [];
    for (const e of els.filter((x) => roleOf(x) !== null)) {
      const name = nameFor(e);
      if (name && allTokens(name)) scored.push({e, rank: [interactive(e) ? 0 : 1, extraChars(name)]});
    }
    if (anyText) {
      const inside = (e) => scored.some((s) => composedContains(s.e, e));
      const texts = deepest(els.filter((e) => roleOf(e) === null && allTokens(textOf(e))));
      for (const e of texts) if (!inside(e)) scored.push({e, rank: [2, extraChars(textOf(e))]});
    }
    if (!scored.length) {
      // Last resort: the tokens spread over the element's name and its container ("Add to cart Backpack").
      for (const e of els.filter(interactive)) {
        const name = nameFor(e);
        const ctx = contextOf(e) || '';
        if (name && wordsOf(fold(name)).some((w) => tokens.some((t) => tokenHits(t, fold(name), [w])))
            && allTokens(name + ' ' + ctx)) scored.push({e, rank: [3, extraChars(name + ' ' + ctx)]});
      }
    }
    if (scoping) {
      const kept = new Set(scoped(scored.map((s) => s.e)));
      scored = scored.filter((s) => kept.has(s.e));
    }
    if (!scored.length) return null;
    const visible = scored.filter((s) => isVisible(s.e));
    const pool = visible.length ? visible : scored;
    pool.sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1]);
    const best = pool.filter((s) => s.rank[0] === pool[0].rank[0] && s.rank[1] === pool[0].rank[1]);
    const tier = ['token', 'token', 'token_text', 'token_context'][pool[0].rank[0]];
    return {tier, matches: best.map((s) => s.e), hidden: !visible.length};
  }

  // For ELEMENT_NOT_FOUND: how close a visible interactive element (or heading) comes to the description.
  function closeness(e) {
    const name = nameFor(e);
    if (!name) return 0;
    const folded = fold(name);
    const words = wordsOf(folded);
    const overlap = tokens.filter((t) => tokenHits(t, folded, words)).length;
    const score = overlap + similarity(folded, fdesc);
    return score > 0.3 && fits(e) && actable(e) ? score + 0.5 : score;  // what the filter wants first
  }

  // The kind the description asks for (its role words, else what the action acts on), for the fallback
  // candidates: a renamed "In stock" checkbox is the "Available" checkbox, not a link that looks alike.
  const kinded = roles.size > 0 || !!acts;
  const sameKind = (e) => fits(e) && actable(e);

  // Last of all: a control whose only name is a hint, found by its developer's words (TodoMVC's new-todo
  // field is named by its placeholder, "What needs to be done?"; testers call it "the new todo field"). Only
  // when no name, label or text on the page says the description: the words must be one whole id, name or
  // class, and two words or more ("new todo", "toggle all"): one generic word ("note", "primary") would find
  // a control whose own name was meant to be that word. Never a labelled control: a field relabelled
  // "Zip code" is no longer the "Postal code" field a step names, whatever its id (an app change to report).
  const hintNamed = (e) => !labelText(e) && !e.getAttribute('aria-label') && !!nameFor(e);
  function developerWords(all) {
    if (!fdesc || !fdesc.includes(' ')) return null;
    const els = roles.size ? all.filter(fits) : all;
    const matches = scoped(els.filter((e) => interactive(e) && hintNamed(e) && attributeWords(e).includes(fdesc)));
    if (!matches.length) return null;
    const visible = matches.filter(isVisible);
    return {tier: 'attribute_named', matches: visible.length ? visible : matches, hidden: !visible.length};
  }

  return {kind: pass.kind, exactIn, tokenTier, developerWords, closeness, nameFor, kinded, sameKind};
}

// Custom elements that draw something yet expose no open shadow root and no content of their own: they
// render inside a closed shadow root, which no script (ours or Playwright's) can read.
function sealedHosts(docs) {
  const out = [];
  for (const {doc} of docs) {
    const registry = doc.defaultView && doc.defaultView.customElements;
    for (const e of doc.querySelectorAll('*')) {
      if (out.length >= 3) return out;
      if (!e.localName.includes('-') || e.shadowRoot || e.childElementCount || norm(e.textContent)) continue;
      if (registry && registry.get(e.localName) && isVisible(e)) out.push(e.localName);
    }
  }
  return out;
}

function similarity(a, b) {
  const grams = (s) => {
    const g = [];
    for (let i = 0; i < s.length - 1; i++) g.push(s.slice(i, i + 2));
    return g;
  };
  const ga = grams(a), gb = grams(b);
  if (!ga.length || !gb.length) return a === b ? 1 : 0;
  const pool = [...gb];
  let hit = 0;
  for (const g of ga) { const i = pool.indexOf(g); if (i >= 0) { hit++; pool.splice(i, 1); } }
  return (2 * hit) / (ga.length + gb.length);
}

function closest(docs, main) {
  const scored = [];
  for (const {doc, path} of docs) {
    for (const e of elementsOf(doc.documentElement)) {
      if (!interactive(e) && roleOf(e) !== 'heading') continue;
      if (!isVisible(e) || (main.kinded && !main.sameKind(e))) continue;  // a kind asked for is kept
      const score = main.closeness(e);
      if (score > 0.3) scored.push({score, e, path});
    }
  }
  scored.sort((a, b) => b.score - a.score);
  return scored.slice(0, args.limit).map((s) => describe(s.e, s.path, true, false, main.nameFor));
}

// When nothing is similar: the visible elements of the kind asked for (role words or the action's), in the
// scope when the target names one (any control there when it names no kind), in page order —
// 'buttons in "SPQR": "Delete", "Edit"' says more than "nothing similar". (None is similar by name: that
// is why we are here, so no closeness order.)
function sameKind(docs, main) {
  if (!main.kinded && !scoping) return [];
  const found = [];
  for (const {doc, path} of docs) {
    for (const e of elementsOf(doc.documentElement)) {
      if (isVisible(e) && (main.kinded ? main.sameKind(e) : interactive(e))) found.push({e, path});
    }
  }
  const kept = new Set(scoped(found.map((f) => f.e)));
  const pool = scoping ? found.filter((f) => kept.has(f.e)) : found;
  return pool.slice(0, args.limit).map((f) => describe(f.e, f.path, true, false, main.nameFor));
}

const passes = args.passes.map(matcher);
const main = passes.find((p) => p.kind === 'all') || passes[0];
// Exact tiers in every document (main first, visible before hidden), pass by pass; then token matching.
const docs = documents().map((d) => ({...d, els: [...elementsOf(d.doc.documentElement)].filter(actable)}));
// Links to one place under one name (a breadcrumb and a sidebar both saying "Authors") are one choice for
// an action: clicking either goes to the same page.
const sameLink = (ms) => ms.length > 1 && ms.every((e) => e.localName === 'a' && e.href &&
  e.href === ms[0].href && fold(textOf(e)) === fold(textOf(ms[0])));
const oneLink = (found) => (args.sameLinks && sameLink(found.matches) ? {...found, matches: [found.matches[0]]}
  : found);
// "Click Search" beside a search box labelled "Search": a click on that name means the button (or link), not
// the box one types in (one clicks *into* a field: "click in the Search field" names its kind).
const TYPED_IN = new Set(['textbox', 'searchbox', 'spinbutton']);
const pressed = (found) => {
  if (!args.pressing || found.matches.length < 2) return found;
  const kept = found.matches.filter((e) => !TYPED_IN.has(roleOf(e)));
  return kept.length && kept.length < found.matches.length ? {...found, matches: kept} : found;
};
// "the second "Add to cart" button": that one of the equally good matches in reading order; fewer matches
// than the position is no match (``short``: how many there are), never another element.
const inOrder = (els) => [...els].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_PRECEDING ? 1 : -1));
const answer = (unmerged, path, pass) => {
  let found = pressed(oneLink(unmerged));
  if (args.position) {
    const all = inOrder(found.matches);
    const at = args.position > 0 ? args.position - 1 : all.length + args.position;
    if (at < 0 || at >= all.length) {
      return {status: 'none', tier: null, count: 0, hidden: false, matches: [], candidates: [],
              short: all.length, withinSeen: true};
    }
    found = {...found, matches: [all[at]]};
  } else if (found.matches.length > 1) {
    found = {...found, matches: inOrder(found.matches)};  // offered as "the first …", "the second …"
  }
  return ({
  ...(inItem ? {collection: inItem.collection} : {}),
  status: found.matches.length === 1 ? 'found' : 'ambiguous', tier: found.tier, count: found.matches.length,
  hidden: found.hidden,
  matches: found.matches.slice(0, found.matches.length === 1 ? 1 : args.limit)
    .map((e) => {
      const out = describe(e, path, found.matches.length > 1, !!args.state, pass.nameFor);
      // What else tells alike matches apart in a step: their region, their test id.
      return found.matches.length > 1 ? {...out, region: regionOf(e), testId: e.getAttribute(args.testId)} : out;
    })});
};
let hiddenExact = null;
for (const pass of passes) {
  if (pass.kind === 'tokens') continue;
  for (const {els, path} of docs) {
    const found = pass.exactIn(els);
    if (found && !found.hidden) return answer(found, path, pass);
    if (found && !hiddenExact) hiddenExact = answer(found, path, pass);
  }
}
if (hiddenExact) return hiddenExact;
for (const pass of passes) {
  if (pass.kind === 'exact') continue;
  for (const {els, path} of docs) {
    const found = pass.tokenTier(els);
    if (found) return answer(found, path, pass);
  }
}
for (const pass of passes) {
  if (pass.kind === 'tokens') continue;
  for (const {els, path} of docs) {
    const found = pass.developerWords(els);
    if (found) return answer(found, path, pass);
  }
}
const withinSeen = !within || holders().exact.length + holders().partial.length > 0;
const similar = closest(docs, main);
const ofKind = similar.length ? [] : sameKind(docs, main);
return {status: 'none', tier: null, count: 0, hidden: false, matches: [], candidates: similar.length ? similar : ofKind,
        sameKind: ofKind.length > 0, sealed: sealedHosts(docs), withinSeen,
        item: inItem ? {status: inItem.status, count: inItem.count} : null};
}

function describeAll(els, args) {
resetCaches();

const visible = els.filter(isVisible);
const pool = visible.length ? visible : els;
return {count: els.length, visibleCount: visible.length,
        matches: pool.slice(0, args.limit).map((e) => describe(e, [], true))};
}

function state(e) {
resetCaches();
return stateOf(e);
}

// A checkbox or radio a person cannot click itself is clicked through the label drawn for it, as a person
// clicks what they see: custom-styled controls draw the box with a label laid over the input (the click
// lands on the label), or leave a 1 px input beside a drawn chevron. Only a label that is the control's own
// (it labels this input, or nothing at all) and is visible stands in. Answers the label's XPath relation to
// the input (so replay and export find it from the input's locator), or null when the input takes clicks.
function labelStandIn(e) {
resetCaches();
if (e.localName !== 'input' || !['checkbox', 'radio'].includes((e.type || '').toLowerCase())) return null;
const own = (l) => l && l.localName === 'label' && (l.control === e || !l.control) && isVisible(l);
const found = [];
const outer = e.parentElement && e.parentElement.closest('label');
if (own(outer)) found.push([outer, 'ancestor::label[1]']);
if (own(e.nextElementSibling)) found.push([e.nextElementSibling, 'following-sibling::*[1][self::label]']);
if (own(e.previousElementSibling)) found.push([e.previousElementSibling, 'preceding-sibling::*[1][self::label]']);
if (!found.length) return null;
if (e.scrollIntoViewIfNeeded) e.scrollIntoViewIfNeeded(true);
const box = e.getBoundingClientRect();
if (box.width * box.height < 16) {  // too small to hit: the drawn label is what a person clicks
  const big = found.find(([l]) => { const r = l.getBoundingClientRect(); return r.width * r.height >= 16; });
  return big ? big[1] : null;
}
const root = e.getRootNode();
const hit = (root.elementFromPoint ? root : e.ownerDocument)
  .elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
if (!hit || hit === e || composedContains(e, hit)) return null;
const over = found.find(([l]) => l === hit || composedContains(l, hit));
return over ? over[1] : null;
}

// What a person clicks when a step clicks a list item by position ("Click the first job"): the middle of an
// item is often no link at all. The item's one visible link or button; of several, the one holding (or
// inside) the item's heading, its title; none: the item itself (a card the page makes clickable). Else
// ambiguous: the step must name the control. Answers the path from the item to the control (``:scope > …``,
// so replay and export click the same place of whichever item is at that position), or null for the item.
const ITEM_CONTROLS = 'a[href], button, [role=link], [role=button], summary';
function mainControl(item) {
  resetCaches();
  const controls = [...item.querySelectorAll(ITEM_CONTROLS)].filter((c) => isVisible(c) &&
    !c.parentElement.closest(ITEM_CONTROLS));
  let chosen = controls.length === 1 ? controls[0] : null;
  if (controls.length > 1) {
    const heading = item.querySelector('h1, h2, h3, h4, h5, h6, [role=heading]');
    const titled = heading ? controls.filter((c) => c.contains(heading) || heading.contains(c)) : [];
    if (titled.length !== 1) return {several: controls.slice(0, 5).map((c) => textOf(c).slice(0, 40))};
    chosen = titled[0];
  }
  if (!chosen) return {path: null};
  const steps = [];
  for (let n = chosen; n && n !== item; n = n.parentElement) {
    steps.unshift(`${CSS.escape(n.localName)}:nth-child(${[...n.parentElement.children].indexOf(n) + 1})`);
  }
  return {path: ':scope > ' + steps.join(' > '), name: textOf(chosen).slice(0, 60)};
}

// An element "reads" a text when its whole text is that text, give or take what the step did not write at
// its end: a closing sentence mark ("3 items left!"), an aside in brackets ("1 result (4 total)") or a
// message's close button ("Saved! ×"). "13 items left" does not read "3 items left", nor "Not saved"
// "saved". (export/statements.py writes the same rule as a regex for exported tests.)
const CLOSING_MARKS = /\s*[.!?…。！？]+$/;
const ASIDE = /\s*\([^()]*\)$/;
const CLOSE_GLYPH = /\s*[×✕✖✗]$/;
function reads(have, want) {
  if (have === want) return true;
  if (CLOSE_GLYPH.test(have) && !CLOSE_GLYPH.test(want)) have = have.replace(CLOSE_GLYPH, '');
  if (have === want) return true;
  const bare = have.replace(CLOSING_MARKS, '');
  return (!CLOSING_MARKS.test(want) && bare === want) || (!ASIDE.test(want) && bare.replace(ASIDE, '') === want);
}

// Text in never-rendered markup (templates in <script>, <template>, <style>, <noscript>, <title>) is not on
// the page at all: neither visible nor hidden.
function findText(args) {
resetCaches();

const wanted = args.exact ? norm(args.text) : fold(args.text);
const readsIt = args.whole ? (have) => have === wanted : (have) => reads(have, wanted);
// A number matched whole (autoqa/text_match.py: "312" is not shown by "3120").
const number = !args.exact && args.number ? new RegExp(args.number, 'i') : null;
const has = (t) => number ? number.test(fold(t)) : fold(t).includes(wanted);
let visible = 0, hidden = 0;
for (const {doc} of documents()) {
  const body = doc.body || doc.documentElement;
  if (!body) continue;
  const shadow = hasShadow(doc);
  if (args.within) {
    // Only in the elements ``within`` selects (autoqa/message_scope.py): each holding it counts once, the
    // outermost of nested ones.
    const scopes = [...elementsOf(body)].filter((e) => e.matches(args.within) &&
      (args.exact ? readsIt(textOf(e)) : has(textOf(e))));
    const outer = scopes.filter((e) => !scopes.some((o) => o !== e && composedContains(o, e)));
    for (const e of outer) {
      if (isVisible(e) && (args.exact || has(shadow ? shownText(e, true) : e.innerText))) visible++; else hidden++;
    }
    continue;
  }
  if (!args.exact) {
    if (has(shadow ? shownText(body, true) : body.innerText)) visible++;
    else if (has(textOf(body))) hidden++;
    continue;
  }
  if (!norm(shadow ? rawText(body) : body.textContent).includes(wanted)) continue;
  // A <slot> is where text is drawn, not an element that shows it: the element around it stands for it.
  const hits = [body, ...elementsOf(body)].filter((e) => e.localName !== 'slot' && readsIt(textOf(e)));
  const leaves = hits.filter((e) => !hits.some((o) => o !== e && composedContains(e, o)));
  for (const e of leaves) { if (isVisible(e)) visible++; else hidden++; }
}
return {visible, hidden};
}

function visibleLines(args) {

const lines = [];
for (const {doc} of documents()) {
  const body = doc.body || doc.documentElement;
  if (!body) continue;
  const text = hasShadow(doc) ? shownText(body, true) : body.innerText;
  for (const line of text.split('\n')) {
    const t = norm(line);
    if (t) lines.push(t.slice(0, 200));
    if (lines.length >= args.limit) return lines;
  }
}
return lines;
}

// What the user reads in one element (default: the main document's body), through open shadow roots and
// slots: the scope of assertions on text inside an element or in an order.
function renderedText(e) {
  resetCaches();
  const scope = e && e.nodeType === 1 ? e : (document.body || document.documentElement);
  if (!hasShadow(scope.ownerDocument)) return scope.innerText;
  return shownText(scope, styleOf(scope).visibility === 'visible');
}

// A field's own message ("the Email field shows the error "Required""): what the field names as describing
// it (aria-describedby, aria-errormessage), and the wrapper it alone sits in — the largest element around
// it holding no other form control (a form group: its label, the field, its hint and error). A flat form
// gives no field a wrapper of its own: then only what it names counts. ``found``: how many of the two.
const FORM_CONTROLS = 'input:not([type=hidden]), select, textarea, [contenteditable=""], [contenteditable=true], ' +
  '[role=textbox], [role=combobox], [role=searchbox], [role=spinbutton], [role=slider]';
function fieldNote(e) {
  resetCaches();
  const root = e.getRootNode();
  const ids = `${e.getAttribute('aria-describedby') || ''} ${e.getAttribute('aria-errormessage') || ''}`;
  const named = ids.split(/\s+/).filter(Boolean).map((id) => (root.getElementById ? root.getElementById(id) : null))
    .filter((d) => d && !composedContains(d, e));
  let group = null;
  for (let a = e.parentElement; a && !a.matches('form, fieldset, body, html, [role=form]'); a = a.parentElement) {
    if ([...a.querySelectorAll(FORM_CONTROLS)].some((c) => c !== e && !composedContains(e, c))) break;
    group = a;
  }
  const parts = [...named.filter((d) => !group || !group.contains(d)), ...(group ? [group] : [])];
  return {found: parts.length, text: parts.map((p) => renderedText(p)).join('\n'),
    css: group ? cssIn(group) : null};
}

// The rendered text of one element through open shadow roots and slots, without the per-call cache reset
// and document scan of renderedText: the page watcher (live_regions.js) reads small regions with it often.
function flatText(e) {
  return shownText(e, styleOf(e).visibility === 'visible');
}

function scrollBy([dx, dy]) {
  const root = document.scrollingElement || document.documentElement;
  const before = [window.scrollX, window.scrollY];
  window.scrollBy(dx, dy);
  let target = 'window';
  let box = root;
  if (window.scrollX === before[0] && window.scrollY === before[1]) {
    let e = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2);
    while (e && e !== root) {
      const style = getComputedStyle(e);
      const scrollsY = dy && /(auto|scroll)/.test(style.overflowY) && e.scrollHeight > e.clientHeight;
      const scrollsX = dx && /(auto|scroll)/.test(style.overflowX) && e.scrollWidth > e.clientWidth;
      if (scrollsY || scrollsX) { e.scrollBy(dx, dy); target = 'element'; box = e; break; }
      e = e.parentElement;
    }
  }
  const x = target === 'window' ? window.scrollX : box.scrollLeft;
  const y = target === 'window' ? window.scrollY : box.scrollTop;
  const maxY = box.scrollHeight - (target === 'window' ? window.innerHeight : box.clientHeight);
  const maxX = box.scrollWidth - (target === 'window' ? window.innerWidth : box.clientWidth);
  return {target, x: Math.round(x), y: Math.round(y), atTop: y <= 0, atBottom: y >= maxY - 1,
          atLeft: x <= 0, atRight: x >= maxX - 1};
}

function selectOptions(e) {
  return e.localName === 'select'
  ? [...e.options].map((o) => ({value: o.value, label: (o.label || o.textContent || '').trim()}))
  : null;
}

// The page's main list (autoqa/target_items.py): the one rendered list or table of repeated items outside
// navigation, header, footer, sidebars and menus; a list nested in another list's item is part of that
// item. Several left: those in <main> win; still several is ambiguous (the step must name one). Its items
// are found with ``items`` (a selector relative to the list), so Playwright finds the same ones on replay.
const LIST_ITEMS = ':scope > li, :scope > [role=listitem], :scope > [role=option], :scope > [role=treeitem]';
// Plain (non-relative) :has(), which Playwright's selector engine reads too: replay and export use these.
const TABLE_ROWS = ':scope > tbody > tr:has(td), :scope > tr:has(td), ' +
  ':scope [role=row]:has([role=cell], [role=gridcell])';
const TABLES = 'table, [role=table], [role=grid], [role=treegrid]';
const LISTS = `ul, ol, [role=list], [role=listbox], [role=tree], ${TABLES}`;
// Flash messages, form errors and notices as frameworks mark them (Django's messagelist and errorlist, Rails
// flash, Bootstrap alerts) or as live regions.
const MESSAGE_CLASS = /message|alert|error|flash|notice|notification|toast/i;
function messages(list) {
  if (list.matches('[role=status], [role=alert], [role=log], [aria-live]')) return true;
  return [...list.classList].some((c) => MESSAGE_CLASS.test(c));
}
function actionsOnly(list) {
  if (list.matches(TABLES)) return false;
  const items = [...list.querySelectorAll(LIST_ITEMS)];
  return items.length > 0 && items.every((item) => {
    const controls = [...item.querySelectorAll('a[href], button, [role=button], [role=link]')];
    return controls.length === 1 && textOf(controls[0]) === textOf(item);
  });
}
// Whether the page names ``list`` as holding the noun in ``forms`` ("recipe", "recipes"): in a word of its
// label, caption, heading, id, class or test id, an ancestor's (not <body>'s, which names the whole page),
// its first item's, every shown item's text, or the heading nearest before it. A word starts with the noun: "recipe-card",
// "recipeList", "Recipes (4)"; "my-recipes" too, after a separator or a lower-to-upper case change.
// Answers 2 when the list or its items name it, 1 when only the heading before it does (a page's title over
// several tables), 0 when nothing does.
const HEADINGS = 'h1, h2, h3, h4, h5, h6, [role=heading]';
const NAMING_ATTRS = ['id', 'class', 'aria-label', 'name', 'data-testid', 'data-test-id', 'data-test', 'data-qa',
  'data-cy', 'title'];
function holds(list, forms, items) {
  const escaped = forms.map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const word = new RegExp(`(^|[^a-z])(${escaped.join('|')})`, 'i');
  const says = (s) => !!s && word.test(String(s).replace(/([a-z])([A-Z])/g, '$1 $2'));
  const attrs = (e) => NAMING_ATTRS.some((a) => says(e.getAttribute(a)));
  const caption = list.querySelector(':scope > caption');
  if (attrs(list) || says(labelText(list)) || (caption && says(textOf(caption)))) return 2;
  for (let n = list.parentElement; n && n !== document.body && n !== document.documentElement; n = n.parentElement) {
    if (attrs(n) || says(labelText(n))) return 2;
  }
  const first = items[0];
  if (first && (attrs(first) || [...first.children].some(attrs))) return 2;
  if (items.length && items.every((item) => says(textOf(item)))) return 2;  // "Job one", "Job two"
  let heading = null;
  // A heading, or a page title drawn without one (<span class="title">Products</span>): a short text whose
  // class, id or test id says it is a title or heading.
  const TITLES = `${HEADINGS}, [class*=title], [class*=heading], [id*=title], [data-test*=title], [data-testid*=title]`;
  const titled = [...document.querySelectorAll(TITLES)].filter((h) => h.matches(HEADINGS) ||
    (!h.children.length && textOf(h).length <= 40));
  for (const h of titled) {
    if (list.contains(h)) continue;
    if (h.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING) heading = h; else break;
  }
  return heading && says(textOf(heading)) ? 1 : 0;
}
// Items drawn without list elements (card grids: <div class="inventory_list"><div class="inventory_item">):
// an element whose rendered element children mostly (two in three) share one tag and first class, at least
// two of them — or any number, when the container's class or id says it lists (list, grid, items, results,
// cart …) and the items' class says they are items (item, card, product, result, entry, row, tile). Items
// are not bare controls (a button group is a toolbar) and each says something. Only where the page draws
// no list elements, or inside a named region that holds none: ``:scope > tag.class`` selects them, so
// replay and export find the same items.
const ITEM_WORDS = /(^|[^a-z])(item|card|product|result|entry|row|tile|listing)s?([^a-z]|$)/i;
const LISTING_WORDS = /(^|[^a-z])(list|grid|items|results|collection|feed|board|cart|basket|catalog|catalogue|gallery|listing)s?([^a-z]|$)/i;
const BARE_CONTROLS = 'a[href], button, input, select, textarea, label, option, [role=button], [role=link]';
const spaced = (s) => String(s || '').replace(/([a-z])([A-Z])/g, '$1 $2');
function repeatedSel(e) {
  if (e.matches(`${LISTS}, ${CHROME}, html, body, head, select, svg, form, p, span`)) return null;
  const kids = [...e.children].filter((c) => !c.matches('script, style, template, br, hr') && isVisible(c));
  const groups = new Map();
  for (const c of kids) {
    const cls = c.classList[0];
    const sig = cls ? `${c.localName}.${CSS.escape(cls)}` : c.localName;
    groups.set(sig, [...(groups.get(sig) || []), c]);
  }
  const listing = LISTING_WORDS.test(spaced(e.id)) || [...e.classList].some((c) => LISTING_WORDS.test(spaced(c)));
  let best = null;
  for (const [sig, members] of groups) {
    const cls = members[0].classList[0];
    const items = !!cls && ITEM_WORDS.test(spaced(cls));
    const repeated = members.length >= 2 && members.length * 3 >= kids.length * 2 &&
      (!!cls || members[0].matches('div, article, section'));
    if (!repeated && !(listing && items)) continue;
    if (members.every((m) => m.matches(BARE_CONTROLS)) || !members.every((m) => textOf(m))) continue;
    if (!best || members.length > best.count) best = {sel: `:scope > ${sig}`, count: members.length};
  }
  if (best) return best.sel;
  // An emptied listing ("<div class="cart_list"></div>"): no items, still the list.
  return listing && !kids.length ? ':scope > .autoqa-no-items' : null;
}
// The selector for a list's (or table's) items, relative to it, and those shown.
function itemsSel(e) {
  if (e.matches(TABLES)) return TABLE_ROWS;
  if (e.querySelector(LIST_ITEMS)) return LIST_ITEMS;
  if (!e.matches(LISTS)) return repeatedSel(e) || LIST_ITEMS;
  // Web components: the list's children are hosts that draw their <li> in their own shadow root.
  const hosts = [...e.children].filter((c) => c.shadowRoot && c.localName.includes('-'));
  const tag = hosts.length ? hosts[0].localName : null;
  return tag && hosts.every((c) => c.localName === tag) ? `:scope > ${tag}` : LIST_ITEMS;
}
const shown = (e) => [...e.querySelectorAll(itemsSel(e))].filter(isVisible);
const CHROME = 'nav, header, footer, aside, menu, [role=navigation], [role=banner], [role=contentinfo], ' +
  '[role=complementary], [role=menu], [role=menubar], [role=tablist], [role=toolbar], [role=tooltip]';
// "The price of "Backpack"" on a grid of <div> cards (no rows, no list items): the one card of a repeated
// list (repeatedSel) holding an element whose whole text is ``text``. Answers the cards' selector
// ("div.inventory_item"), which with that text finds the same card again in Python and in exported tests.
function cardHolding(text) {
  resetCaches();
  const wanted = fold(text);
  const holders = [...elementsOf(document.body)].filter((e) => isVisible(e) && fold(textOf(e)) === wanted);
  const cards = new Map();
  for (const h of holders) {
    for (let n = h; n && n.parentElement && n !== document.body; n = n.parentElement) {
      const sel = repeatedSel(n.parentElement);
      if (sel && [...n.parentElement.querySelectorAll(sel)].includes(n)) {
        cards.set(n, sel.replace(/^:scope > /, ''));
        break;
      }
    }
  }
  if (cards.size !== 1) return {count: cards.size, tag: null};
  return {count: 1, tag: [...cards.values()][0]};
}

function collection(args) {
  resetCaches();
  const picked = pickList(args);
  if (picked.status !== 'found') return picked;
  const {list, name} = picked;
  const items = shown(list);
  const at = args.position > 0 ? items[args.position - 1]
    : args.position < 0 && args.position > -100000 ? items[items.length + args.position] : null;
  return {status: 'found', css: cssIn(list), items: itemsSel(list), count: items.length, name,
    text: at ? textOf(at).slice(0, 200) : null};
}
// The outermost rendered containers of repeated items under ``root`` (itself included), outside page chrome.
function repeatedLists(root, inside) {
  const found = [root, ...elementsOf(root)].filter((e) => e.nodeType === 1 && isVisible(e) &&
    !e.matches(CHROME) && !inside(e, CHROME) && repeatedSel(e));
  return found.filter((e) => !found.some((o) => o !== e && composedContains(o, e)));
}
// The page's main list (or table): see collection.
function pickList(args) {
  const lift = (n) => n.parentElement || (n.getRootNode && n.getRootNode().host) || null;
  const inside = (e, sel) => { for (let n = lift(e); n; n = lift(n)) if (n.matches(sel)) return true; return false; };
  // A rendered list with nothing shown (emptied, filtered to nothing) is still a candidate: were it left
  // out, the page's other list would become "the" list and a claim about an empty list could pass on it.
  const rendered = (e) => isVisible(e) || e.checkVisibility({visibilityProperty: true});
  const outermost = (found) => found.filter((e) => !found.some((o) => o !== e && composedContains(o, e)));
  const kinds = args.tables ? TABLES : LISTS;
  const named = (e) => norm(e.getAttribute('aria-label')) || labelText(e) ||
    (e.previousElementSibling && e.previousElementSibling.matches('h1, h2, h3, h4, h5, h6')
      ? textOf(e.previousElementSibling) : '') || e.localName;
  const all = outermost([...elementsOf(document.documentElement)].filter(
    (e) => e.matches(kinds) && !e.matches(CHROME) && !inside(e, CHROME)));
  let lists = all.filter(rendered);
  // None rendered, one in the document: that one, with nothing shown (TodoMVC hides its list's section
  // while the list is empty), so "the list has 0 items" names a list that replay and export can find.
  if (!lists.length && all.length === 1) lists = all;
  // No list elements at all: items drawn as repeated elements (repeatedSel).
  if (!lists.length && !all.length && !args.tables) lists = repeatedLists(document.documentElement, inside);
  // A step that says what the list holds ("4 recipes are shown") counts only a list the page names so
  // (a page with no list at all shows no recipes either).
  if (args.forms && args.forms.length && lists.length) {
    const strength = new Map(lists.map((e) => [e, holds(e, args.forms, shown(e))]));
    const best = Math.max(...strength.values());
    const holding = lists.filter((e) => best > 0 && strength.get(e) === best);
    if (!holding.length) {
      return {status: 'unnamed', lists: lists.slice(0, 5).map((e) => ({name: named(e).slice(0, 60),
        count: shown(e).length}))};
    }
    lists = holding;
  }
  if (lists.length > 1 && lists.some((e) => inside(e, 'main, [role=main]'))) {
    lists = lists.filter((e) => inside(e, 'main, [role=main]'));
  }
  // Still several: a list whose every item is one link or button and nothing else is a row of actions (an
  // admin page's "Add book" tools), and a list of status messages ("The book … was added") is feedback;
  // neither is content: the content list beside them is the list.
  if (lists.length > 1) {
    const content = lists.filter((e) => !actionsOnly(e) && !messages(e));
    if (content.length) lists = content;
  }
  if (lists.length > 1) {
    return {status: 'ambiguous', lists: lists.slice(0, 5).map((e) => ({name: named(e).slice(0, 60),
      count: shown(e).length}))};
  }
  if (!lists.length) return {status: 'none'};
  return {status: 'found', list: lists[0], name: named(lists[0]).slice(0, 60)};
}

// "The rows are sorted by title", "the products are sorted by price": what each shown item of the main list
// (or table) reads, in order — under ``column`` (a column or labelled field, as columnCell finds it), else
// its whole text. An item without that column is named, so the check fails instead of skipping it.
function sortValues(args) {
  resetCaches();
  // What the list holds ("the products") picks one of several lists; on a page whose one list is not named
  // so, that list is still the one the step means (an order holds of the list, not of its name).
  let picked = pickList({tables: args.tables, forms: args.forms});
  if (picked.status === 'unnamed') picked = pickList({tables: args.tables});
  if (picked.status !== 'found') return picked;
  const values = [];
  for (const item of shown(picked.list)) {
    if (!args.column) { values.push(textOf(item)); continue; }
    const cell = cellUnderColumn(item, args.column);
    // A list item's name or title, when nothing in it is labelled so, is its first line ("Backpack" of a
    // product card); a table row's is its column's, never a guess.
    const first = norm((item.innerText || '').split('\n').find((line) => norm(line)) || '');
    if (!cell.found && /^(?:name|title)$/i.test(args.column) && !item.matches('tr, [role=row]') && first) {
      values.push(first);
      continue;
    }
    if (!cell.found) return {status: 'nocolumn', names: cell.names, item: textOf(item).slice(0, 80)};
    values.push(norm(cell.text));
  }
  return {status: 'found', values, css: cssIn(picked.list), name: picked.name};
}

// Each checkbox a claim over all of them reads ("all todos are completed", "every row checkbox is
// checked", "both checkboxes are checked"): with ``page``, every checkbox the page renders (or whose label
// it renders: a box drawn by its label); else each shown item's own of the main list (or table), the item
// itself when it is one. An item without a checkbox ends the read: the claim cannot hold of it.
const CHECK_BOXES = 'input[type=checkbox], [role=checkbox], [role=switch], [role=menuitemcheckbox]';
function eachChecked(args) {
  resetCaches();
  const stateOf = (box, item) => ({
    checked: box.matches('input') ? box.checked : box.getAttribute('aria-checked') === 'true',
    mixed: box.matches('input') ? box.indeterminate : box.getAttribute('aria-checked') === 'mixed',
    text: textOf(item || box).slice(0, 80) || norm(box.getAttribute('aria-label')) ||
      [...(box.labels || [])].map(textOf).join(' ').slice(0, 80)});
  if (args.page) {
    const drawn = (b) => b.getClientRects().length || [...(b.labels || [])].some((l) => l.getClientRects().length);
    const boxes = [...elementsOf(document.documentElement)].filter((e) => e.matches(CHECK_BOXES) && drawn(e));
    return {status: 'found', states: boxes.map((b) => stateOf(b, null))};
  }
  let picked = pickList({tables: args.tables, forms: args.forms});
  if (picked.status === 'unnamed') picked = pickList({tables: args.tables});
  if (picked.status !== 'found') return picked;
  const states = [];
  for (const item of shown(picked.list)) {
    const box = item.matches(CHECK_BOXES) ? item : item.querySelector(CHECK_BOXES);
    if (!box) return {status: 'nobox', item: textOf(item).slice(0, 80)};
    states.push(stateOf(box, item));
  }
  return {status: 'found', states, css: cssIn(picked.list), name: picked.name};
}

// The cell of a row under a named column (column_cell.js, which exported tests run too: one definition).
const cellUnderColumn = /*@@COLUMN_CELL@@*/null;
function columnCell(row, column) { return cellUnderColumn(row, column); }

// The region a step names (named_region.js, which exported tests run too: one definition).
const namedRegion = /*@@NAMED_REGION@@*/null;
// With ``items``: the region's one list (or table) and its items, as ``collection`` answers for the main
// list ("the cart has 2 items"): the region itself if it is one, else the one outermost rendered list in
// it; none (an emptied cart showing "Your cart is empty") is no items; two are ambiguous.
function region(args) {
  resetCaches();
  const found = namedRegion(args.name);
  if (!found.region) return {status: found.status, names: found.names};
  if (!args.items) return {status: found.status, css: cssIn(found.region), via: found.via};
  const r = found.region;
  const inner = r.matches(LISTS) ? [r] : [...r.querySelectorAll(LISTS)].filter((e) => e.getClientRects().length);
  let lists = inner.filter((e) => !inner.some((o) => o !== e && o.contains(e)));
  // No list elements in it: items drawn as repeated elements (a cart of <div class="cart_item">).
  if (!lists.length) lists = repeatedLists(r, () => false);
  if (lists.length !== 1) {
    return {status: lists.length ? 'lists' : 'nolist', css: cssIn(r), via: found.via, count: lists.length};
  }
  const list = lists[0];
  return {status: 'found', css: cssIn(list), items: itemsSel(list), count: shown(list).length, via: found.via};
}

// The badge a step names (named_badge.js, which exported tests run too: one definition).
const namedBadge = /*@@NAMED_BADGE@@*/null;
function badge(args) {
  resetCaches();
  const found = namedBadge(args.name);
  if (!found.badge) return {status: found.status, names: found.names};
  return {status: found.status, css: cssIn(found.badge), via: found.via};
}

return {find, describeAll, state, labelStandIn, findText, visibleLines, renderedText, flatText, scrollBy,
  selectOptions, collection, cardHolding, sortValues, eachChecked, columnCell, region, badge, mainControl,
  fieldNote};
})()
