"""The plain-step grammar: every phrase of the table, non-matching sentences, and whole steps."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from autoqa.landmarks import FOCUSED_FIELD
from autoqa.role_words import ROLE_WORDS
from autoqa.spec import grammar
from autoqa.spec.grammar import (
    ANY_DIALOG,
    PlainAction,
    PlainStep,
    parse_expected_clause,
    parse_plain_actions,
    parse_plain_step,
    parse_plain_text,
)
from autoqa.spec.model import Step, StepKind

PHRASES: list[tuple[str, str, dict[str, Any]]] = [
    # navigation
    ("Navigate to https://shop.example/login", "navigate", {"url": "https://shop.example/login"}),
    ("Go to /cart.html.", "navigate", {"url": "/cart.html"}),
    # a secret written as a bare placeholder after an unquoted field name stays a placeholder
    ("Fill in Password with {{PASSWORD}}", "fill", {"target": '"Password" field', "value": "{{PASSWORD}}"}),
    # an icon named without quotes, in the row that holds a quoted text
    ('Click the Delete icon for "Alden"', "click", {"target": 'Delete in "Alden"'}),
    # an action's place is dropped (one such element on the page), its role word is not
    ('Click the "Books" link in the sidebar', "click", {"target": '"Books" link'}),
    ('Hover over the "Help" link in the header', "hover", {"target": '"Help" link'}),
    ("Open {{BASE_URL}}/products.html", "navigate", {"url": "{{BASE_URL}}/products.html"}),
    ('Visit "/help.html"', "navigate", {"url": "/help.html"}),
    ("Go back", "history", {"action": "back"}),
    # natural phrasings of fields, headings, dialogs and removals
    ('Enter the username "demo"', "fill", {"target": '"username" field', "value": "demo"}),
    (
        "Fill in the password with {{PASSWORD}}",
        "fill",
        {"target": '"password" field', "value": "{{PASSWORD}}"},
    ),
    (
        'Select "Germany" from the Country dropdown',
        "select_option",
        {"target": '"Country" dropdown', "option": "Germany"},
    ),
    ('Set "Quantity" to "3"', "set_field", {"target": "Quantity", "value": "3"}),
    ('Leave "ISBN" empty', "fill", {"target": "ISBN", "value": ""}),
    ('Verify the "Username" field is empty', "assert_value", {"target": '"Username" field', "expected": ""}),
    (
        'Verify the page heading is "Create account"',
        "assert_element_visible",
        {"target": '"Create account" heading'},
    ),
    ('Verify the "Filters" dialog is closed', "assert_element_hidden", {"target": '"Filters" dialog'}),
    ('Verify "Backpack" is no longer in the cart', "assert_text_absent", {"text": "Backpack"}),
    ('Verify the tooltip "Need help?" is visible', "assert_text_present", {"text": "Need help?"}),
    ("Close the tab", "tabs", {"action": "close"}),
    # states
    (
        'Verify the "Products" tab is selected',
        "assert_state",
        {"target": '"Products" tab', "state": "selected", "value": True},
    ),
    (
        'Verify the "Science" filter is not selected',
        "assert_state",
        {"target": "Science", "state": "selected", "value": False},
    ),
    (
        'Verify the "Menu" button is collapsed',
        "assert_state",
        {"target": '"Menu" button', "state": "expanded", "value": False},
    ),
    (
        'Verify "Home" is the current page',
        "assert_state",
        {"target": "Home", "state": "current", "value": True},
    ),
    # text inside the row or item named by another text
    (
        'Verify the "SPQR" row shows "Mary Beard"',
        "assert_text_in",
        {"target": 'the row in "SPQR"', "text": "Mary Beard"},
    ),
    (
        'Verify "$29.99" is shown in the "Backpack" item',
        "assert_text_in",
        {"target": 'the list item in "Backpack"', "text": "$29.99"},
    ),
    # items of a named list
    (
        'Verify the "Task list" list has 3 items',
        "assert_count",
        {"target": 'the list item in "Task list"', "count": 3},
    ),
    (
        'Verify there are 2 todos in the "Todos" list',
        "assert_count",
        {"target": 'the list item in "Todos"', "count": 2},
    ),
    # browser storage
    (
        'Verify local storage "todos" contains "feed the cat"',
        "assert_storage",
        {"area": "local", "key": "todos", "contains": "feed the cat"},
    ),
    (
        'Verify local storage "todos" has 3 items',
        "assert_storage",
        {"area": "local", "key": "todos", "count": 3},
    ),
    (
        'Verify localStorage "theme" is "dark"',
        "assert_storage",
        {"area": "local", "key": "theme", "equals": "dark"},
    ),
    (
        'Verify a cookie "session" is set',
        "assert_storage",
        {"area": "cookie", "key": "session", "state": "set"},
    ),
    (
        'Verify the cookie "session" does not exist',
        "assert_storage",
        {"area": "cookie", "key": "session", "state": "unset"},
    ),
    (
        'Verify session storage "draft" is empty',
        "assert_storage",
        {"area": "session", "key": "draft", "state": "empty"},
    ),
    ("Clear local storage", "clear_storage", {"area": "local"}),
    ("Delete all cookies", "clear_storage", {"area": "cookies"}),
    ("Navigate back to the previous page", "history", {"action": "back"}),
    ("Click the browser's forward button", "history", {"action": "forward"}),
    ("Go forward.", "history", {"action": "forward"}),
    ("Reload the page", "history", {"action": "reload"}),
    ("Refresh", "history", {"action": "reload"}),
    ("刷新页面", "history", {"action": "reload"}),
    ("返回上一页", "history", {"action": "back"}),
    # targets scoped to a row or region (autoqa.target_scope)
    ('Click "Add to cart" for "Backpack"', "click", {"target": 'Add to cart in "Backpack"'}),
    (
        'Click the "Add to cart" button in the "Bike Light" row',
        "click",
        {"target": '"Add to cart" button in "Bike Light"'},
    ),
    ('Click the "Delete" link in the row "Kindred"', "click", {"target": '"Delete" link in "Kindred"'}),
    ('Click "Science" in the "By genre" filter', "click", {"target": 'Science in "By genre"'}),
    (
        'Select the checkbox next to "A Wizard of Earthsea"',
        "set_checked",
        {"target": 'the checkbox in "A Wizard of Earthsea"', "checked": True},
    ),
    (
        'Verify the checkbox in the "buy milk" row is checked',
        "assert_checked",
        {"target": 'the checkbox in "buy milk"', "checked": True},
    ),
    (
        'Enter "3" in the "Quantity" field for "Backpack"',
        "fill",
        {"target": '"Quantity" field in "Backpack"', "value": "3"},
    ),
    (
        'Verify the "Remove" button for "Backpack" is visible',
        "assert_element_visible",
        {"target": '"Remove" button in "Backpack"'},
    ),
    (
        "navigate TO http://127.0.0.1:8000/?q=a b".replace(" b", ""),
        "navigate",
        {"url": "http://127.0.0.1:8000/?q=a"},
    ),
    ("打开 http://127.0.0.1:8000/", "navigate", {"url": "http://127.0.0.1:8000/"}),
    ("导航到 /login.html", "navigate", {"url": "/login.html"}),
    # click
    ('Click "Log in"', "click", {"target": "Log in"}),
    # a role word after the target is kept: the tools only consider elements of that role
    ("Click on the 'Log in' button", "click", {"target": '"Log in" button'}),
    ("click “Add to cart”", "click", {"target": "Add to cart"}),
    ("Click `Checkout` link.", "click", {"target": '"Checkout" link'}),
    ('Press the "Place order" button', "click", {"target": '"Place order" button'}),
    ('Double-click "Row 1"', "click", {"target": "Row 1", "double": True}),
    ('Right-click the "Row 1" row', "click", {"target": '"Row 1" row', "button": "right"}),
    ("双击“行”", "click", {"target": "行", "double": True}),
    ("点击“登录”按钮", "click", {"target": '"登录" 按钮'}),
    ("点击“设置”图标", "click", {"target": "设置"}),  # a noun that names no role is dropped
    # fill
    ('Fill "Username" with "demo"', "fill", {"target": "Username", "value": "demo"}),
    (
        'Fill in the "Password" field with {{PASSWORD}}',
        "fill",
        {"target": '"Password" field', "value": "{{PASSWORD}}"},
    ),
    ('Fill "Password" with "{{ PASSWORD }}"', "fill", {"target": "Password", "value": "{{ PASSWORD }}"}),
    ('Type "hello world" into "Search"', "fill", {"target": "Search", "value": "hello world"}),
    ('Enter "x@y.z" in the "Email" field', "fill", {"target": '"Email" field', "value": "x@y.z"}),
    ('Enter "Cosmos" in the "Search" text box', "fill", {"target": '"Search" text box', "value": "Cosmos"}),
    ("在“搜索”输入框中输入“abc”", "fill", {"target": '"搜索" 输入框', "value": "abc"}),
    ('Fill "Note" with ""', "fill", {"target": "Note", "value": ""}),
    ('Clear "Search"', "fill", {"target": "Search", "value": ""}),
    ("在“用户名”中输入“demo”", "fill", {"target": "用户名", "value": "demo"}),
    ("输入“abc”到“搜索框”", "fill", {"target": "搜索框", "value": "abc"}),
    # select
    (
        'Select "Price (low to high)" in "Sort by"',
        "select_option",
        {"target": "Sort by", "option": "Price (low to high)"},
    ),
    (
        'Select "B" from the "Letters" dropdown',
        "select_option",
        {"target": '"Letters" dropdown', "option": "B"},
    ),
    ('Choose "Red" from "Color"', "select_option", {"target": "Color", "option": "Red"}),
    ("在“排序”中选择“价格从低到高”", "select_option", {"target": "排序", "option": "价格从低到高"}),
    # checkboxes
    (
        'Check "Subscribe to newsletter"',
        "set_checked",
        {"target": "Subscribe to newsletter", "checked": True},
    ),
    ('Uncheck the "Subscribe" checkbox', "set_checked", {"target": '"Subscribe" checkbox', "checked": False}),
    (
        'Check the "feed the cat" checkbox',
        "set_checked",
        {"target": '"feed the cat" checkbox', "checked": True},
    ),
    ('Tick the "Large" radio button', "set_checked", {"target": '"Large" radio button', "checked": True}),
    ("勾选“订阅”复选框", "set_checked", {"target": '"订阅" 复选框', "checked": True}),
    ("勾选“订阅”", "set_checked", {"target": "订阅", "checked": True}),
    ("取消勾选“订阅”", "set_checked", {"target": "订阅", "checked": False}),
    # keys
    ("Press Enter", "press_key", {"key": "Enter"}),
    ("press escape", "press_key", {"key": "Escape"}),
    ("Press Ctrl+Shift+K", "press_key", {"key": "Control+Shift+K"}),
    ('Press Tab in "Username"', "press_key", {"key": "Tab", "target": "Username"}),
    ('Press the "ArrowDown" key', "press_key", {"key": "ArrowDown"}),
    ("按回车键", "press_key", {"key": "Enter"}),
    ("在“搜索”中按 Enter", "press_key", {"key": "Enter", "target": "搜索"}),
    # hover
    ('Hover "Account"', "hover", {"target": "Account"}),
    ('Hover over the "Account" button', "hover", {"target": '"Account" button'}),
    ("悬停在“账户”上", "hover", {"target": "账户"}),
    # upload
    (
        'Upload "fixtures/cv.pdf" to "Attachment"',
        "upload_file",
        {"target": "Attachment", "path": "fixtures/cv.pdf"},
    ),
    ("上传“a.txt”到“附件”", "upload_file", {"target": "附件", "path": "a.txt"}),
    # scroll
    ("Scroll down", "scroll", {"direction": "down"}),
    ("Scroll up 300 pixels", "scroll", {"direction": "up", "amount": 300}),
    ('Scroll down to "Item 200"', "scroll", {"direction": "down", "target": "Item 200"}),
    ('Scroll to the "Back to top" button', "scroll", {"direction": "down", "target": '"Back to top" button'}),
    ("向上滚动", "scroll", {"direction": "up"}),
    ("Scroll right 200 px", "scroll", {"direction": "right", "amount": 200}),
    # waits
    ('Wait for "Data loaded"', "wait_for", {"text": "Data loaded"}),
    ('Wait for "Data loaded" to appear', "wait_for", {"text": "Data loaded"}),
    ('Wait for "Order placed" to disappear', "wait_for", {"text_gone": "Order placed"}),
    ("Wait 2 seconds", "wait_for", {"seconds": 2}),
    ("Wait for 1.5 s", "wait_for", {"seconds": 1.5}),
    ("Wait 500 ms", "wait_for", {"seconds": 0.5}),
    ("等待“加载完成”出现", "wait_for", {"text": "加载完成"}),
    ("等待“提示”消失", "wait_for", {"text_gone": "提示"}),
    ("等待 3 秒", "wait_for", {"seconds": 3}),
    # text assertions
    ('Verify "Products" is visible', "assert_text_present", {"text": "Products"}),
    ('Verify that "Products" is shown', "assert_text_present", {"text": "Products"}),
    ('Assert "Products" is displayed.', "assert_text_present", {"text": "Products"}),
    ('Check that the "Saved" message is shown', "assert_text_present", {"text": "Saved"}),
    ('Verify the page shows "Your cart"', "assert_text_present", {"text": "Your cart"}),
    ('Verify the page contains "Total: $39.98"', "assert_text_present", {"text": "Total: $39.98"}),
    ('Verify "Error" is not visible', "assert_text_absent", {"text": "Error"}),
    ('Verify "Saved!" is gone', "assert_text_absent", {"text": "Saved!"}),
    ('Verify "Saved!" is hidden', "assert_text_absent", {"text": "Saved!"}),
    ('Verify the page does not show "Error"', "assert_text_absent", {"text": "Error"}),
    ("验证页面显示“Products”", "assert_text_present", {"text": "Products"}),
    ("验证“Products”可见", "assert_text_present", {"text": "Products"}),
    ("断言页面不显示“错误”", "assert_text_absent", {"text": "错误"}),
    ("验证“错误”不可见", "assert_text_absent", {"text": "错误"}),
    # element assertions
    ('Verify the "Log in" button is visible', "assert_element_visible", {"target": '"Log in" button'}),
    ('Verify the "Profile" link is hidden', "assert_element_hidden", {"target": '"Profile" link'}),
    (
        'Verify the "Confirm order" dialog is not visible',
        "assert_element_hidden",
        {"target": '"Confirm order" dialog'},
    ),
    (
        'Verify the "Pale Blue Dot" link is not visible',
        "assert_element_hidden",
        {"target": '"Pale Blue Dot" link'},
    ),
    ('Verify the "Welcome" heading is visible', "assert_element_visible", {"target": '"Welcome" heading'}),
    (
        'Verify the "Clear completed" button is hidden',
        "assert_element_hidden",
        {"target": '"Clear completed" button'},
    ),
    ('Verify the "Cart" icon is visible', "assert_element_visible", {"target": "Cart"}),  # no role: no filter
    ('Verify the "Welcome" heading appears', "assert_element_visible", {"target": '"Welcome" heading'}),
    ("Verify the 'Retry' button does not appear", "assert_element_hidden", {"target": '"Retry" button'}),
    ('Verify the “Say "hi"” button is shown', "assert_element_visible", {"target": '“Say "hi"” button'}),
    ("验证“登录”按钮可见", "assert_element_visible", {"target": '"登录" 按钮'}),
    ("验证“登录”按钮不可见", "assert_element_hidden", {"target": '"登录" 按钮'}),
    # url and title
    (
        'Verify the URL contains "/products.html"',
        "assert_url",
        {"expected": "/products.html", "match": "contains"},
    ),
    ("Verify the URL contains /products", "assert_url", {"expected": "/products", "match": "contains"}),
    ('Verify the URL is "http://x.test/a"', "assert_url", {"expected": "http://x.test/a", "match": "equals"}),
    ('Verify the URL matches "/orders/\\d+"', "assert_url", {"expected": "/orders/\\d+", "match": "regex"}),
    ('Verify the title matches "^Shop"', "assert_title", {"expected": "^Shop", "match": "regex"}),
    ("验证URL包含“/products”", "assert_url", {"expected": "/products", "match": "contains"}),
    ('Verify the title is "Products"', "assert_title", {"expected": "Products", "match": "equals"}),
    ('Verify the page title contains "Shop"', "assert_title", {"expected": "Shop", "match": "contains"}),
    ("验证标题为“商品”", "assert_title", {"expected": "商品", "match": "equals"}),
    # values and states
    ('Verify "Username" has value "demo"', "assert_value", {"target": "Username", "expected": "demo"}),
    (
        'Verify the value of the "Email" field is "a@b.c"',
        "assert_value",
        {"target": '"Email" field', "expected": "a@b.c"},
    ),
    (
        'Verify "Password" has value {{PASSWORD}}',
        "assert_value",
        {"target": "Password", "expected": "{{PASSWORD}}"},
    ),
    ('Verify "Subscribe" is checked', "assert_checked", {"target": "Subscribe", "checked": True}),
    (
        'Verify the "Subscribe" checkbox is not checked',
        "assert_checked",
        {"target": '"Subscribe" checkbox', "checked": False},
    ),
    ('Verify "Subscribe" is unchecked', "assert_checked", {"target": "Subscribe", "checked": False}),
    ('Verify "Continue" is enabled', "assert_enabled", {"target": "Continue", "enabled": True}),
    (
        'Verify the "Continue" button is disabled',
        "assert_enabled",
        {"target": '"Continue" button', "enabled": False},
    ),
    ('Verify "Continue" is not disabled', "assert_enabled", {"target": "Continue", "enabled": True}),
    (
        'Verify there are 6 "Add to cart" buttons',
        "assert_count",
        {"target": '"Add to cart" button', "count": 6},
    ),
    (
        'Verify there are 2 "Size" radio buttons',
        "assert_count",
        {"target": '"Size" radio button', "count": 2},
    ),
    ('Verify there are 3 "Backpack" items', "assert_count", {"target": "Backpack", "count": 3}),
    ('Verify there is 1 "Remove"', "assert_count", {"target": "Remove", "count": 1}),
    # order, focus, described text, URL endings, unquoted field names (issue: real suites)
    ('Verify "a", "b" and "c" appear in that order', "assert_order", {"texts": ["a", "b", "c"]}),
    (
        'Verify the list shows "buy milk", "feed the cat" in that order',
        "assert_order",
        {"texts": ["buy milk", "feed the cat"]},
    ),
    ('Verify "x" appears before "y"', "assert_order", {"texts": ["x", "y"]}),
    ('Verify "What needs to be done?" is focused', "assert_focused", {"target": "What needs to be done?"}),
    ('Verify the "Email" field has focus', "assert_focused", {"target": '"Email" field'}),
    ('Verify the success message "Saved." is displayed', "assert_text_present", {"text": "Saved."}),
    (
        'Verify an error message "This field is required." is displayed',
        "assert_text_present",
        {"text": "This field is required."},
    ),
    ('Verify the error "Invalid" is not shown', "assert_text_absent", {"text": "Invalid"}),
    ('Verify the URL still ends with "/add/"', "assert_url", {"expected": "/add/$", "match": "regex"}),
    ('Verify the URL still contains "/admin/"', "assert_url", {"expected": "/admin/", "match": "contains"}),
    ('Enter "admin" in the Username field', "fill", {"target": '"Username" field', "value": "admin"}),
    (
        'Fill in the Last name field with "Lovelace"',
        "fill",
        {"target": '"Last name" field', "value": "Lovelace"},
    ),
    # tabs and dialogs
    ("Switch to tab 2", "tabs", {"action": "switch", "index": 1}),
    ("Switch to the new tab", "tabs", {"action": "switch", "index": -1}),
    ("Switch back to the first tab", "tabs", {"action": "switch", "index": 0}),
    ("切换到新标签页", "tabs", {"action": "switch", "index": -1}),
    ("Accept the next dialog", "dialogs", {"action": "accept"}),
    ("Dismiss the next dialog.", "dialogs", {"action": "dismiss"}),
    ("Accept the alert", "dialogs", {"action": "accept"}),
    ("Cancel the next confirm", "dialogs", {"action": "dismiss"}),
    ("接受下一个对话框", "dialogs", {"action": "accept"}),
    ("取消下一个对话框", "dialogs", {"action": "dismiss"}),
    # what test cases write for searching, scrolling, dialogs, consent and places
    ('Search for "Cosmos"', "fill", {"target": "the search box", "value": "Cosmos", "submit": True}),
    (
        "Search the site for {{TERM}}",
        "fill",
        {"target": "the search box", "value": "{{TERM}}", "submit": True},
    ),
    ("Scroll to the bottom of the page", "scroll", {"direction": "bottom"}),
    ("Scroll up to the top", "scroll", {"direction": "top"}),
    ("Verify the dialog is closed", "assert_element_hidden", {"target": ANY_DIALOG}),
    ("Verify no modal is open", "assert_element_hidden", {"target": ANY_DIALOG}),
    ("Verify the popup is shown", "assert_element_visible", {"target": ANY_DIALOG}),
    (
        'An error message "This field is required." is displayed',
        "assert_text_present",
        {"text": "This field is required."},
    ),
    ('The success message "Saved" is shown.', "assert_text_present", {"text": "Saved"}),
    ("Clear the edit field", "fill", {"target": '"edit" field', "value": ""}),
    ("Verify the edit field is focused", "assert_focused", {"target": '"edit" field'}),
    ("Verify the Search box has focus", "assert_focused", {"target": '"Search" field'}),
    ("Verify the new todo input is empty", "assert_value", {"target": '"new todo" input', "expected": ""}),
    ("Click the login button", "click", {"target": '"login" button'}),
    ("Verify the Save button is disabled", "assert_enabled", {"target": '"Save" button', "enabled": False}),
    (
        "Uncheck the Remember me checkbox",
        "set_checked",
        {"target": '"Remember me" checkbox', "checked": False},
    ),
    ("Verify the results list has 5 items", "assert_count", {"target": "items=", "count": 5}),
    ('Verify "a.pdf" is shown in the file list', "assert_text_in", {"target": "list=file", "text": "a.pdf"}),
    ('Verify the "Published" badge is visible', "assert_element_visible", {"target": "Published"}),
    ("Go to the cart", "click", {"target": '"cart" link'}),
    ("Go to the settings page", "click", {"target": '"settings" link'}),
    ("Accept the terms", "set_checked", {"target": '"terms" checkbox', "checked": True}),
    ("Agree to the privacy policy", "set_checked", {"target": '"privacy policy" checkbox', "checked": True}),
    # visual baselines: a quoted baseline name makes it a check
    ('Verify the page matches the baseline "checkout"', "assert_matches_baseline", {"name": "checkout"}),
    ('Compare the page to the "cart" baseline', "assert_matches_baseline", {"name": "cart"}),
    (
        'Verify the "Cart" section looks like the baseline "cart"',
        "assert_matches_baseline",
        {"name": "cart", "target": "Cart"},
    ),
    (
        'Verify the whole page matches the baseline "home", ignoring "the clock" and "Ad banner"',
        "assert_matches_baseline",
        {"name": "home", "full_page": True, "ignore": ["clock", "Ad banner"]},
    ),
    # transient UI: past tense is a claim about what appeared, even if it is gone by now
    ('Verify the toast "Order placed" appeared', "assert_appeared", {"text": "Order placed"}),
    ('A "Saved" message was shown', "assert_appeared", {"text": "Saved"}),
    (
        'Verify the "Confirm order" dialog appeared',
        "assert_appeared",
        {"text": "Confirm order", "kind": "dialog"},
    ),
    (
        'Verify the toast "Welcome back" appeared since step 2',
        "assert_appeared",
        {"text": "Welcome back", "since_step": 2},
    ),
    # leaving a field: a click on an empty spot, blur, Tab with a purpose that only says what Tab does
    ("Click outside the Summary field", "blur", {"target": '"Summary" field', "click_outside": True}),
    ('Click outside of the "Title" input', "blur", {"target": '"Title" input', "click_outside": True}),
    ("Click outside", "blur", {"click_outside": True}),
    ("Click somewhere else on the page", "blur", {"click_outside": True}),
    ("Click outside the form", "blur", {"target": "css=form", "click_outside": True}),
    ('Blur the "Title" field', "blur", {"target": '"Title" field'}),
    ("Move focus out of the Display name field", "blur", {"target": '"Display name" field'}),
    ("Press Tab to move to the next field", "press_key", {"key": "Tab"}),
    (
        "Press Tab to move focus out of the Summary field",
        "press_key",
        {"key": "Tab", "target": '"Summary" field'},
    ),
    (
        "Verify the Summary field is not focused",
        "assert_focused",
        {"target": '"Summary" field', "focused": False},
    ),
    ('Check that "Email" has lost focus', "assert_focused", {"target": "Email", "focused": False}),
    # what a field shows is its value; a badge or a status is a readout
    (
        'Verify the Status field shows "Open"',
        "assert_value",
        {"target": '"Status" field', "expected": "Open"},
    ),
    (
        'Verify the "Assignee" field contains "Unassigned"',
        "assert_value",
        {"target": '"Assignee" field', "expected": "Unassigned"},
    ),
    # a status is a value the page labels (or the one element named "request-status"), not text anywhere
    (
        'Verify the request status is "Pending"',
        "assert_text_in",
        {"target": "css=body", "text": "Pending", "column": "request status", "exact": True},
    ),
    (
        'Verify the issue title is "Crash on save"',
        "assert_text_present",
        {"text": "Crash on save", "exact": True},
    ),
    (
        'Verify the month heading reads "January 2027"',
        "assert_element_visible",
        {"target": '"January 2027" heading'},
    ),
    # a value named by its row
    (
        'Verify the due date for "Dune" shows "2026-12-24"',
        "assert_text_in",
        {"target": 'the row in "Dune"', "text": "2026-12-24", "column": "due date"},
    ),
    (
        'Verify the results table contains "Frank Herbert"',
        "assert_text_in",
        {"target": "table=", "text": "Frank Herbert"},
    ),
    (
        'Change the Display name to "Grace H."',
        "set_field",
        {"target": '"Display name" field', "value": "Grace H."},
    ),
    ('Click the "Name" column header again', "click", {"target": '"Name" column header'}),
    # expected results as statements: which page (the bracket says how to tell), what should hold
    (
        'The user stays on the login page (URL contains "/admin/login/")',
        "assert_url",
        {"expected": "/admin/login/", "match": "contains"},
    ),
    (
        'You are taken to the dashboard page (title is "Dashboard")',
        "assert_title",
        {"expected": "Dashboard", "match": "equals"},
    ),
    (
        "The Continue button should be disabled",
        "assert_enabled",
        {"target": '"Continue" button', "enabled": False},
    ),
    ('The "Saved" toast should not be visible', "assert_text_absent", {"text": "Saved"}),
    ("Tab out of the Summary field", "press_key", {"key": "Tab", "target": '"Summary" field'}),
    ("Press Shift+Tab to go back to the previous field", "press_key", {"key": "Shift+Tab"}),
    (
        "Click anywhere outside the Summary field",
        "blur",
        {"target": '"Summary" field', "click_outside": True},
    ),
    (
        'The user is redirected to the dashboard (URL contains "/dashboard")',
        "assert_url",
        {"expected": "/dashboard", "match": "contains"},
    ),
    (
        'The user should be on the login page (URL contains "/login")',
        "assert_url",
        {"expected": "/login", "match": "contains"},
    ),
]


@pytest.mark.parametrize(("text", "tool", "args"), PHRASES, ids=[p[0] for p in PHRASES])
def test_phrase(text: str, tool: str, args: dict[str, Any]) -> None:
    assert parse_plain_text(text) == PlainAction(tool, args, False)


def test_every_tool_of_the_tool_layer_is_reachable() -> None:
    tools = {
        "navigate",
        "history",
        "assert_storage",
        "clear_storage",
        "assert_state",
        "click",
        "fill",
        "set_field",
        "select_option",
        "press_key",
        "hover",
        "blur",
        "set_checked",
        "upload_file",
        "scroll",
        "wait_for",
        "assert_text_present",
        "assert_text_absent",
        "assert_element_visible",
        "assert_element_hidden",
        "assert_url",
        "assert_title",
        "assert_value",
        "assert_checked",
        "assert_enabled",
        "assert_count",
        "assert_order",
        "assert_focused",
        "tabs",
        "dialogs",
        "assert_text_in",
        "assert_matches_baseline",
        "assert_appeared",
    }
    assert {tool for _, tool, _ in PHRASES} == tools


def test_a_claiming_sentence_maps_to_assertion_tools_only() -> None:
    """One definition of "this step claims something" (the grammar's verbs) and one of "this tool is an
    assertion" (the tool registry): every plain claiming phrase maps to an assertion, and no other does."""
    from autoqa.execute.verdict import is_assertion
    from autoqa.spec.grammar_terms import claims

    for text, tool, _ in PHRASES:
        assert claims(text) == is_assertion(tool), (text, tool)


def test_the_docstring_table_lists_every_tool() -> None:
    doc = grammar.__doc__ or ""
    for _, tool, _ in PHRASES:
        assert f"{tool}(" in doc


NOT_PLAIN = [
    # a purpose that claims an outcome no key press checks; a bracket that does not cover the sentence
    "Press Escape to close the date picker",
    "Press Tab to submit the form",
    'The user stays on the login page and is not logged in (URL contains "/admin/login/")',
    'The user is not logged in (URL contains "/login")',
    'The user is logged in (URL contains "/home")',
    'The user is redirected to the dashboard and sees an error (URL contains "/dashboard")',
    'The user is taken to the dashboard and error page (URL contains "/dashboard")',
    'Verify the big red badge reads "Closed"',
    'The user stays on the login page (the error "Wrong password" is shown)',
    "Click outside the modal to close it",
    # readouts and row values that say how it looks or pick one of several: text alone would be weaker
    'Verify the red badge reads "Overdue"',
    # one word on a badge the step does not name is also a filter tab's or a button's: no evidence
    'Verify the badge reads "Closed"',
    'Verify the latest status is "Done"',
    'Verify the number of "Apples" is "3"',
    "The user should be notified in a reasonable time",
    'The "Saved" toast should appear within 1 second',
    "Open the menu",
    "Navigate to the products page",
    'Click "Add to cart" for the cheapest product',
    "Press the back button",
    "Verify there are 2 completed items",  # a subset of the items: counting all would change the claim
    'Verify the cheapest product is "Onesie"',  # a judgement, not a position
    'Verify "Backpack" is in our cart',  # "our cart": whose, the page does not say
    'Check the box in the "buy milk" row',
    "Scroll down 0 pixels",
    "Scroll down 99999 pixels",
    "Verify the URL matches unquoted.*",  # an unquoted pattern only as a path or URL
    "Press the button",
    "Fill the form with valid data",
    'Verify the inventory shows products with name, price and an "Add to cart" button',
    "Accept the dialog",
    "Accept the cookies",  # a banner's button, not a consent checkbox
    "Verify the completed list has 2 items",  # a subset of the items, not the list
    "Click the cheapest product's Add button",
    "Go to the top of the page",
    "Go to the previous page",  # the browser's Back or the pager's Previous: not one reading
    "The user is shown the form",  # a statement, but of nothing quoted to check
    "Search for the cheapest product",
    "Dismiss the cookie banner",
    "Wait for the page to load",
    "Verify the URL contains the word products",
    'Check "A" and "B"',
    "Switch to tab 0",
    'Verify "a" in that order',
    # ("Verify the URL ends with /unquoted" was here; a path token is read unquoted, as "contains /cart" and
    # "is /cart" always were: tests/spec/test_grammar_twelfth.py)
    "Enter admin in the Username field",
    "Verify the page looks tidy",
    "Verify the page matches the mockup",  # no baseline named: judgement
    'Verify the previous page matches the baseline "x"',  # not the page on screen
    "Log in as the standard user",
    'Verify the toast "Saved" appeared during step 3',  # narrower than "since step 3": the tool can't say
    'Verify the toast "Saved" appeared within 1 second',
    '"Saved" appeared',  # neither a check verb nor a statement's subject
    'Type "hello" into the required field',  # a state picks the field: no field is named "required"
    "Verify the required field is empty",
    'Verify the first name is "Ada"',  # a field ("First name"), never the first item of a list of names
    'Verify the first item in the second row is "x"',
    "",
    "   ",
    "。",
]


@pytest.mark.parametrize("text", NOT_PLAIN)
def test_not_plain(text: str) -> None:
    assert parse_plain_text(text) is None


@pytest.mark.parametrize(
    ("text", "tool", "args"),
    [
        (
            "Verify Option 2 is selected",
            "assert_state",
            {"target": '"Option 2" option', "state": "selected", "value": True},
        ),
        ("Click Tab 2", "click", {"target": '"Tab 2" tab'}),
        ("Verify checkbox 2 is checked", "assert_checked", {"target": "second checkbox", "checked": True}),
        (
            "Select the checkbox for Kindred",
            "set_checked",
            {"target": 'the checkbox in "Kindred"', "checked": True},
        ),
        (
            "Untick the checkbox next to budget-final.xlsx",
            "set_checked",
            {"target": 'the checkbox in "budget-final.xlsx"', "checked": False},
        ),
        ("Select the size Large", "select_option", {"target": '"size" dropdown', "option": "Large"}),
        ("Select option Large", "select_option", {"target": "css=select", "option": "Large"}),
        (
            "Select Option 2 from the dropdown",
            "select_option",
            {"target": "css=select", "option": "Option 2"},
        ),
    ],
)
def test_controls_named_as_practice_apps_draw_them(text: str, tool: str, args: dict[str, object]) -> None:
    actions = parse_plain_actions(text)
    assert actions is not None and [(a.tool, a.args) for a in actions] == [(tool, args)], actions


@pytest.mark.parametrize(
    ("text", "tool", "args"),
    [
        ("Click Add next to Books", "click", {"target": 'Add in "Books"'}),
        ("Click Save and add another", "click", {"target": "Save and add another"}),
        ("Click Save for Later", "click", {"target": "Save for Later"}),
        # "for" is no place: the whole name, then its row (not 'Save' in a row "Later next to Kindred")
        ("Click Save for Later next to Kindred", "click", {"target": 'Save for Later in "Kindred"'}),
        ("Click Delete beside Kindred", "click", {"target": 'Delete in "Kindred"'}),
        ("Click More under Account", "click", {"target": 'More in "Account"'}),
        ("Click the Active filter", "click", {"target": "Active"}),
        (
            'Verify the order confirmation "Thank you" is displayed',
            "assert_text_present",
            {"text": "Thank you"},
        ),
        ('The welcome message "Hi Ada" is displayed', "assert_text_present", {"text": "Hi Ada"}),
    ],
)
def test_admin_and_practice_app_wordings(text: str, tool: str, args: dict[str, object]) -> None:
    actions = parse_plain_actions(text)
    assert actions is not None and [(a.tool, a.args) for a in actions] == [(tool, args)], actions


@pytest.mark.parametrize(
    ("text", "target"),
    [
        (
            'Verify the Cart panel shows "x"',
            "region=Cart",
        ),  # a region's text, never a value labelled "Cart panel"
        (
            "Verify the Employee List table has 3 rows",
            "region-items=Employee List",
        ),  # the last noun is the noun
    ],
)
def test_a_region_named_unquoted_is_that_region(text: str, target: str) -> None:
    actions = parse_plain_actions(text)
    assert actions is not None and actions[0].args["target"] == target, actions


@pytest.mark.parametrize(
    "text",
    [
        "Click Edit in Kindred row",  # a name, then where: not one name
        "Click Edit on the Dashboard",
        "Click Price column",
        "Click Edit near Kindred",
        "Click Save inside Settings",
        "Click Submit within Checkout",
        'Verify the page title "Hello" is shown',  # the document's title, or a heading: not said
        'Verify the Save button "x" is shown',
        'Verify the window title "Hello" is shown',
        'Verify the tab title "Hello" is shown',
        'Verify the browser title "Hello" is shown',
        'Verify the document title "Hello" is shown',
        'Verify the site title "Hello" is shown',
        'Verify the button text "Save" is shown',  # a role word: that control's text, not the page's
        # ('Verify the dialog message "Saved" is shown' is that text in the dialog: test_grammar_eleventh)
    ],
)
def test_a_place_or_a_page_title_is_no_name_or_text_kind(text: str) -> None:
    assert parse_plain_actions(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "Select radio Yes",
        "Select the tab Settings",
        "Select the checkbox for the first one",
        # a place or a group after the noun: no dropdown named "book by" or "seat on"
        "Select the book by Tolkien",
        "Pick a seat on Deck 2",
        "Select all Electronics",
        "Select the invoice for March",
        "Select next Monday",
        "Select the flight to Paris",
        "Select the seat beside Anna",
        "Select the file in Downloads",
        "Select a copy of Dune",
    ],
)
def test_select_with_a_control_word_is_no_dropdown(text: str) -> None:
    assert parse_plain_actions(text) is None


