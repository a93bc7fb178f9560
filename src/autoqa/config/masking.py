"""Hiding secrets in values we print: URL credentials, token-like query parameters, secret variables."""

from __future__ import annotations

import re
from urllib.parse import urlsplit, urlunsplit

MASK = "********"
_SECRET_PARAM = re.compile(r"([?&][^=&#]*(?:token|key|secret|password|passwd|auth|sig)[^=&#]*=)[^&#]*", re.I)


def mask_url(url: str) -> str:
    """``https://user:pw@host/?token=abc`` → ``https://user:********@host/?token=********``."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return url
    netloc = parts.netloc
    if "@" in netloc:
        credentials, host = netloc.rsplit("@", 1)
        user = credentials.split(":", 1)[0]
        netloc = f"{user}:{MASK}@{host}" if ":" in credentials else f"{MASK}@{host}"
    masked = urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))
    return _SECRET_PARAM.sub(lambda m: m.group(1) + MASK, masked)
