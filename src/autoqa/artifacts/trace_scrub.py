"""Removing secrets from a Playwright ``trace.zip`` while keeping it openable.

Why: Playwright records the arguments of every action in the trace, so ``page.fill(password_field,
"hunter22")`` stores ``"value":"hunter22"`` in ``trace.trace``; the login request's body lands in
``resources/<sha1>`` and its headers (``Authorization``, ``Cookie``) in ``trace.network``; DOM snapshots
may hold typed values. A trace is a zip of JSON Lines files plus resources, so it can be cleaned after
recording, before anyone sees it.

How :func:`scrub_trace` does it:

1. Read every member of the recorded zip (it lives in the spec's private staging folder, never in the
   run folder).
2. Members that decode as UTF-8 (``trace.trace``, ``trace.network``, ``trace.stacks``, HTML/CSS/JSON
   resources, request bodies) go through :meth:`Redactor.text`: secret values in any spelling (percent,
   HTML, JSON/JS escapes, base64: :class:`~autoqa.secrets.SecretMatcher`) become ``<secret:NAME>``;
   Authorization/Cookie header values, URL user-info, token query parameters and API keys become
   ``***``; the home directory becomes ``~``. None of the replacements contain quotes or backslashes,
   so JSON lines stay valid JSON.
3. Binary members (screencast JPEG frames, fonts) get the byte-level secret replacement only
   (:meth:`Redactor.bytes`). Pixels cannot be cleaned as text, and password fields render as dots; the
   byte pass still catches a secret in image metadata. A frame whose compressed bytes happened to spell
   a secret would be damaged, which we accept: a broken frame beats a leaked password.
4. The result is written as a new zip with the same member names and order, to a temporary file next to
   the destination, fsynced and renamed over it (:mod:`autoqa.artifacts.atomic`): a reader never sees a
   half-written trace, and the unscrubbed original is never copied into the run folder.

Resource members keep their ``<sha1>`` names although their content changed: the trace viewer looks
resources up by name and does not verify hashes, so the trace still opens in ``playwright show-trace``.
If scrubbing fails (a corrupt zip), the caller drops the trace rather than keep an unscrubbed one.
"""

from __future__ import annotations

import zipfile
from dataclasses import dataclass
from pathlib import Path

from autoqa.artifacts.atomic import atomic_writer
from autoqa.artifacts.redact import Redactor

_IMAGE_SIGNATURES = (b"\xff\xd8\xff", b"\x89PNG\r\n\x1a\n", b"GIF87a", b"GIF89a")


@dataclass(frozen=True, slots=True)
class ScrubReport:
    members: int
    """Members in the archive."""
    rewritten: int
    """Members whose content changed."""
    images: int
    """Image members (stored uncompressed; only byte-level secret replacement applies)."""


def _is_image(data: bytes) -> bool:
    return data.startswith(_IMAGE_SIGNATURES) or (data[:4] == b"RIFF" and data[8:12] == b"WEBP")


def scrub_member(data: bytes, redactor: Redactor) -> bytes:
    """The cleaned content of one archive member (see the module docstring for the rules)."""
    if _is_image(data):
        return redactor.bytes(data)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return redactor.bytes(data)
    return redactor.text(text).encode("utf-8")


def scrub_trace(source: Path, dest: Path, redactor: Redactor) -> ScrubReport:
    """Write a copy of the trace ``source`` to ``dest`` with secrets removed from every member.

    ``dest`` appears atomically and only when the whole archive was rewritten.

    Raises:
        zipfile.BadZipFile: ``source`` is not a readable zip archive.
        OSError: reading or writing failed.
    """
    rewritten = images = 0
    with zipfile.ZipFile(source) as archive, atomic_writer(dest) as handle:
        infos = archive.infolist()
        with zipfile.ZipFile(handle, "w", compression=zipfile.ZIP_DEFLATED) as out:
            for info in infos:
                data = archive.read(info)
                clean = scrub_member(data, redactor)
                images += _is_image(data)
                rewritten += clean != data
                member = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                member.compress_type = zipfile.ZIP_STORED if _is_image(data) else zipfile.ZIP_DEFLATED
                member.external_attr = info.external_attr
                out.writestr(member, clean)
    return ScrubReport(members=len(infos), rewritten=rewritten, images=images)
