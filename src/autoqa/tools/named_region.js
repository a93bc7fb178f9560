// The one region of the page a step names: "Verify "Backpack" is in the cart", "the "Negotiation" column
// shows …", "Lisbon appears under Saved locations". A region is named by
//   - its label (aria-label, aria-labelledby; a fieldset's legend, a table's caption, a details' summary),
//   - its heading: the heading's own block (the heading and a count beside it) is no region; the region is
//     the first element around that block holding more, unless that element holds another heading of the
//     same or a higher level (a flat page: <h2>Cart</h2><ul>…</ul><h2>Wishlist</h2>…), or is <main> or
//     <body>: then it is the one element between the heading and the next such heading, or none;
//   - or its id, class or test id ("cart", "saved-locations", "savedLocations", "cart-panel");
//   - "dialog", "modal" or "popup": the open dialog (<dialog open>, role=dialog or alertdialog, aria-modal).
// Names compare as words, folded, without a leading article or possessive ("Your cart") and without a
// trailing count ("Cart (2)"). Controls (buttons, links, fields) are no regions. Only rendered regions
// count; nested ones name one region (the outermost holds it all); two apart are ambiguous: the claim
// must not be checked in whichever comes first. Self-contained (the page library embeds it; exported
// tests evaluate it as it is): ``(name) => {status, region, names}``.
(name) => {
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const wordsOf = (s) => norm(s).normalize('NFKC').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const LEADING = new Set(['the', 'a', 'an', 'my', 'your', 'our']);
  const SUFFIX = new Set(['panel', 'section', 'list', 'container', 'wrapper', 'box', 'area', 'region', 'column',
    'col', 'lane', 'sidebar', 'widget', 'card', 'block', 'pane', 'drawer', 'group', 'table', 'items']);
  const bare = (words) => {
    let out = [...words];
    while (out.length > 1 && LEADING.has(out[0])) out = out.slice(1);
    while (out.length > 1 && /^\d+$/.test(out[out.length - 1])) out = out.slice(0, -1);
    return out.join(' ');
  };
  // Words pages use for one thing: a "pagination" is a <nav class="pager"> or Django's <p class="paginator">.
  const SAME = {paginator: 'pagination', pager: 'pagination', pages: 'pagination'};
  const one = (words) => { const b = bare(words); return SAME[b] || b; };
  const want = one(wordsOf(name));
  const CONTROLS = 'a[href], button, input, select, textarea, option, label, [role=button], [role=link], ' +
    '[role=tab], [role=menuitem], [role=option], [role=checkbox], [role=radio], [role=switch], ' +
    '[role=textbox], [role=combobox], [role=searchbox], [role=slider], [contenteditable=true]';
  const HEADINGS = 'h1, h2, h3, h4, h5, h6, [role=heading]';
  const GRAPHICS = 'svg, svg *, img, i, canvas, video, audio, iframe, [role=img]';  // a cart icon is no cart
  const NAMING = ['id', 'data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy'];
  const up = (n) => (n.parentElement || (n.getRootNode && n.getRootNode().host) || null);
  const rendered = (e) => e.getClientRects().length > 0 &&
    (!e.checkVisibility || e.checkVisibility({visibilityProperty: true}));
  const contains = (outer, inner) => {
    for (let n = inner; n; n = up(n)) if (n === outer) return true;
    return false;
  };
  const all = [];
  const walk = (root) => {
    for (const e of root.querySelectorAll('*')) {
      all.push(e);
      if (e.shadowRoot) walk(e.shadowRoot);
    }
  };
  walk(document);
  const textOf = (e) => norm(e.innerText !== undefined ? e.innerText : e.textContent);
  const labelOf = (e) => {
    const ids = (e.getAttribute('aria-labelledby') || '').split(/\s+/).filter(Boolean);
    const root = e.getRootNode();
    const parts = ids.map((id) => (root.getElementById ? root.getElementById(id) : null)).filter(Boolean);
    if (parts.length) return parts.map((p) => norm(p.textContent)).join(' ');
    return norm(e.getAttribute('aria-label'));
  };
  const attributeNames = (e) => {
    const values = NAMING.map((a) => e.getAttribute(a)).filter(Boolean);
    values.push(...e.classList);
    return values.map((v) => {
      const words = wordsOf(String(v).replace(/([a-z0-9])([A-Z])/g, '$1 $2'));
      if (words.length > 1 && SUFFIX.has(words[words.length - 1])) words.pop();
      return one(words);
    });
  };
  const level = (h) => (/^h[1-6]$/.test(h.localName) ? Number(h.localName[1])
    : Number(h.getAttribute('aria-level')) || 2);
  const isPage = (e) => e.matches('html, body, main, [role=main]');
  // The heading's region (see above), or null.
  const headed = (h) => {
    const own = wordsOf(textOf(h)).join(' ');
    const peers = (a, child) => [...a.querySelectorAll(HEADINGS)]
      .some((o) => o !== h && !contains(child, o) && level(o) <= level(h) && rendered(o));
    let child = h;
    for (let a = up(h); a; child = a, a = up(a)) {
      const words = wordsOf(textOf(a)).filter((w) => !/^\d+$/.test(w)).join(' ');
      if (words === own && !isPage(a)) continue;  // still the heading's block: "Negotiation 6"
      if (!isPage(a) && !peers(a, child)) return a;
      const after = [];
      for (let s = child.nextElementSibling; s; s = s.nextElementSibling) {
        if (s.matches(HEADINGS) || [...s.querySelectorAll(HEADINGS)].some((o) => level(o) <= level(h))) break;
        if (rendered(s)) after.push(s);
      }
      return after.length === 1 ? after[0] : null;
    }
    return null;
  };
  const DIALOG_NAMES = new Set(['dialog', 'modal', 'popup', 'pop up', 'popover', 'modal dialog', 'dialog box']);
  const OPEN_DIALOGS = 'dialog[open], [role=dialog], [role=alertdialog], [aria-modal=true]';
  const found = [];
  const seen = new Set();
  const add = (region, via) => {
    if (!region || region.matches(`html, body, ${CONTROLS}, ${GRAPHICS}`) || !rendered(region)) return;
    found.push({region, via});
  };
  for (const e of all) {
    if (e.matches(`html, body, ${CONTROLS}, ${GRAPHICS}`)) continue;
    const label = labelOf(e);
    if (label) seen.add(label);
    if (label && one(wordsOf(label)) === want && !e.matches(HEADINGS)) add(e, `labelled "${label}"`);
    if (e.matches('legend, caption, summary') && one(wordsOf(textOf(e))) === want) {
      add(e.parentElement && e.parentElement.matches('fieldset, table, details') ? e.parentElement : null,
        `${e.localName} "${textOf(e)}"`);
    }
    if (e.matches(HEADINGS) && rendered(e)) {
      const text = textOf(e);
      if (text && text.length <= 60) seen.add(text);
      if (one(wordsOf(text)) === want) add(headed(e), `heading "${text}"`);
    }
    if (attributeNames(e).includes(want)) add(e, e.id ? `#${e.id}` : `element "${e.className}"`);
    if (DIALOG_NAMES.has(want) && e.matches(OPEN_DIALOGS)) add(e, 'the open dialog');
  }
  const regions = found.filter((f) => !found.some((o) => o.region !== f.region && contains(o.region, f.region)));
  const distinct = [...new Map(regions.map((f) => [f.region, f])).values()];
  if (distinct.length === 1) return {status: 'found', region: distinct[0].region, via: distinct[0].via};
  if (distinct.length > 1) return {status: 'ambiguous', region: null, names: distinct.map((f) => f.via).slice(0, 5)};
  return {status: 'none', region: null, names: [...seen].slice(0, 8)};
}
