"""Role words: the one vocabulary of element nouns that name ARIA roles ("button", "link", "field", "按钮" …).

The plain grammar (``autoqa.spec``) keeps a role word that follows a quoted target — ``the "Save" button``
becomes the target ``"Save" button`` (:func:`role_target`) — and target resolution (``autoqa.tools.targets``)
reads it back as a hard filter: only elements with one of the word's roles match. Shared by both layers from
here (a leaf module, like ``input_values``), so the grammar cannot accept a word the tools do not filter by.
"""

from __future__ import annotations

TEXT_ENTRY_ROLES = ("textbox", "searchbox", "spinbutton", "combobox")
ROLE_WORDS: dict[str, tuple[str, ...]] = {
    "button": ("button",),
    "btn": ("button",),
    "link": ("link",),
    "checkbox": ("checkbox",),
    "check box": ("checkbox",),
    "radio": ("radio",),
    "radio button": ("radio",),
    "switch": ("switch",),
    "field": TEXT_ENTRY_ROLES,
    "input": TEXT_ENTRY_ROLES,
    "input field": TEXT_ENTRY_ROLES,
    "text field": TEXT_ENTRY_ROLES,
    "textbox": ("textbox", "searchbox"),
    "text box": ("textbox", "searchbox"),
    "textarea": ("textbox",),
    "text area": ("textbox",),
    "search box": ("searchbox", "textbox"),
    "searchbox": ("searchbox", "textbox"),
    "dropdown": ("combobox", "listbox"),
    "drop-down": ("combobox", "listbox"),
    "drop down": ("combobox", "listbox"),
    "select": ("combobox", "listbox"),
    "combobox": ("combobox",),
    "combo box": ("combobox",),
    "listbox": ("listbox",),
    "list box": ("listbox",),
    "tab": ("tab",),
    "heading": ("heading",),
    "column header": ("columnheader",),
    "column heading": ("columnheader",),
    "image": ("img",),
    "picture": ("img",),
    "photo": ("img",),
    "avatar": ("img",),
    "thumbnail": ("img",),
    "dialog": ("dialog", "alertdialog"),
    "row": ("row",),
    "list item": ("listitem",),
    "option": ("option",),
    "menu item": ("menuitem", "menuitemcheckbox", "menuitemradio"),
    "menuitem": ("menuitem", "menuitemcheckbox", "menuitemradio"),
    "slider": ("slider",),
    "按钮": ("button",),
    "链接": ("link",),
    "复选框": ("checkbox",),
    "单选框": ("radio",),
    "单选按钮": ("radio",),
    "开关": ("switch",),
    "输入框": TEXT_ENTRY_ROLES,
    "文本框": ("textbox", "searchbox"),
    "搜索框": ("searchbox", "textbox"),
    "下拉框": ("combobox", "listbox"),
    "下拉菜单": ("combobox", "listbox"),
    "标签页": ("tab",),
    "图片": ("img",),
    "对话框": ("dialog", "alertdialog"),
    "选项": ("option",),
    "菜单项": ("menuitem", "menuitemcheckbox", "menuitemradio"),
}
FILLER_NOUNS = (
    "element", "icon", "toggle", "modal", "form", "table", "list", "item", "card", "section", "panel", "menu",
    "badge", "chip", "pill", "tag",
    "菜单", "图标", "标签",
)  # fmt: skip
"""Nouns a step may put after a target that name no role: accepted and dropped (no filter)."""


def role_word(noun: str | None) -> str | None:
    """The vocabulary entry for ``noun`` ("Buttons" → "button"), or None when it names no role."""
    if not noun:
        return None
    word = " ".join(noun.lower().split())
    for candidate in (
        word,
        word[:-1] if word.endswith("s") else "",
        word[:-2] if word.endswith("es") else "",
    ):
        if candidate in ROLE_WORDS:
            return candidate
    return None


_QUOTE_PAIRS = (('"', '"'), ("“", "”"), ("「", "」"), ("『", "』"))


def role_target(name: str, word: str) -> str:
    """The target for a quoted ``name`` followed by a role ``word``: ``"Log in" button``.

    The quotes are a pair that does not occur in ``name``, so the name reads back exactly.
    """
    opening, closing = next(
        ((o, c) for o, c in _QUOTE_PAIRS if o not in name and c not in name), _QUOTE_PAIRS[0]
    )
    return f"{opening}{name}{closing} {word}"


ARIA_ROLES = frozenset((
    "alert", "alertdialog", "application", "article", "banner", "blockquote", "button", "caption", "cell",
    "checkbox", "code", "columnheader", "combobox", "complementary", "contentinfo", "definition",
    "deletion", "dialog", "directory", "document", "emphasis", "feed", "figure", "form", "generic", "grid",
    "gridcell", "group", "heading", "img", "insertion", "link", "list", "listbox", "listitem", "log",
    "main", "marquee", "math", "meter", "menu", "menubar", "menuitem", "menuitemcheckbox", "menuitemradio",
    "navigation", "none", "note", "option", "paragraph", "presentation", "progressbar", "radio",
    "radiogroup", "region", "row", "rowgroup", "rowheader", "scrollbar", "search", "searchbox", "separator",
    "slider", "spinbutton", "status", "strong", "subscript", "superscript", "switch", "tab", "table",
    "tablist", "tabpanel", "term", "textbox", "time", "timer", "toolbar", "tooltip", "tree", "treegrid",
    "treeitem",
))  # fmt: skip
"""The ARIA roles an element can have (the ones Playwright's ``get_by_role`` and ``to_have_role`` take): what
a step may claim in 'has role="dialog"'."""
