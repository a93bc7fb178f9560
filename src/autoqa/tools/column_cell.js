// The cell of a row under a named column, or a labelled field of a card or list item: what "the due date
// for "Dune"" claims, so a check reads that cell and never the row's other cells ("Created" may show the
// same date). A column is a header cell (<th>, role=columnheader) of the row's table; a field is a <dt>
// (its <dd>), a <label> (its control or the element after it), an aria-label, a leaf whose text is the
// name (the element after it, the rest of its parent's text, or what follows "Name:"), or else the one
// element whose id, class or test id is the name. Names are compared folded, without a leading article or a
// closing colon. Only what is rendered counts: a hidden copy of a label (an edit form keeping an old value)
// or a hidden value is not what the page shows. Not found: the names there are, so a failure says what the
// row has. Self-contained (the page library embeds it; exported tests evaluate it as it is).
(row, column) => {
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const fold = (s) => norm(s).normalize('NFKC').toLowerCase();
  const fieldName = (s) => fold(s).replace(/\s*[:：]$/, '').replace(/^(?:the|a|an)\s+/, '');
  const TABLES = 'table, [role=table], [role=grid], [role=treegrid]';
  const CELLS = 'td, th, [role=cell], [role=gridcell], [role=columnheader], [role=rowheader]';
  const HEADERS = 'th, [role=columnheader]';
  const UNRENDERED = 'script, style, noscript, template, title';
  const textOf = (e) => norm(e.textContent);
  const shownOf = (e) => (e.matches('input, textarea, select') ? norm(e.value) : norm(e.innerText));
  const cellsOf = (r) => [...r.children].filter((c) => c.matches(CELLS));
  const span = (c) => Math.max(1, Number(c.getAttribute('colspan')) || 1);
  const rendered = (e) => e.getClientRects().length > 0;
  const want = fieldName(column);

  const columnOf = () => {
    const table = row.matches('tr, [role=row]') ? row.closest(TABLES) : null;
    if (!table) return {names: []};
    const header = [...table.querySelectorAll('tr, [role=row]')].find((r) => r !== row &&
      r.closest(TABLES) === table && cellsOf(r).length && cellsOf(r).every((c) => c.matches(HEADERS)));
    if (!header) return {names: []};
    const names = [];
    let at = 0, index = -1;
    for (const c of cellsOf(header)) {
      names.push(textOf(c));
      if (index < 0 && fieldName(textOf(c)) === want) index = at;
      at += span(c);
    }
    if (index < 0) return {names};
    at = 0;
    for (const c of cellsOf(row)) {
      if (index >= at && index < at + span(c)) return {names, cell: c};
      at += span(c);
    }
    return {names};
  };

  const fieldOf = () => {
    const names = [];
    for (const e of row.querySelectorAll('*')) {
      if (e.matches(UNRENDERED) || e.closest(UNRENDERED) || !rendered(e)) continue;
      const aria = norm(e.getAttribute('aria-label'));
      if (aria) {
        names.push(aria);
        if (fieldName(aria) === want) return {names, value: shownOf(e)};
      }
      if (e.children.length && e.localName !== 'label') {
        // "Status: <b>Shipped</b>": the name is the element's own first text, the value the rest of it.
        const lead = e.firstChild && e.firstChild.nodeType === 3 ? norm(e.firstChild.textContent) : '';
        const [, name] = lead.match(/^([^:：]{1,60})[:：]$/) || [];
        if (name) {
          names.push(norm(name));
          if (fieldName(name) === want) return {names, value: norm(shownOf(e).replace(/^[^:：]{1,60}[:：]/, ''))};
        }
        continue;
      }
      const own = textOf(e);
      if (e.localName === 'dt' || e.localName === 'label' || /[:：]$/.test(own)) {
        names.push(own.replace(/\s*[:：]$/, ''));
      }
      if (fieldName(own) === want) {
        if (e.localName === 'label' && e.control) return {names, value: shownOf(e.control)};
        let next = e.nextElementSibling;
        while (next && !rendered(next)) next = next.nextElementSibling;
        if (next) return {names, value: shownOf(next)};
        const parent = e.parentElement;
        if (parent && parent !== row) return {names, value: norm(shownOf(parent).slice(shownOf(e).length))};
      }
      // "Due date: 2026-12-24" in one element: the name, a colon, the value.
      const [, label, value] = own.match(/^([^:：]{1,60})[:：]\s*(.+)$/) || [];
      if (label && !e.children.length) {
        names.push(norm(label));
        if (fieldName(label) === want) return {names, value: norm(value)};
      }
    }
    return {names};
  };

  // Last: the one element whose id, class or test id is the name ("status", "order-status" for "order
  // status"), as a status badge is named by its class alone; else the one whose name ends with it
  // ("inventory_item_price" for "price"). Only one element (a "price-old" is not the price; three
  // "status" badges are no one status).
  const namedOf = () => {
    const words = (s) => fold((s || '').replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[-_]+/g, ' '));
    const names = (e) => [e.id, e.getAttribute('data-testid'), e.getAttribute('data-test'),
      e.getAttribute('data-qa'), ...e.classList].filter(Boolean).map(words);
    const candidates = [...row.querySelectorAll('[id], [class], [data-testid], [data-test], [data-qa]')]
      .filter((e) => !e.closest(UNRENDERED) && rendered(e));
    for (const fits of [(n) => n === want, (n) => n.endsWith(' ' + want)]) {
      const hits = candidates.filter((e) => names(e).some(fits));
      const outer = hits.filter((e) => !hits.some((o) => o !== e && o.contains(e)));
      if (outer.length) return outer.length === 1 ? outer[0] : null;
    }
    return null;
  };

  const col = columnOf();
  if (col.cell) return {found: 'column', text: shownOf(col.cell)};
  const field = fieldOf();
  if (field.value !== undefined) return {found: 'field', text: field.value};
  const named = namedOf();
  if (named) return {found: 'named', text: shownOf(named)};
  const names = [...new Set([...col.names, ...field.names].filter(Boolean))].slice(0, 12);
  return {found: null, kind: col.names.length ? 'columns' : 'fields', names};
}