@pytest.mark.parametrize(
    ("text", "target", "value"),
    [
        ("Set Priority to High", '"Priority" field', "High"),
        ("Change the currency to EUR", '"currency" field', "EUR"),
        ("Set Country to United Kingdom", '"Country" field', "United Kingdom"),
        ("Set the page size to 50", '"page size" field', "50"),
        ('Set "Genre" to "History"', "Genre", "History"),
    ],
)
def test_set_takes_a_written_value_whatever_control_the_field_is(text: str, target: str, value: str) -> None:
    actions = parse_plain_actions(text)
    assert actions is not None and [(a.tool, a.args) for a in actions] == [
        ("set_field", {"target": target, "value": value})
    ], actions


@pytest.mark.parametrize(
    "text",
    [
        "Set the status to whatever the ticket needs",  # lowercase: says what kind of value, not which
        "Change the language to your own",
        "Set the page to 2",  # a page is no field
        "Set the quantity to something large",
        "Set the language to Your own",  # a capital does not make a description a value
        "Set the status to Whatever the ticket needs",
        "Set the status to Done once the ticket has been approved",  # a value, then a condition
        "Change the tab to Settings",  # a tab, a URL or a window is no field
        "Change the URL to https://shop.test/item/42",
        "Set the window to 1024x768",
    ],
)
def test_set_refuses_a_described_value_or_a_page(text: str) -> None:
    assert parse_plain_actions(text) is None


