"""Capturing one element for the IR: fingerprint, frame chain and validated locator candidates.

Runs inside a tool call (right before the action), so it is bounded in time and never raises: a capture
that fails says why in ``ElementRecord.error`` and the action goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import Mapping
from typing import Any

from playwright.async_api import ElementHandle, Frame, Locator, Page

from autoqa.record.fingerprint import Fingerprint, take_fingerprint
from autoqa.record.frames import frame_path
from autoqa.record.ir import ElementRecord, TextLocation
from autoqa.record.locator_checks import (
    CandidateCheck,
    States,
    element_states,
    generate,
    merge,
    settled,
    validate_all,
)
from autoqa.record.locator_spec import LocatorSpec
from autoqa.secrets import SecretSet
from autoqa.target_scope import split_scope
from autoqa.tools.targets import same_origin_child_frames


async def capture_element(
    tool: str,
    locator: Locator,
    args: Mapping[str, Any],
    *,
    test_id_attribute: str,
    secrets: SecretSet,
    timeout_ms: float,
    expected_count: int | None = None,
) -> ElementRecord:
    """Everything export and replay need to find this element again."""
    if expected_count is None and tool == "assert_count" and isinstance(args.get("count"), int):
        expected_count = int(args["count"])
    try:
        handle = await asyncio.wait_for(locator.element_handle(timeout=timeout_ms), timeout_ms / 1000 + 1)
    except asyncio.CancelledError:
        raise
    except Exception as exc:
        return ElementRecord(
            fingerprint=Fingerprint(tag=""), error=f"element gone before capture: {_line(exc)}"
        )
    fingerprint: Fingerprint | None = None
    states_read: asyncio.Future[States | None] | None = None
    try:
        # Independent browser round trips run together: capture happens before every recorded action.
        taken, frame = await asyncio.gather(
            take_fingerprint(
                handle, test_id_attribute=test_id_attribute, secrets=secrets, timeout_ms=timeout_ms
            ),
            handle.owner_frame(),
        )
        fingerprint = taken
        if frame is None:
            return ElementRecord(fingerprint=taken, error="element is not in a frame any more")
        target = args.get("target")
        within = split_scope(target)[1] if isinstance(target, str) else None
        ours = generate(taken, test_id_attribute=test_id_attribute, within=within)
        if isinstance(target, str) and taken.role and _ROLE_ONLY.fullmatch(target.strip()) and taken.name:
            # "role=columnheader": every element of that role, whatever its name (the page's column headers,
            # counted): a locator by the first one's name would find that one only
            ours.append(LocatorSpec(kind="role", role=taken.role, value=""))
        # Read beside the first check rather than after it: the candidate that resolves to this element
        # takes them from here.
        states = states_read = asyncio.ensure_future(element_states(handle, tool))

        async def check(candidates: list[tuple[LocatorSpec, str]]) -> list[CandidateCheck]:
            return await validate_all(
                candidates,
                tool=tool,
                frame=frame,
                handle=handle,
                expected_count=expected_count,
                test_id_attribute=test_id_attribute,
                timeout_ms=timeout_ms,
                states=states,
            )

        frames, checks = await asyncio.gather(frame_path(frame, timeout_ms), check(merge(ours, [])))
        if not settled(checks):  # Playwright's own generator, when ours leave something undecided
            tried = {c.locator for c in checks}
            extra = [
                pair for pair in merge(ours, await _normalized(locator, timeout_ms)) if pair[0] not in tried
            ]
            checks = sorted([*checks, *await check(extra)], key=lambda c: c.locator.priority)
        return ElementRecord(
            fingerprint=taken, frames=frames, candidates=tuple(checks), group_size=expected_count
        )
    except asyncio.CancelledError:
        raise
    except Exception as exc:
        return ElementRecord(
            fingerprint=fingerprint or Fingerprint(tag=""), error=f"capture failed: {_line(exc)}"
        )
    finally:
        if states_read is not None:
            await _settled(states_read)  # done by now, but must not outlive the handle
        _dispose_later(handle)


_ROLE_ONLY = re.compile(r"role=[a-z]+")


async def _normalized(locator: Locator, timeout_ms: float) -> list[LocatorSpec]:
    """Playwright's own best-practice locator for the element, when it is one we can express."""
    try:
        normalized = await asyncio.wait_for(locator.normalize(), timeout_ms / 1000)
    except asyncio.CancelledError:
        raise
    except Exception:
        return []
    spec = LocatorSpec.from_code(str(normalized))
    return [spec] if spec is not None else []


async def locate_text(page: Page, text: str, *, exact: bool, timeout_ms: float) -> TextLocation:
    """The first document (main, then same-origin iframes) where ``get_by_text`` sees ``text`` visibly."""
    frames: list[Frame] = [page.main_frame, *same_origin_child_frames(page)]
    for frame in frames:
        try:
            matches = frame.get_by_text(text, exact=exact)
            visible, total = await asyncio.wait_for(  # two reads, one round trip
                asyncio.gather(matches.filter(visible=True).count(), matches.count()), timeout_ms / 1000
            )
            if not visible:
                continue
            chain = await frame_path(frame, timeout_ms)
        except asyncio.CancelledError:
            raise
        except Exception:
            continue
        return TextLocation(frames=chain, matches=total, visible=visible)
    return TextLocation()


async def _settled(future: asyncio.Future[Any]) -> None:
    with contextlib.suppress(Exception):
        await future


_disposing: set[asyncio.Task[None]] = set()


def _dispose_later(handle: ElementHandle) -> None:
    """Release the handle without waiting for the browser's answer: the message goes out before the
    action's own (the protocol keeps their order), and nothing reads the handle again."""
    task = asyncio.get_running_loop().create_task(_dispose(handle))
    _disposing.add(task)
    task.add_done_callback(_disposing.discard)


async def _dispose(handle: ElementHandle) -> None:
    try:
        await asyncio.wait_for(handle.dispose(), 2)
    except asyncio.CancelledError:
        raise
    except Exception:  # the page navigated away: the handle is gone anyway
        pass


def _line(exc: BaseException) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text.splitlines()[0]}" if text else type(exc).__name__
