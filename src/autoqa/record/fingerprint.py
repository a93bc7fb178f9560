"""What an element *is*, captured before a tool acts on it (after a click it may be gone).

One ``evaluate`` reads the tag, the ARIA role (explicit, else implicit from tag and input type), the
accessible name (``aria-labelledby``, ``aria-label``, labels, ``alt``, button values, content, ``title``,
placeholder) and the attributes locators are built from. Role and name are a close approximation of the
accname rules; the ``get_by_role`` candidate built from them is then checked by Playwright's own role
engine, so a wrong guess costs a candidate, never a wrong locator. (Not from ``aria_snapshot()``: taking
a snapshot replaces the refs of the agent's last snapshot, and the next ``ref`` it uses would fail.)

Never stored: field values — only ``<select>`` values, which are option values the page itself defines.
"""

from __future__ import annotations

import asyncio
from typing import Any

from playwright.async_api import ElementHandle
from pydantic import BaseModel, ConfigDict

from autoqa.secrets import SecretSet

TEXT_LIMIT = 100

_DOM_FACTS = r"""
(el, testIdAttribute) => {
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const attr = (name) => { const v = el.getAttribute(name); return v === null ? null : norm(v); };
  const textOf = (node) => norm(node.innerText === undefined ? node.textContent : node.innerText);
  const tag = el.localName;
  const type = (el.getAttribute('type') || '').toLowerCase();
  let label = null;
  if (el.labels && el.labels.length) label = norm([...el.labels].map(textOf).join(' ')) || null;
  const labelledBy = attr('aria-labelledby');
  const byIds = labelledBy ? norm(labelledBy.split(' ').map((id) => {
    const ref = el.ownerDocument.getElementById(id);
    return ref ? textOf(ref) : '';
  }).join(' ')) : '';
  const role = (() => {
    const explicit = (attr('role') || '').split(' ')[0];
    if (explicit && explicit !== 'none' && explicit !== 'presentation') return explicit;
    if (tag === 'a' || tag === 'area') return el.hasAttribute('href') ? 'link' : null;
    if (tag === 'button' || tag === 'summary') return 'button';
    if (tag === 'input') {
      if (['button', 'submit', 'reset', 'image', 'file'].includes(type)) return 'button';
      if (type === 'checkbox' || type === 'radio') return type;
      if (type === 'range') return 'slider';
      if (type === 'number') return 'spinbutton';
      if (type === 'hidden') return null;
      if (type === 'search') return el.hasAttribute('list') ? 'combobox' : 'searchbox';
      return el.hasAttribute('list') ? 'combobox' : 'textbox';
    }
    if (tag === 'textarea') return 'textbox';
    if (tag === 'select') return (el.multiple || el.size > 1) ? 'listbox' : 'combobox';
    if (tag === 'option') return 'option';
    if (/^h[1-6]$/.test(tag)) return 'heading';
    if (tag === 'img') return el.getAttribute('alt') === '' ? 'presentation' : 'img';
    if (tag === 'dialog') return 'dialog';
    if (tag === 'li') return 'listitem';
    if (tag === 'ul' || tag === 'ol') return 'list';
    if (tag === 'nav') return 'navigation';
    if (tag === 'table') return 'table';
    if (tag === 'tr') return 'row';
    if (tag === 'td') return 'cell';
    if (tag === 'th') return 'columnheader';
    if (el.isContentEditable && el.hasAttribute('contenteditable')) return 'textbox';
    return null;
  })();
  const fromContent = ['button', 'link', 'checkbox', 'radio', 'option', 'menuitem', 'menuitemcheckbox',
    'menuitemradio', 'tab', 'switch', 'treeitem', 'heading', 'cell', 'columnheader', 'rowheader', 'tooltip'];
  const formField = tag === 'input' || tag === 'textarea' || tag === 'select';
  const text = formField ? '' : textOf(el);
  // Accessible name, in the order of the accname rules that matter in practice; get_by_role validates it.
  const name = byIds || attr('aria-label') || label
    || ((tag === 'img' || type === 'image') ? attr('alt') : null)
    || ((tag === 'input' && ['button', 'submit', 'reset'].includes(type)) ? attr('value') : null)
    || (role && fromContent.includes(role) ? text : null)
    || attr('title') || (formField ? attr('placeholder') : null) || '';
  // An element with no name of its own (TodoMVC's row checkbox), or with no text of its own because its
  // words come through a slot (a label inside a component), is known by its row: the nearest list item or
  // table row, across shadow boundaries, and the row's rendered text through slots.
  // (Every element inside a row carries it: a step scoped to a row — '"Remove" for "Backpack"' — is
  // exported within that row.)
  let row = null, rowRole = null, rowTag = null;
  {
    const flatText = (node) => {
      if (node.nodeType === 3) return node.nodeValue;
      if (node.nodeType !== 1 || ['script', 'style', 'template'].includes(node.localName)) return '';
      let kids = node.shadowRoot ? node.shadowRoot.childNodes : node.childNodes;
      if (node.localName === 'slot' && node.assignedNodes({flatten: true}).length)
        kids = node.assignedNodes({flatten: true});
      const inner = [...kids].map(flatText).join('');
      return getComputedStyle(node).display.startsWith('inline') ? inner : ` ${inner} `;
    };
    for (let n = el.parentNode || el.host; n; n = n.parentNode || n.host) {
      if (n.nodeType !== 1) continue;
      const r = (n.getAttribute('role') || '').split(' ')[0];
      const kind = r === 'row' || r === 'listitem' ? r : n.localName === 'li' ? 'listitem'
        : n.localName === 'tr' ? 'row' : null;
      if (!kind) continue;
      row = norm(flatText(n)).slice(0, 200) || null;
      rowRole = row ? kind : null;
      // A row drawn inside a component: Playwright's has_text reads the component's own (light DOM)
      // text, not what its shadow root adds (a "×" button, a count), so the row is named by the component
      // element and the text it was given.
      const root = n.getRootNode();
      const own = root.host && root.host.localName.includes('-') ? textOf(root.host) : '';
      if (row && own) { row = own.slice(0, 200); rowTag = root.host.localName; }
      break;
    }
    // No list item or table row around it: a card of a grid drawn with <div>s, one of several siblings of
    // one tag and first class (the page library's repeated items), stands for the row, named by its tag
    // and class ("div.inventory_item"), which Playwright's locator() reads.
    for (let n = el.parentElement; !row && n && n.parentElement && n !== document.body; n = n.parentElement) {
      const cls = n.classList[0];
      if (!cls) continue;
      const sig = `${n.localName}.${CSS.escape(cls)}`;
      if ([...n.parentElement.children].filter((c) => c.matches(sig)).length < 2) continue;
      row = norm(flatText(n)).slice(0, 200) || null;
      rowRole = row ? 'listitem' : null;
      rowTag = row ? sig : null;
    }
  }
  // Named regions around the element (aria-label / aria-labelledby of an ancestor with a role): a step
  // scoped to "the 'Task list' list" is exported as get_by_role('list', name='Task list').
  const regions = [];
  const regionRoles = {ul: 'list', ol: 'list', nav: 'navigation', table: 'table', form: 'form',
    dialog: 'dialog', section: 'region', aside: 'complementary', menu: 'list'};
  for (let n = el.parentNode || el.host; n && regions.length < 3; n = n.parentNode || n.host) {
    if (n.nodeType !== 1) continue;
    const regionName = norm(n.getAttribute('aria-label') || '');
    const regionRole = (n.getAttribute('role') || '').split(' ')[0] || regionRoles[n.localName];
    if (regionName && regionRole) regions.push([regionRole, regionName.slice(0, 200)]);
    // An unnamed open dialog is still the scope "in the dialog" names (get_by_role reads visible ones).
    else if (regionRole === 'dialog' || regionRole === 'alertdialog') regions.push([regionRole, '']);
  }
  return {
    tag,
    role,
    regions,
    row,
    row_role: rowRole,
    row_tag: rowTag,
    name: name.slice(0, 500),
    test_id: attr(testIdAttribute),
    id: el.id || null,
    name_attr: attr('name'),
    type: attr('type'),
    label: label || byIds || null,
    placeholder: attr('placeholder'),
    aria_label: attr('aria-label'),
    title: attr('title'),
    alt: attr('alt'),
    href: attr('href'),
    text: text.slice(0, 2000),
    value: tag === 'select' ? el.value : null,
  };
}
"""