@pytest.mark.parametrize(
    ("text", "before"),
    [
        ('Type "hello" into the focused field', ()),
        ('Type "hello" in the active field', ()),
        ('Type "hello"', ()),
        ('Press Ctrl+K and type "hello"', (("press_key", {"key": "Control+K"}),)),
        ('Click the search box and type "hello"', (("click", {"target": "the search box"}),)),
        ('Focus on the search bar and type "hello"', (("click", {"target": "the search box"}),)),
    ],
)
def test_typing_with_no_field_named_goes_to_the_focused_one(
    text: str, before: tuple[tuple[str, dict[str, str]], ...]
) -> None:
    actions = parse_plain_actions(text)
    assert actions is not None, text
    assert [(a.tool, a.args) for a in actions] == [
        *before,
        ("fill", {"target": FOCUSED_FIELD, "value": "hello"}),
    ]


@pytest.mark.parametrize(
    "text", ["Click the first image", "Hover over the first image", "Click the first avatar"]
)
def test_a_place_before_an_image_is_a_position_not_a_name(text: str) -> None:
    action = parse_plain_text(text)
    assert action is not None and action.args["target"].startswith("first "), action


@pytest.mark.parametrize(
    ("text", "times", "args"),
    [
        ('Click "Add Element" 3 times', 3, {"target": "Add Element"}),
        ("Press Tab twice", 2, {"key": "Tab"}),
        ('Click the "+" button three times in a row', 3, {"target": '"+" button'}),
    ],
)
def test_a_click_or_press_repeated_is_that_many_calls(text: str, times: int, args: dict[str, str]) -> None:
    actions = parse_plain_actions(text)
    assert actions is not None and [a.args for a in actions] == [args] * times, actions


