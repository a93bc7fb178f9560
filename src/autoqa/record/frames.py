"""The chain of iframes an element lives in, each as a selector its parent document resolves uniquely.

Exported code enters them with ``page.frame_locator(selector)``; the name and URL are kept for readers.
"""

from __future__ import annotations

import asyncio

from playwright.async_api import ElementHandle, Frame
from pydantic import BaseModel, ConfigDict

from autoqa.record.locator_spec import css_attr, css_id

_IFRAME_FACTS = """(el) => ({
  title: el.getAttribute('title'), name: el.getAttribute('name'), id: el.id || null,
  testid: el.getAttribute('data-testid'), src: el.getAttribute('src'), tag: el.localName,
})"""


class FrameRef(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    selector: str
    """CSS for the ``<iframe>`` element inside its parent document (unique there when recorded)."""
    name: str = ""
    url: str = ""


async def frame_path(frame: Frame | None, timeout_ms: float) -> tuple[FrameRef, ...]:
    """The iframes leading to ``frame``, outermost first; empty for the main frame."""
    chain: list[FrameRef] = []
    while frame is not None and frame.parent_frame is not None:
        chain.insert(0, await _frame_ref(frame, frame.parent_frame, timeout_ms))
        frame = frame.parent_frame
    return tuple(chain)


async def _frame_ref(frame: Frame, parent: Frame, timeout_ms: float) -> FrameRef:
    element = await asyncio.wait_for(frame.frame_element(), timeout_ms / 1000)
    try:
        facts = await asyncio.wait_for(element.evaluate(_IFRAME_FACTS), timeout_ms / 1000)
        tag = facts.get("tag") or "iframe"
        options = [
            css_attr("title", facts["title"], tag) if facts.get("title") else None,
            css_attr("data-testid", facts["testid"]) if facts.get("testid") else None,
            css_attr("name", facts["name"], tag) if facts.get("name") else None,
            css_id(facts["id"]) if facts.get("id") else None,
            css_attr("src", facts["src"], tag) if facts.get("src") else None,
        ]
        for selector in (s for s in options if s):
            if await _unique_and_same(parent, selector, element, timeout_ms):
                return FrameRef(selector=selector, name=frame.name, url=frame.url)
        index = await asyncio.wait_for(
            element.evaluate("(el) => [...el.ownerDocument.querySelectorAll('iframe, frame')].indexOf(el)"),
            timeout_ms / 1000,
        )
        return FrameRef(selector=f"iframe >> nth={index}", name=frame.name, url=frame.url)
    finally:
        await element.dispose()


async def _unique_and_same(parent: Frame, selector: str, element: ElementHandle, timeout_ms: float) -> bool:
    locator = parent.locator(selector)
    try:
        if await asyncio.wait_for(locator.count(), timeout_ms / 1000) != 1:
            return False
        same = await locator.evaluate("(el, other) => el === other", element, timeout=timeout_ms)
        return bool(same)
    except asyncio.CancelledError:
        raise
    except Exception:
        return False
