"""autoqa's parses of Python source take turns: under threads whose garbage collection runs finalizers,
CPython 3.11's AST constructor (shared recursion-depth state, python/cpython#106905) otherwise fails with
"SystemError: AST constructor recursion depth mismatch", as a CI run's export did."""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Callable

from autoqa.py_syntax import parse_expression, parse_module

SOURCE = "\n".join(
    f"def test_{i}(page):\n    with settled(page):\n        page.get_by_role('button', name='x{i}').click()"
    for i in range(150)
)


class _Finalized:
    """Garbage whose finalizer lets another thread run (as a finalizer of real objects may)."""

    def __init__(self) -> None:
        self.cycle = self

    def __del__(self) -> None:
        time.sleep(0)


def _parse_in_threads(parse: Callable[[], object], threads: int = 4, rounds: int = 30) -> list[str]:
    errors: list[str] = []

    def work() -> None:
        for _ in range(rounds):
            garbage = [_Finalized() for _ in range(50)]
            del garbage
            try:
                parse()
            except SystemError as exc:  # the failure this module exists for
                errors.append(str(exc))
                return

    threshold = gc.get_threshold()
    gc.set_threshold(50, 5, 5)
    try:
        workers = [threading.Thread(target=work) for _ in range(threads)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
    finally:
        gc.set_threshold(*threshold)
    return errors


def test_module_and_expression_parses_in_threads_never_fail_so() -> None:
    assert _parse_in_threads(lambda: (parse_module(SOURCE), parse_expression("page.get_by_text('x')"))) == []