@pytest.mark.parametrize(
    "text",
    [
        'Verify "Saved" appears 3 times',
        'Type "a" 3 times',
        'Click "Next" 25 times',
        'Fill "Name" twice',
        # plain on their own, but a fill three times is not "aaa", and a second check changes nothing
        'Type "a" in the "Name" field 3 times',
        'Check "Agree" twice',
    ],
)
def test_only_clicks_and_presses_repeat_and_not_without_end(text: str) -> None:
    actions = parse_plain_actions(text)
    assert actions is None or len(actions) == 1, actions


@pytest.mark.parametrize(
    ("clause", "tool"),
    [
        ('"Saved" is visible', "assert_text_present"),
        ('the page shows "Your cart"', "assert_text_present"),
        ('URL contains "/cart.html"', "assert_url"),
        ('Verify the title is "Cart"', "assert_title"),
        ("页面显示“成功”", "assert_text_present"),
    ],
)
def test_expected_clauses_parse_with_or_without_verify(clause: str, tool: str) -> None:
    action = parse_expected_clause(clause)
    assert action is not None and action.tool == tool


def test_expected_clause_must_be_an_assertion() -> None:
    assert parse_expected_clause('Click "Save"') is None
    assert parse_expected_clause("the badge shows 1") is None


def step(
    text: str, *, expected: tuple[str, ...] = (), notes: tuple[str, ...] = (), optional: bool = False
) -> Step:
    return Step(
        index=3,
        text=text,
        kind=StepKind.ACTION,
        source=Path("s.md"),
        line=7,
        expected=expected,
        notes=notes,
        optional=optional,
        raw_text=text,
    )


