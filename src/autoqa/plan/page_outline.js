// autoqa plan: the outline of one page (see autoqa/plan/outline.py). One function, evaluated per page:
// headings, landmarks, links, frames and forms, through open shadow roots, visible ones only.
(limits) => {
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim().slice(0, limits.text);
  const visible = (e) => {
    if (e.checkVisibility && !e.checkVisibility({visibilityProperty: true})) return false;
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  function* walk(root) {
    for (const e of root.querySelectorAll('*')) {
      yield e;
      if (e.shadowRoot) yield* walk(e.shadowRoot);
    }
  }
  const children = (n) => {
    if (n.localName === 'slot') { const a = n.assignedNodes({flatten: true}); if (a.length) return a; }
    return n.shadowRoot ? n.shadowRoot.childNodes : n.childNodes;
  };
  const SKIP = new Set(['script', 'style', 'template', 'noscript', 'input', 'select', 'textarea']);
  const text = (n) => {  // rendered text through shadow roots and slots
    let out = '';
    for (const c of children(n)) {
      if (c.nodeType === 3) out += c.nodeValue;
      else if (c.nodeType === 1 && !SKIP.has(c.localName) && c.getAttribute('aria-hidden') !== 'true') {
        out += c.localName === 'img' ? ' ' + (c.getAttribute('alt') || '') + ' ' : ' ' + text(c) + ' ';
      }
    }
    return out;
  };
  const byIds = (e, attr) => {
    const root = e.getRootNode();
    return (e.getAttribute(attr) || '').split(/\s+/).filter(Boolean)
      .map((id) => root.getElementById && root.getElementById(id)).filter(Boolean)
      .map((x) => norm(text(x))).join(' ');
  };
  const name = (e) => norm(byIds(e, 'aria-labelledby')) || norm(e.getAttribute('aria-label'))
    || (e.labels && e.labels.length ? norm([...e.labels].map(text).join(' ')) : '')
    || (e.localName === 'input' && ['submit', 'button', 'reset'].includes(e.type) ? norm(e.value) : '') || norm(text(e)) || norm(e.getAttribute('title'))
    || norm(e.getAttribute('placeholder'));
  const LANDMARKS = {header: 'banner', nav: 'navigation', main: 'main', footer: 'contentinfo',
    aside: 'complementary', search: 'search'};
  const ROLES = new Set(['banner', 'navigation', 'main', 'contentinfo', 'complementary', 'search', 'form',
    'region']);
  const out = {title: norm(document.title), headings: [], landmarks: [], links: [], frames: [], forms: []};
  const push = (list, item, max) => { if (list.length < max) list.push(item); };
  for (const e of walk(document)) {
    const tag = e.localName;
    const role = (e.getAttribute('role') || '').trim().split(/\s+/)[0];
    if (/^h[1-6]$/.test(tag) || role === 'heading') {
      if (visible(e)) {
        const level = Number(e.getAttribute('aria-level')) || (/^h[1-6]$/.test(tag) ? Number(tag[1]) : 2);
        const t = name(e);
        if (t) push(out.headings, {level, text: t}, limits.headings);
      }
    } else if ((ROLES.has(role) || LANDMARKS[tag] || ((tag === 'section' || tag === 'form') &&
               (e.hasAttribute('aria-label') || e.hasAttribute('aria-labelledby')))) && visible(e)) {
      const landmark = ROLES.has(role) ? role : LANDMARKS[tag] || (tag === 'form' ? 'form' : 'region');
      const named = norm(byIds(e, 'aria-labelledby')) || norm(e.getAttribute('aria-label'));
      push(out.landmarks, {role: landmark, name: named}, limits.landmarks);
    }
    if ((tag === 'a' || tag === 'area') && e.hasAttribute('href')) {
      push(out.links, {url: e.href, text: name(e), visible: visible(e), download: e.hasAttribute('download')},
        limits.links);
    } else if ((tag === 'iframe' || tag === 'frame') && e.getAttribute('src')) {
      push(out.frames, {url: e.src, text: norm(e.getAttribute('title'))}, limits.frames);
    }
    if (tag === 'form' && visible(e)) {
      const fields = [], buttons = [];
      let submit = null;
      for (const f of e.elements) {
        const type = f.localName === 'input' ? (f.getAttribute('type') || 'text').toLowerCase() : f.localName;
        if (type === 'hidden' || f.localName === 'fieldset' || f.localName === 'output') continue;
        if (f.localName === 'button' || ['submit', 'button', 'reset', 'image'].includes(type)) {
          const kind = f.localName === 'button' ? (f.getAttribute('type') || 'submit').toLowerCase() : type;
          const label = name(f) || (kind === 'submit' ? 'Submit' : '');
          if (label && visible(f)) push(buttons, label, limits.buttons);
          if (!submit && (kind === 'submit' || kind === 'image') && visible(f) && !f.disabled) submit = label;
          continue;
        }
        push(fields, {label: name(f) || norm(f.getAttribute('name')), type, name: norm(f.getAttribute('name')),
          required: f.required || f.getAttribute('aria-required') === 'true'}, limits.fields);
      }
      const heading = e.querySelector('h1, h2, h3, h4, h5, h6, legend');
      push(out.forms, {name: norm(byIds(e, 'aria-labelledby')) || norm(e.getAttribute('aria-label'))
          || (heading ? norm(text(heading)) : ''),
        action: e.getAttribute('action') ? e.action : '', method: (e.getAttribute('method') || 'get').toLowerCase(),
        novalidate: e.noValidate,
        fields, buttons, submit}, limits.forms);
    }
  }
  return out;
}
