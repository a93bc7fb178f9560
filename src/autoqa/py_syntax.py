"""``ast.parse`` behind one lock, for every parse autoqa makes of Python source.

CPython 3.11 keeps the AST constructor's recursion depth in state shared by all threads: when a parse lets
another thread run (the garbage collector calling a finalizer) and that thread parses too, the first one
fails with ``SystemError: AST constructor recursion depth mismatch`` (python/cpython#106905). An export
writes in a worker thread while the event loop reads recorded locators, so two parses do meet: a CI run
turned a passed spec into an error so. One lock makes autoqa's own parses take turns.
"""

from __future__ import annotations

import ast
import threading

_LOCK = threading.Lock()


def parse_module(source: str) -> ast.Module:
    """``ast.parse(source)``, one at a time."""
    with _LOCK:
        return ast.parse(source)


def parse_expression(source: str) -> ast.Expression:
    """``ast.parse(source, mode="eval")``, one at a time."""
    with _LOCK:
        return ast.parse(source, mode="eval")