def test_step_with_expected_clauses_returns_the_checks_after_the_action() -> None:
    plain = parse_plain_step(
        step('Click "Cart"', expected=('the page shows "Your cart"', 'URL contains "/cart"'))
    )
    assert plain == PlainStep(
        3,
        (
            PlainAction("click", {"target": "Cart"}),
            PlainAction("assert_text_present", {"text": "Your cart"}),
            PlainAction("assert_url", {"expected": "/cart", "match": "contains"}),
        ),
    )
    assert (
        plain is not None
        and plain.action.tool == "click"
        and [c.tool for c in plain.checks]
        == [
            "assert_text_present",
            "assert_url",
        ]
    )


def test_step_is_not_plain_if_any_clause_is_not() -> None:
    assert (
        parse_plain_step(step('Click "Cart"', expected=('"Cart" is visible', "the badge is green"))) is None
    )


def test_step_with_notes_is_never_plain() -> None:
    assert parse_plain_step(step('Verify "Total" is visible', notes=("item total $39.98",))) is None


def test_optional_steps_mark_every_action_optional() -> None:
    plain = parse_plain_step(
        step('Click "Accept cookies"', expected=('"Cookies accepted" is visible',), optional=True)
    )
    assert plain is not None and all(action.optional for action in plain.actions)