class Fingerprint(BaseModel):
    """The element's identity as tag, ARIA role and name, and the attributes locators are built from."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tag: str
    role: str | None = None
    name: str = ""
    """Accessible name (approximate; a ``get_by_role`` candidate built from it is validated)."""
    test_id: str | None = None
    id: str | None = None
    name_attr: str | None = None
    type: str | None = None
    label: str | None = None
    placeholder: str | None = None
    aria_label: str | None = None
    title: str | None = None
    alt: str | None = None
    href: str | None = None
    text: str = ""
    """Visible text, cut to 100 characters (empty for form fields)."""
    value: str | None = None
    """Only for ``<select>``: the selected option's value."""
    row: str | None = None
    """For an element with no name of its own: the text of its row (list item or table row)."""
    row_role: str | None = None
    """``listitem`` or ``row``: what ``row`` is."""
    row_tag: str | None = None
    """When the row is drawn inside a component's shadow root: the component's tag (``todo-item``)."""
    regions: tuple[tuple[str, str], ...] = ()
    """Named ancestors (role, aria-label), nearest first: where a scoped step's region is found."""

    def summary(self) -> str:
        """``button "Log in"`` — how reports name the element."""
        shown = self.name or self.text
        return f'{self.role or self.tag} "{shown[:60]}"' if shown else (self.role or self.tag)

    def agrees_with(self, other: Fingerprint) -> bool:
        """Loose identity for drift reports: same test id or id, else same tag and half the fields agree."""
        if self.test_id and self.test_id == other.test_id:
            return True
        if self.id and self.id == other.id:
            return True
        if self.tag != other.tag:
            return False
        pairs = [
            (self.role, other.role),
            (self.name, other.name),
            (self.label, other.label),
            (self.placeholder, other.placeholder),
            (self.name_attr, other.name_attr),
            (self.text, other.text),
        ]
        comparable = [(a, b) for a, b in pairs if a or b]
        if not comparable:
            return True
        agreeing = sum(1 for a, b in comparable if a == b)
        return agreeing * 2 >= len(comparable)


async def take_fingerprint(
    handle: ElementHandle,
    *,
    test_id_attribute: str,
    secrets: SecretSet,
    timeout_ms: float,
) -> Fingerprint:
    """Read the element behind ``handle`` in one round trip."""
    facts: dict[str, Any] = await asyncio.wait_for(
        handle.evaluate(_DOM_FACTS, test_id_attribute), timeout_ms / 1000
    )
    text = facts.pop("text", "") or ""
    role = facts.pop("role", None)
    clean = {key: _scrub(value, secrets) for key, value in facts.items()}
    return Fingerprint(
        role=role if role not in ("presentation", "none") else None,
        text=_scrub(text[:TEXT_LIMIT], secrets) or "",
        **clean,
    )


def _scrub(value: Any, secrets: SecretSet) -> Any:
    # A secret typed into a contenteditable would otherwise come back as the element's text.
    if isinstance(value, list | tuple):
        return [_scrub(item, secrets) for item in value]
    return secrets.redact(value) if isinstance(value, str) and secrets else value
