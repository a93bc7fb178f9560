"""The exported order check is the tool's: each text's first occurrence before the next one's. A plain "A,
anything, B" pattern passed where a text shown again further on put it back in order ("Encyclopedia,
Dune, Children of Dune, Encyclopedia" for Children < Encyclopedia), which the run failed. Compared here
with the tool's own rule on every arrangement of a few texts, repeats included."""

from __future__ import annotations

import itertools
import re

from autoqa.export.statements import order_pattern


def _tool_rule(text: str, wanted: list[str]) -> bool:
    """tools/evidence_assertions.py assert_order: first occurrences, each after the previous one."""
    positions = [text.lower().find(w.lower()) for w in wanted]
    return all(p >= 0 for p in positions) and all(a < b for a, b in itertools.pairwise(positions))


def test_the_pattern_judges_as_the_tool_on_every_arrangement() -> None:
    pieces = ["Dune", "Dune Messiah", "Children of Dune", "x.y (2)"]
    compared = 0
    for wanted in (pieces[:2], pieces[1:3], [pieces[0], pieces[2], pieces[3]], [pieces[3], pieces[0]]):
        pattern = re.compile(order_pattern({"texts": wanted}), re.IGNORECASE)
        for length in range(1, 5):
            for shown in itertools.product(pieces, repeat=length):
                text = " ".join(shown)
                assert bool(pattern.search(text)) == _tool_rule(text, wanted), (wanted, text)
                compared += 1
    assert compared > 1000


def test_a_text_shown_again_further_on_is_not_back_in_order() -> None:
    pattern = re.compile(order_pattern({"texts": ["Children of Dune", "Encyclopedia"]}), re.IGNORECASE)
    assert not pattern.search("Encyclopedia Dune Children of Dune Encyclopedia")
    assert pattern.search("Dune Children of Dune Encyclopedia")