def test_secret_placeholders_stay_in_args() -> None:
    plain = parse_plain_step(step('Fill "Password" with "{{PASSWORD}}"'))
    assert plain is not None and plain.action.args == {"target": "Password", "value": "{{PASSWORD}}"}


def test_whitespace_is_normalised() -> None:
    assert parse_plain_text('  Click   "Log in"  \n') == PlainAction("click", {"target": "Log in"})


def test_quoted_text_keeps_its_case_and_inner_spaces() -> None:
    action = parse_plain_text('CLICK "Add  To Cart"')
    assert action is not None and action.args == {"target": "Add  To Cart"}


@pytest.mark.parametrize(("text", "tool", "args"), PHRASES, ids=[p[0] for p in PHRASES])
def test_phrase_args_are_valid_for_the_tool_layer(text: str, tool: str, args: dict[str, Any]) -> None:
    """Contract with autoqa.tools: every plain action validates against the tool's own argument model."""
    from autoqa.tools.registry import TOOLS

    action = parse_plain_text(text)
    assert action is not None
    TOOLS[action.tool].args_model.model_validate(action.args)


@pytest.mark.parametrize("word", sorted(ROLE_WORDS))
def test_every_role_word_after_a_target_reaches_the_tools_as_a_role_filter(word: str) -> None:
    """One vocabulary (autoqa.role_words): what the grammar keeps, the tools read back as a filter."""
    from autoqa.tools.targets import parse_target

    sentence = f"Click the \"Say 'hi' now\" {word}" if word.isascii() else f"点击“Say 'hi' now”{word}"
    action = parse_plain_text(sentence)
    assert action is not None, sentence
    query = parse_target(action.args["target"])
    assert query.name == "Say 'hi' now" and query.quoted
    assert query.roles == ROLE_WORDS[word]


