"""Property tests: any text (NUL, lone surrogates, bidi controls, quotes) becomes valid, visible Python.

Exported files are reviewed by people, so no character that renders invisibly or reorders the line
(Trojan Source) may reach them raw; and a spec title must never stop the export with a syntax error.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from autoqa.errors import ExportError
from autoqa.export import SetupRecording, build_module, export_spec, finish_module
from autoqa.export.code_model import INDENT, _comment_lines, _docstring
from autoqa.record import CandidateCheck, ElementRecord, Fingerprint, IRRecord, LocatorSpec, TextLocation
from autoqa.record.frames import FrameRef
from autoqa.record.ir import DialogSeen
from autoqa.record.locator_spec import py_str, py_text
from autoqa.spec.model import Spec, Step, StepKind

PATH = Path("fuzz.md")
BIDI = [chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F)]
NASTY = [
    *BIDI,
    "\0",
    "\r",
    "\n",
    "\t",
    "\x0b",
    "\x0c",
    "\x1c",
    "\x7f",
    "\x85",
    "\xa0",
    "\u2028",
    "\u2029",
    "\u200b",
    "\u200d",
    "\u2060",
    "\ufeff",
    "\ud800",
    "\udfff",
    "\U000e0001",
    '"',
    '"""',
    "'",
    "\\",
    "\\N",
    "\\u",
    "é",
    "中",
    "😀",
    " ",
    "#",
    "{{PASSWORD}}",
]
# Every code point category (surrogates included), with the known troublemakers drawn far more often.
CHARS = st.one_of(st.characters(exclude_categories=()), st.sampled_from(NASTY))
TEXT = st.lists(CHARS, max_size=30).map("".join)
SETTINGS = settings(
    max_examples=300, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def _visible(code: str, allowed: str = "") -> bool:
    return all(ch.isprintable() or ch in allowed for ch in code)


@SETTINGS
@given(TEXT)
def test_a_literal_evaluates_back_to_the_text_and_shows_every_character(text: str) -> None:
    literal = py_str(text)
    assert ast.literal_eval(literal) == text
    assert literal[0] == literal[-1] == '"'
    assert _visible(literal)
    literal.encode("utf-8")


@SETTINGS
@given(TEXT.filter(lambda t: t.isprintable() and '"' not in t and "\\" not in t))
def test_printable_text_stays_readable_in_a_literal(text: str) -> None:
    assert py_str(text) == f'"{text}"'


def test_literals_use_python_escapes_and_double_quotes() -> None:
    assert py_str('say "hi" \\ é中') == '"say \\"hi\\" \\\\ é中"'
    assert py_str("\0\n\r\t\x7f") == '"\\x00\\n\\r\\t\\x7f"'
    assert py_str("\u202e\ud800\ufeff\U000e0001") == '"\\u202e\\ud800\\ufeff\\U000e0001"'
    assert py_str("\xa0") == repr("\xa0").replace("'", '"')


@SETTINGS
@given(TEXT, st.sampled_from(["", INDENT]))
def test_comments_stay_comments_and_show_every_character(text: str, pad: str) -> None:
    lines = _comment_lines(text, pad)
    assert all(line.startswith(pad + "#") for line in lines)
    assert _visible("\n".join(lines), "\n")
    # Every line really is a comment (no line break slipped through): only the pass statement remains.
    tree = ast.parse("def f():\n" + "\n".join(INDENT + line.lstrip() for line in lines) + "\n    pass\n")
    assert len(tree.body[0].body) == 1  # type: ignore[attr-defined]
    single = py_text(text)
    assert "\n" not in single and _visible(single)


@SETTINGS
@given(TEXT, st.sampled_from(["", INDENT]))
def test_a_docstring_holds_any_text_and_round_trips(text: str, pad: str) -> None:
    source = _docstring(text, pad)
    assert _visible(source, "\n")
    if pad:
        tree = ast.parse(f"def f():\n{source}\n{pad}pass\n")
        value = ast.get_docstring(tree.body[0], clean=False)  # type: ignore[arg-type]
    else:
        tree = ast.parse(f"{source}\nx = 1\n")
        value = ast.get_docstring(tree, clean=False)
    assert value is not None
    # Layout aside (indentation of later lines, the blank edges of a multi-line docstring) it is the text.
    assert value.replace("\n" + pad, "\n").strip(" \n") == text.strip(" \n")


def test_a_title_ending_in_a_quote_keeps_its_quotes_readable() -> None:
    title = 'Check the "Go" button says "hi"'
    assert _docstring(title, "") == '"""Check the "Go" button says "hi\\""""'
    assert _comment_lines(f"Step 1: {title}", "") == [f"# Step 1: {title}"]
    assert py_text("pay \u202egnp.exe\0") == "pay \\u202egnp.exe\\x00"


def _element(draw: Any) -> ElementRecord:
    kinds = ["test_id", "role", "label", "placeholder", "alt_text", "title", "text", "css"]
    kind = draw(st.sampled_from(kinds))
    locator = LocatorSpec(kind=kind, value=draw(TEXT), role=draw(TEXT) if kind == "role" else None)
    return ElementRecord(
        fingerprint=Fingerprint(tag="input", type=draw(st.sampled_from([None, "file"]))),
        frames=tuple(FrameRef(selector=s) for s in draw(st.lists(TEXT, max_size=2))),
        candidates=(CandidateCheck(locator=locator, count=1, same_element=True, ok=True),),
    )


def _record(draw: Any, seq: int, step: int) -> IRRecord:
    tool = draw(
        st.sampled_from(
            [
                "navigate",
                "click",
                "fill",
                "select_option",
                "press_key",
                "upload_file",
                "assert_text_present",
                "assert_text_absent",
                "assert_text_in",
                "assert_url",
                "assert_title",
                "assert_order",
                "assert_value",
                "wait_for",
            ]
        )
    )
    fields: dict[str, Any] = {}
    args: dict[str, Any] = {"target": draw(TEXT)}
    if tool == "navigate":
        args = {"url": draw(TEXT)}
    elif tool == "click":
        args["button"] = draw(st.sampled_from(["left", "right"]))
        fields["dialogs"] = (DialogSeen(type=draw(TEXT), message=draw(TEXT)),)
    elif tool == "fill":
        args["value"] = draw(TEXT) + "{{PASSWORD}}" + draw(TEXT)
    elif tool == "select_option":
        fields["data"] = {"selected": draw(TEXT)}
    elif tool == "press_key":
        args = {"key": draw(TEXT)}  # page-level: no element
    elif tool == "upload_file":
        args["path"] = draw(TEXT)
    elif tool in ("assert_text_present", "assert_text_absent", "assert_text_in", "wait_for"):
        args = {"text": draw(TEXT)} | ({"target": args["target"]} if tool == "assert_text_in" else {})
        frames = tuple(FrameRef(selector=s) for s in draw(st.lists(TEXT, max_size=2)))
        fields["text"] = TextLocation(frames=frames, matches=draw(st.integers(0, 2)))
    elif tool in ("assert_url", "assert_title"):
        expected = draw(st.sampled_from(["", "/"])) + draw(TEXT)
        args = {"expected": expected, "match": draw(st.sampled_from(["regex", "contains", "exact"]))}
    elif tool == "assert_order":
        args = {"texts": draw(st.lists(TEXT, min_size=1, max_size=3))}
    elif tool == "assert_value":
        args["expected"] = draw(TEXT)
    if "target" in args or tool == "assert_value":
        fields["element"] = _element(draw)
    return IRRecord(seq=seq, step=step, tool=tool, args=args, **fields)


@st.composite
def _recordings(draw: Any, path: Path = PATH) -> tuple[Spec, list[IRRecord]]:
    """A spec of random text and one random record per step (an unrecorded optional step at the end)."""
    variable = draw(TEXT.filter(lambda t: len(t) >= 3))
    steps: list[Step] = []
    records: list[IRRecord] = []
    for index in range(1, draw(st.integers(1, 4)) + 1):
        text = draw(TEXT) + " {{USER}}"
        expected = tuple(draw(st.lists(TEXT, max_size=2)))
        steps.append(Step(index, text, StepKind.ACTION, path, index, expected=expected, raw_text=text))
        record = _record(draw, index, index)
        if record.tool == "fill":  # the variable's value inside a value: os.environ.get(…, default)
            record = record.model_copy(update={"args": {**record.args, "value": f"a{variable}b"}})
        records.append(record)
    last = len(steps) + 1
    optional = draw(st.sampled_from(["Click ", "Fill ", "Hover ", ""])) + f'"{draw(TEXT)}"'
    steps.append(Step(last, optional, StepKind.ACTION, path, last, optional=True, raw_text=optional))
    spec = Spec(
        path=path,
        title=draw(TEXT),
        preconditions=(),
        steps=tuple(steps),
        secrets=frozenset({"PASSWORD"}),
        variables={"USER": variable, "PASSWORD": "x"},
    )
    return spec, records


@settings(max_examples=60, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_recordings(), _recordings(Path("setup.md")), TEXT, st.one_of(st.none(), TEXT))
def test_an_exported_module_compiles_for_any_spec_text(
    recording: tuple[Spec, list[IRRecord]],
    setup: tuple[Spec, list[IRRecord]],
    label: str,
    auth: str | None,
) -> None:
    spec, records = recording
    if auth is not None:
        spec = Spec(spec.path, spec.title, (), spec.steps, auth=auth, variables=spec.variables)
    module = build_module(
        spec, records, source_label=label, app_origin="http://127.0.0.1:8000", setup=SetupRecording(*setup)
    )
    code = finish_module(module)  # rendered, checked and formatted by ruff, as export writes it
    compile(code, "test_fuzz.py", "exec")
    code.encode("utf-8")
    assert _visible(code, "\n"), [ch for ch in code if not ch.isprintable() and ch != "\n"]


@pytest.mark.parametrize("secret", ["pa\u200bss", 'say "hi"', "back\\slash", "tag\U000e0001s"])
def test_a_secret_is_found_in_its_escaped_spelling_too(secret: str, tmp_path: Path) -> None:
    source = tmp_path / "leak.md"
    text = 'Fill "x" with "{{PASSWORD}}"'
    spec = Spec(
        source,
        "Leak",
        (),
        (Step(1, text, StepKind.ACTION, source, 5, raw_text=text),),
        secrets=frozenset({"PASSWORD"}),
        variables={"PASSWORD": secret},
    )
    record = IRRecord(
        seq=1, step=1, tool="fill", args={"target": "x", "value": secret}, element=_fixed_element()
    )
    with pytest.raises(ExportError, match="would contain the value of secret PASSWORD"):
        export_spec(spec, [record], tmp_path / "out", root=tmp_path)


def _fixed_element() -> ElementRecord:
    check = CandidateCheck(
        locator=LocatorSpec(kind="test_id", value="x"), count=1, same_element=True, ok=True
    )
    return ElementRecord(fingerprint=Fingerprint(tag="input"), candidates=(check,))
