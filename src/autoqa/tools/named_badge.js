// The one badge a step names: "the cart badge shows "2"", "the status pill reads "Open"", "the message
// counter shows 12". A badge is a short rendered text (at most 40 characters) holding no control, marked as
// one by a word of its class, id or test id (badge, pill, chip, tag, lozenge, counter, count, bubble,
// indicator, label). It is named by
//   - its own words: its class, id, test id, aria-label or title ("shopping_cart_badge", "status-pill");
//   - the control it sits in: a link's or a button's name or address ("<a href="/cart">🛒 <span class=badge>2")
//     and the control's own class, id or test id;
//   - the label it sits under: "Status: <span class=pill>Open</span>", a <dt> before its <dd>, the column
//     header of its table cell.
// An element that is no badge by its class but carries the name itself ("<span class="status">Open</span>",
// a leaf) is one too: the step calls it a badge. Names compare as words, folded, without a leading article,
// singular ("messages" names "message"). Only rendered badges count; nested ones are one badge (the
// outermost); two apart are ambiguous: the claim must not be checked on whichever comes first. Self-contained
// (the page library embeds it; exported tests evaluate it as it is): ``(name) => {status, badge, via, names}``.
(name) => {
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const one = (w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w);
  const wordsOf = (s) => norm(String(s || '').replace(/([a-z0-9])([A-Z])/g, '$1 $2')).normalize('NFKC')
    .toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).map(one);
  const LEADING = new Set(['the', 'a', 'an', 'my', 'your', 'our']);
  const KINDS = new Set(['badge', 'pill', 'chip', 'tag', 'lozenge', 'counter', 'count', 'bubble', 'indicator',
    'label']);
  const want = wordsOf(name).filter((w, i, all) => !(i < all.length - 1 && LEADING.has(w)));
  const CONTROLS = 'a[href], button, input, select, textarea, option, label, [role=button], [role=link], ' +
    '[role=tab], [role=menuitem], [role=option], [role=checkbox], [role=radio], [role=switch], ' +
    '[role=textbox], [role=combobox], [role=searchbox], [role=slider], [contenteditable=true]';
  const HOSTS = 'a[href], button, [role=button], [role=link], [role=tab], [role=menuitem]';
  const SKIP = 'html, body, head, script, style, noscript, template, svg, img, canvas, video, audio, iframe';
  const NAMING = ['id', 'data-testid', 'data-test-id', 'data-test', 'data-qa', 'data-cy'];
  const up = (n) => (n.parentElement || (n.getRootNode && n.getRootNode().host) || null);
  const rendered = (e) => e.getClientRects().length > 0 &&
    (!e.checkVisibility || e.checkVisibility({visibilityProperty: true}));
  const textOf = (e) => norm(e.innerText !== undefined ? e.innerText : e.textContent);
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
  const ownWords = (e) => [
    ...NAMING.map((a) => e.getAttribute(a)), ...e.classList, e.getAttribute('aria-label'), e.getAttribute('title'),
  ].filter(Boolean).flatMap(wordsOf);
  const hostWords = (e, text) => {
    const host = up(e) && up(e).closest ? up(e).closest(HOSTS) : null;
    if (!host) return [];
    const href = host.getAttribute('href') || '';
    const rest = textOf(host).replace(text, ' ');
    return [...ownWords(host), ...wordsOf(href.replace(/^[a-z]+:\/\/[^/]+/i, '')), ...wordsOf(rest)];
  };
  const labelWords = (e) => {
    const parent = up(e);
    if (!parent) return [];
    const lead = parent.firstChild && parent.firstChild.nodeType === 3 ? norm(parent.firstChild.textContent) : '';
    const [, named] = lead.match(/^([^:：]{1,40})[:：]$/) || [];
    if (named) return wordsOf(named);
    const before = e.previousElementSibling;
    if (before && /^[^:：]{1,40}[:：]$/.test(textOf(before))) return wordsOf(textOf(before));
    // "<a href="/inbox">Messages</a><span class="count">12</span>": the count of the control before it
    if (before && before.matches(HOSTS)) return [...ownWords(before), ...wordsOf(textOf(before))];
    const dd = e.closest('dd');
    const dt = dd && dd.previousElementSibling && dd.previousElementSibling.matches('dt') ? dd.previousElementSibling : null;
    if (dt) return wordsOf(textOf(dt));
    const cell = e.closest('td, [role=cell], [role=gridcell]');
    const table = cell && cell.closest('table, [role=table], [role=grid]');
    if (cell && table && cell.parentElement) {
      const index = [...cell.parentElement.children].indexOf(cell);
      const head = [...table.querySelectorAll('th, [role=columnheader]')]
        .filter((h) => h.parentElement && h.parentElement !== cell.parentElement);
      const header = head.filter((h) => [...h.parentElement.children].indexOf(h) === index)[0];
      if (header) return wordsOf(textOf(header));
    }
    return [];
  };
  const found = [];
  const seen = new Set();
  for (const e of all) {
    if (e.matches(`${SKIP}, ${CONTROLS}`) || !rendered(e)) continue;
    const text = textOf(e);
    if (!text || text.length > 40 || e.querySelector(CONTROLS)) continue;
    const own = ownWords(e);
    const badge = own.some((w) => KINDS.has(w));
    const leaf = ![...e.children].some((c) => textOf(c));
    const owns = want.length > 0 && want.every((w) => own.includes(w));
    if (!badge && !(owns && leaf)) continue;
    const named = new Set([...own, ...hostWords(e, text), ...labelWords(e)]);
    const via = e.id ? `#${e.id}` : (e.className && typeof e.className === 'string' ? `"${e.className}"` : e.localName);
    if (badge) seen.add(`${via} reading "${text}"`);
    if (want.length && want.every((w) => named.has(w))) found.push({badge: e, via});
  }
  const outer = found.filter((f) => !found.some((o) => o.badge !== f.badge && contains(o.badge, f.badge)));
  if (outer.length === 1) return {status: 'found', badge: outer[0].badge, via: outer[0].via};
  if (outer.length > 1) {
    return {status: 'ambiguous', badge: null, names: outer.map((f) => `${f.via} reading "${textOf(f.badge)}"`).slice(0, 5)};
  }
  return {status: 'none', badge: null, names: [...seen].slice(0, 8)};
}