def test_element_assertions_with_a_role_word_check_elements_not_text() -> None:
    for sentence in (
        'Verify the "Pale Blue Dot" link is not visible',
        'Verify the "Welcome" heading is visible',
        'Check that the "Clear completed" button is hidden',
        'Expected: the "Save" button is shown',
    ):
        action = parse_expected_clause(sentence.removeprefix("Expected: "))
        assert action is not None and action.tool.startswith("assert_element_"), sentence
        assert '" ' in action.args["target"], sentence  # the role word is in the target
    plural = parse_plain_text('Verify there are 2 "Large" checkboxes')
    assert plural is not None and plural.args["target"] == '"Large" checkbox'


@pytest.mark.parametrize(
    ("sentence", "tool", "args"),
    [
        ("Verify the list has 2 items", "assert_count", {"target": "items=", "count": 2}),
        ("Verify the table has 3 rows", "assert_count", {"target": "rows=", "count": 3}),
        ("Verify there are 2 todo items", "assert_count", {"target": "items=", "count": 2}),
        ("Verify 1 result is shown", "assert_count", {"target": "items=", "count": 1}),
        ('Verify item 2 is "buy milk"', "assert_text_in", {"target": "item=2", "text": "buy milk"}),
        # what the list holds is named: the list must be one the page names so (a list of products)
        (
            'Verify the first product is "Onesie"',
            "assert_text_in",
            {"target": "item=1:product", "text": "Onesie"},
        ),
        ("Verify 4 recipes are shown", "assert_count", {"target": "items=recipes", "count": 4}),
        ("Verify the book table has 3 rows", "assert_count", {"target": "rows=book", "count": 3}),
        (
            'The last message in the chat should read "Hi"',
            "assert_text_in",
            {"target": "item=-1:message", "text": "Hi"},
        ),
        ("Verify the results list has 2 entries", "assert_count", {"target": "items=", "count": 2}),
        ('Verify the 3rd row shows "SPQR"', "assert_text_in", {"target": "item=3", "text": "SPQR"}),
        ('Verify "x" is the last item', "assert_text_in", {"target": "item=-1", "text": "x"}),
        (
            'Verify "Kindred" is visible in the results',
            "assert_text_in",
            {"target": "list=", "text": "Kindred"},
        ),
    ],
)
def test_the_main_list_by_count_and_position(sentence: str, tool: str, args: dict[str, object]) -> None:
    action = parse_plain_text(sentence)
    assert action is not None and (action.tool, action.args) == (tool, args)


