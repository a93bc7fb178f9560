"""What an element *is*, captured before a tool acts on it (after a click it may be gone).

Role and accessible name come from Playwright's own ARIA engine (the first line of the element's aria
snapshot), so implicit roles (``<button>`` → button, ``<input type=checkbox>`` → checkbox, ``<a href>`` →
link) and names from labels, ``aria-labelledby`` and content are computed the way ``get_by_role`` matches
them. Everything else is read from the DOM in one ``evaluate``.

Never stored: field values (a password field's snapshot line carries its value) — only ``<select>`` values,
which are option values the page itself defines.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from playwright.async_api import ElementHandle, Locator
from pydantic import BaseModel, ConfigDict

from autoqa.secrets import SecretSet

TEXT_LIMIT = 100

_DOM_FACTS = r"""
(el, testIdAttribute) => {
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const attr = (name) => { const v = el.getAttribute(name); return v === null ? null : norm(v); };
  let label = null;
  if (el.labels && el.labels.length) label = norm(el.labels[0].innerText || el.labels[0].textContent);
  const labelledBy = attr('aria-labelledby');
  if (!label && labelledBy) {
    label = norm(labelledBy.split(/\s+/).map((id) => {
      const ref = el.ownerDocument.getElementById(id);
      return ref ? (ref.innerText || ref.textContent) : '';
    }).join(' ')) || null;
  }
  const tag = el.localName;
  const formField = tag === 'input' || tag === 'textarea' || tag === 'select';
  const text = formField ? '' : norm(el.innerText === undefined ? el.textContent : el.innerText);
  return {
    tag,
    explicit_role: attr('role'),
    test_id: attr(testIdAttribute),
    id: el.id || null,
    name_attr: attr('name'),
    type: attr('type'),
    label,
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

_SNAPSHOT_LINE = re.compile(r'^- (?P<role>[a-z]+)(?: (?P<name>"(?:[^"\\]|\\.)*"))?')


class Fingerprint(BaseModel):
    """The element's identity as tag, ARIA role and name, and the attributes locators are built from."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tag: str
    role: str | None = None
    name: str = ""
    """Accessible name as Playwright computes it (what ``get_by_role(name=…)`` matches)."""
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
            (self.role, other.role), (self.name, other.name), (self.label, other.label),
            (self.placeholder, other.placeholder), (self.name_attr, other.name_attr), (self.text, other.text),
        ]  # fmt: skip
        comparable = [(a, b) for a, b in pairs if a or b]
        if not comparable:
            return True
        agreeing = sum(1 for a, b in comparable if a == b)
        return agreeing * 2 >= len(comparable)


def parse_snapshot_line(snapshot: str) -> tuple[str | None, str]:
    """Role and name from the first line of an aria snapshot (``- button "Log in"``); nothing else is read."""
    first = snapshot.lstrip().splitlines()[0] if snapshot.strip() else ""
    match = _SNAPSHOT_LINE.match(first)
    if match is None or match.group("role") in ("text", "generic"):
        return None, ""
    raw_name = match.group("name")
    try:
        name = json.loads(raw_name) if raw_name else ""
    except ValueError:
        name = raw_name[1:-1] if raw_name else ""
    return match.group("role"), str(name)


async def role_and_name(locator: Locator, timeout_ms: float) -> tuple[str | None, str]:
    try:
        snapshot = await locator.aria_snapshot(depth=0, timeout=timeout_ms)
    except asyncio.CancelledError:
        raise
    except Exception:  # hidden or detached: fall back to the DOM facts alone
        return None, ""
    return parse_snapshot_line(snapshot)


async def take_fingerprint(
    handle: ElementHandle,
    locator: Locator,
    *,
    test_id_attribute: str,
    secrets: SecretSet,
    timeout_ms: float,
) -> Fingerprint:
    """Read the element behind ``handle`` (``locator`` resolves to the same element)."""
    facts: dict[str, Any] = await asyncio.wait_for(
        handle.evaluate(_DOM_FACTS, test_id_attribute), timeout_ms / 1000
    )
    role, name = await role_and_name(locator, timeout_ms)
    explicit = facts.pop("explicit_role", None)
    if role is None and explicit:
        role = explicit.split()[0]
    text = facts.pop("text", "") or ""
    clean = {key: _scrub(value, secrets) for key, value in facts.items()}
    return Fingerprint(
        role=role,
        name=_scrub(name, secrets) or "",
        text=_scrub(text[:TEXT_LIMIT], secrets) or "",
        **clean,
    )


def _scrub(value: Any, secrets: SecretSet) -> Any:
    # A secret typed into a contenteditable would otherwise come back as the element's text.
    return secrets.redact(value) if isinstance(value, str) and secrets else value
