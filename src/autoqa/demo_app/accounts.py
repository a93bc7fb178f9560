"""Demo accounts and the server-side session store behind the ``session`` cookie."""

from __future__ import annotations

import os
import secrets
import threading
from dataclasses import dataclass
from typing import Literal

DEFAULT_USERNAME = "demo"
DEFAULT_PASSWORD = "demo-pass-123"
LOCKED_USERNAME = "locked"
INVALID_MESSAGE = "Invalid username or password"
LOCKED_MESSAGE = "This account is locked"

LoginOutcome = Literal["ok", "invalid", "locked"]


@dataclass(frozen=True, slots=True)
class Credentials:
    """The one account that can log in."""

    username: str
    password: str

    @classmethod
    def resolve(cls, username: str | None, password: str | None) -> Credentials:
        """Explicit arguments win, then ``AUTOQA_DEMO_USERNAME`` / ``AUTOQA_DEMO_PASSWORD``, then defaults."""
        return cls(
            username=username or os.environ.get("AUTOQA_DEMO_USERNAME") or DEFAULT_USERNAME,
            password=password or os.environ.get("AUTOQA_DEMO_PASSWORD") or DEFAULT_PASSWORD,
        )

    def check(self, username: str, password: str) -> LoginOutcome:
        # The locked account is refused whatever password is typed, so tests need not know one.
        if username == LOCKED_USERNAME:
            return "locked"
        same_user = secrets.compare_digest(username.encode(), self.username.encode())
        same_password = secrets.compare_digest(password.encode(), self.password.encode())
        return "ok" if same_user and same_password else "invalid"


class SessionStore:
    """Random session tokens mapped to user names; thread-safe (one handler thread per request)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._sessions: dict[str, str] = {}

    def open(self, username: str) -> str:
        token = secrets.token_urlsafe(24)
        with self._lock:
            self._sessions[token] = username
        return token

    def user(self, token: str | None) -> str | None:
        if not token:
            return None
        with self._lock:
            return self._sessions.get(token)

    def close(self, token: str | None) -> None:
        if token:
            with self._lock:
                self._sessions.pop(token, None)