@pytest.mark.parametrize(
    ("written", "target", "path"),
    [
        ('Upload "budget-2026.xlsx"', "css=input[type=file]", "budget-2026.xlsx"),
        ("Upload budget-2026.xlsx", "css=input[type=file]", "budget-2026.xlsx"),
        ('Attach the file "cv.pdf"', "css=input[type=file]", "cv.pdf"),
        ('Upload budget-2026.xlsx to the "Files" field', '"Files" field', "budget-2026.xlsx"),
    ],
)
def test_an_upload_without_a_field_goes_to_the_pages_one_file_input(
    written: str, target: str, path: str
) -> None:
    actions = grammar.parse_plain_actions(written)
    assert actions is not None and [(a.tool, a.args) for a in actions] == [
        ("upload_file", {"target": target, "path": path})
    ]


def test_press_and_a_capitalised_name_that_is_no_key_presses_that_button() -> None:
    """'Press Continue' (a person presses the button so named); 'Press Escape' is still a key."""
    continue_ = parse_plain_actions("Press Continue")
    assert continue_ is not None and [(a.tool, a.args) for a in continue_] == [
        ("click", {"target": '"Continue" button'})
    ]
    escape = parse_plain_actions("Press Escape")
    assert escape is not None and [(a.tool, a.args) for a in escape] == [("press_key", {"key": "Escape"})]
    assert parse_plain_actions("Press foo") is None  # lower case: no name
