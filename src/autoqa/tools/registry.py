"""TOOLS: every browser tool by name, in the order a model should read them."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from autoqa.tools import (
    actions,
    appeared,
    assertions,
    blur,
    control,
    drag,
    each_checked,
    each_text,
    evidence_assertions,
    navigation,
    observe,
    set_field,
    sorted_check,
    storage,
    visual,
)
from autoqa.tools.args import ElementArgs
from autoqa.tools.spec import ToolSpec

_SPECS = (
    ToolSpec(
        "snapshot",
        "The page's accessibility tree with [ref=eN] refs; long pages are cut: scope with ref/target and "
        "depth (levels below it).",
        observe.SnapshotArgs, "observe", observe.snapshot,
    ),
    ToolSpec(
        "navigate",
        "Open a URL; waits for load.",
        navigation.NavigateArgs, "action", navigation.navigate,
    ),
    ToolSpec(
        "history",
        "Browser Back, Forward or Reload; waits for the page.",
        navigation.HistoryArgs, "action", navigation.history,
    ),
    ToolSpec(
        "click",
        "Click an element. button=right|middle; double=true double-clicks.",
        actions.ClickArgs, "action", actions.click,
    ),
    ToolSpec(
        "fill",
        # The system prompt says what {{NAME}} in value does.
        "Replace a field's text with value.",
        actions.FillArgs, "action", actions.fill,
    ),
    ToolSpec(
        "select_option",
        "Choose an option of a <select> by its visible label (or value).",
        actions.SelectOptionArgs, "action", actions.select_option,
    ),
    ToolSpec(
        "press_key",
        "Press a key or chord (Enter, Tab, Escape, ArrowDown, Control+A) on an element, else the focused "
        "one.",
        actions.PressKeyArgs, "action", actions.press_key,
    ),
    ToolSpec(
        "blur",
        "Move focus out of an element (else the focused one): blur it, or click_outside on an empty spot.",
        blur.BlurArgs, "action", blur.blur,
    ),
    ToolSpec(
        "hover",
        "Move the mouse over an element (reveals hover menus).",
        ElementArgs, "action", actions.hover,
    ),
    ToolSpec(
        "drag",
        "Drag an element and drop it on to_ref/to_target (place: which side of it; onto = its middle).",
        drag.DragArgs, "action", drag.drag,
    ),
    ToolSpec(
        "set_field",
        "Set a form field to value: a <select> to the option of that label, a text field or slider filled.",
        set_field.SetFieldArgs, "action", set_field.set_field,
    ),
    ToolSpec(
        "set_checked",
        "Check (checked=true) or uncheck a checkbox, radio or switch.",
        actions.SetCheckedArgs, "action", actions.set_checked,
    ),
    ToolSpec(
        "upload_file",
        "Put a file from the upload folder (path relative to it) into a file input.",
        actions.UploadFileArgs, "action", actions.upload_file,
    ),
    ToolSpec(
        "scroll",
        "Scroll the page amount px in direction (top/bottom: all the way); with ref/target, scroll it "
        "into view instead.",
        actions.ScrollArgs, "action", actions.scroll,
    ),
    ToolSpec(
        "wait_for",
        "Wait until text is shown, text_gone is gone, or ref/target reaches state; seconds: the longest "
        "wait, alone a pause.",
        control.WaitForArgs, "control", control.wait_for,
    ),
    ToolSpec(
        "tabs",
        "List open tabs (links may open new ones), or switch to / close one by index (-1: the newest).",
        control.TabsArgs, "control", control.tabs,
    ),
    ToolSpec(
        "dialogs",
        "Alert/confirm/prompt dialogs are accepted automatically; list them, or set accept/dismiss for "
        "the next ones (it persists).",
        control.DialogsArgs, "control", control.dialogs,
    ),
    ToolSpec(
        "screenshot",
        "An image of the viewport (or full_page), when the snapshot cannot show what you need.",
        observe.ScreenshotArgs, "observe", observe.screenshot,
    ),
    ToolSpec(
        "assert_text_present",
        "Check that text is shown on the page (iframes too); waits for it.",
        assertions.TextPresentArgs, "assertion", assertions.assert_text_present,
    ),
    ToolSpec(
        "assert_text_absent",
        "Check that text is not shown on the page; waits for it to go away.",
        assertions.TextArgs, "assertion", assertions.assert_text_absent,
    ),
    ToolSpec(
        "assert_element_visible",
        "Check that an element is visible; waits for it.",
        ElementArgs, "assertion", assertions.assert_element_visible,
    ),
    ToolSpec(
        "assert_element_hidden",
        "Check that an element is hidden or gone; waits for it.",
        ElementArgs, "assertion", assertions.assert_element_hidden,
    ),
    ToolSpec(
        "assert_url",
        "Check the page URL; expected: text, full URL, path like /cart, or regex.",
        assertions.UrlArgs, "assertion", assertions.assert_url,
    ),
    ToolSpec(
        "assert_title",
        "Check the page title against expected.",
        assertions.MatchArgs, "assertion", assertions.assert_title,
    ),
    ToolSpec(
        "assert_value",
        "Check a field's value (a <select>: its selected label or value).",
        assertions.ValueArgs, "assertion", assertions.assert_value,
    ),
    ToolSpec(
        "assert_checked",
        "Check that a checkbox/radio/switch is checked (checked=false: unchecked).",
        assertions.CheckedArgs, "assertion", assertions.assert_checked,
    ),
    ToolSpec(
        "assert_enabled",
        "Check that an element is enabled (enabled=false: disabled).",
        assertions.EnabledArgs, "assertion", assertions.assert_enabled,
    ),
    ToolSpec(
        "assert_state",
        "Check an element is selected, expanded, pressed, current or invalid.",
        assertions.StateArgs, "assertion", assertions.assert_state,
    ),
    ToolSpec(
        "assert_class",
        "Check an element's own class list has a class name (present=false: has not).",
        assertions.ClassArgs, "assertion", assertions.assert_class,
    ),
    ToolSpec(
        "assert_attribute",
        "Check an element's attribute equals value (no value: is there; present=false: not so).",
        assertions.AttributeArgs, "assertion", assertions.assert_attribute,
    ),
    ToolSpec(
        "assert_accessible",
        "Check an element's accessible name or ARIA role, as the accessibility tree computes it.",
        assertions.AccessibleArgs, "assertion", assertions.assert_accessible,
    ),
    ToolSpec(
        "assert_count",
        "Check how many visible elements match target (e.g. 6 'Add to cart' buttons).",
        assertions.CountArgs, "assertion", assertions.assert_count,
    ),
    ToolSpec(
        "assert_text_in",
        "Check the text inside one element (exact=true: its whole text).",
        evidence_assertions.ScopedTextArgs, "assertion", evidence_assertions.assert_text_in,
    ),
    ToolSpec(
        "assert_order",
        "Check that texts appear in this order (first to last), in an element (ref/target) or the page.",
        evidence_assertions.OrderArgs, "assertion", evidence_assertions.assert_order,
    ),
    ToolSpec(
        "assert_sorted",
        "Check the page's main list (tables=true: table) is sorted by its text or a column, ascending or "
        "descending.",
        sorted_check.SortedArgs, "assertion", sorted_check.assert_sorted,
    ),
    ToolSpec(
        "assert_each_checked",
        "Check each item's own checkbox in the page's main list (scope=page: every checkbox shown) is "
        "checked (checked=false: unchecked); count: how many.",
        each_checked.EachCheckedArgs, "assertion", each_checked.assert_each_checked,
    ),
    ToolSpec(
        "assert_each_text",
        "Check every shown item of the page's main list (tables=true: table rows) shows a text, in a column "
        "when given.",
        each_text.EachTextArgs, "assertion", each_text.assert_each_text,
    ),
    ToolSpec(
        "assert_focused",
        "Check an element has the keyboard focus (focused=false: has not).",
        evidence_assertions.FocusedArgs, "assertion", evidence_assertions.assert_focused,
    ),
    ToolSpec(
        "assert_appeared",
        "Check that text appeared in a toast, status message or dialog since the step's action, even if "
        "gone now.",
        appeared.AppearedArgs, "assertion", appeared.assert_appeared,
    ),
    ToolSpec(
        "assert_storage",
        "Check a local/session storage key or cookie: state set/unset/empty, or equals/contains/count.",
        storage.StorageArgs, "assertion", storage.assert_storage,
    ),
    ToolSpec(
        "assert_matches_baseline",
        "Compare the page (or element) with baseline image name; the first run saves it. ignore: targets "
        "to mask.",
        visual.BaselineArgs, "assertion", visual.assert_matches_baseline,
    ),
    ToolSpec(
        "clear_storage",
        "Clear local/session storage, cookies, or all.",
        storage.ClearStorageArgs, "action", storage.clear_storage,
    ),
)  # fmt: skip

TOOLS: Mapping[str, ToolSpec] = MappingProxyType({spec.name: spec for spec in _SPECS})
