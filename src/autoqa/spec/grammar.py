"""The plain-step grammar: step sentences that run deterministically, with no model.

A spec whose every step matches runs on the tool layer alone. Anything that does not match returns
``None`` and the agent runs that spec instead. Matching is exact (whole sentence, case-insensitive) and
deliberately conservative: a sentence is plain only when its meaning is unambiguous.

Conventions: ``"x"`` is a quoted string — straight double or single quotes, curly quotes “x” ‘x’, 「x」,
or backticks. A trailing ``.`` ``。`` or ``!`` is ignored. ``the`` before a target is optional. A role word
after it (``button``, ``link``, ``field``, ``checkbox``, ``dropdown``, ``heading`` …; the list is
``autoqa.role_words``) is kept in the target — ``the "Save" button`` becomes the target
``"Save" button`` — and the tools then only consider elements of that role; other nouns (``icon``,
``message`` …) are dropped. The tools match the name against accessible names, labels, placeholders and
visible text; ``fill``, ``set_checked`` and ``select_option`` only consider elements they can act on.
``<url>`` is an absolute
``http(s)://`` URL, a path starting with ``/``, or starts with a ``{{VARIABLE}}``. A value may also be an
unquoted secret placeholder such as ``{{PASSWORD}}`` (it stays a placeholder; tools substitute it).
``Verify`` may also be written ``Assert``, ``Check that``, ``Expect``, ``Ensure`` or ``Confirm``. An expected
result written as what should hold — ``The Continue button should be disabled``, ``The badge should read
"x"``, ``… should not be visible`` — reads as that claim (``Verify the Continue button is disabled``).

Scopes (``autoqa.target_scope``): any element target may end with ``for|in|inside|within|on|from|under|next
to|beside [the] [row|item|card|section|panel|list|table|menu|dialog|form|…] "r"`` — ``Click "Remove" for
"Backpack"``, ``Click the "Delete" link next to "Kindred"``, ``Check the checkbox in the "buy milk" row`` —
and the tools then only consider elements in that row or region. Escape hatches (legitimate, rarely needed:
every form above names what a person sees): a quoted target may be ``css=…``, ``xpath=…`` (or ``//…``),
``text=…``, ``#id``, ``[attr=value]`` or ``role=button name=Save`` (``autoqa.tools.targets``), as in
``Click "css=#save"``.

============================================================  ===============================================
Step sentence                                                 Tool call
============================================================  ===============================================
Navigate to <url> · Go to <url> · Open <url> · Visit <url>    navigate(url)
Go back · Go forward · Reload / Refresh the page              history(action=back|forward|reload)
Click (the) browser back|forward (button) (never "the back button")  history(action=back|forward)
Click "t" · Click on the "t" button · Press the "t" button    click(target)
Click "t" for "r" · Click "t" in the "r" row|filter|menu      click(target='t in "r"') (any element step)
Double-click "t" · Right-click "t"                            click(target, double=True | button="right")
Fill "t" with "v" · Type "v" into "t" · Enter "v" in "t"      fill(target, value)
Type "v" in the rider notes (a typing verb's place)           fill(target='"rider notes" field', value)
Clear "t"                                                     fill(target, value="")
Select "o" in "t" · Select "o" from the "t" dropdown          select_option(target, option)
Check "t" · Uncheck "t" · Tick / Untick "t"                   set_checked(target, checked)
Press Enter · Press Control+A · Press Tab in "t"              press_key(key[, target])
Press Tab to move to the next field                           press_key(key="Tab") (a purpose that only says
                                                              what Tab does; "to close …" is not plain)
Press Tab to move focus out of|leave the "t" field            press_key(key="Tab", target='"t" field')
Tab to the "t" field · Shift+Tab back to "t" · Press Tab      press_key("Tab"|"Shift+Tab", target,
until the t field is focused                                  until_focused=True): pressed on the page until
                                                              it has focus (≤ 50; never a direct focus)
Tab out of the "t" field · Press Shift+Tab to go back to …    press_key(key="Tab"|"Shift+Tab"[, target])
Click outside the "t" field · Click outside · Click elsewhere  blur(target, click_outside=True) (an empty
                                                              spot; fails if "t" keeps the focus)
Click outside the form                                        blur(target="css=form", click_outside=True)
Blur the "t" field · Move focus out of the "t" field          blur(target) (element.blur(); fails likewise)
Hover "t" · Hover over "t"                                    hover(target)
Click "t" 3 times · Press Tab twice                           click(target) ×3 · press_key("Tab") ×2 (≤ 20)
Drag [and drop] "a" to|onto|into "b" [column] · Drag the "a"   drag(target="a", to_target="b", place="onto"|
card above|below|before|after "b" [in the "list"] ·           "above"|…); a quoted origin scopes "a", a
Drag "a" from "x" to "b" · Move "a" to "b" by dragging        quoted list scopes "b"
Upload "file" to "t"                                          upload_file(target, path)
Upload "file" · Upload budget.xlsx (the one file input)       upload_file(target="css=input[type=file]", path)
Scroll down|up|left|right [500 pixels] [to "t"]               scroll(direction[, amount][, target])
Scroll to "t"                                                 scroll(direction="down", target)
Scroll to the bottom|top of the page                          scroll(direction="bottom"|"top") (all the way)
Wait for "text" [to appear]                                   wait_for(text)
Wait for "text" to disappear                                  wait_for(text_gone)
Wait 2 seconds · Wait 500 ms                                  wait_for(seconds)
Wait until the "t" button is enabled · … to become enabled    wait_for(target, state="enabled")
Wait up to 60 seconds for "text" to appear|disappear|…        the same wait with seconds=60 as its limit
Verify "text" is visible|shown|displayed|present              assert_text_present(text)
Verify the page shows|contains|displays "text"                assert_text_present(text)
Verify "text" is not visible|hidden|gone|absent               assert_text_absent(text)
Verify the page does not show|contain "text"                  assert_text_absent(text)
Verify the "t" button|link|heading|… is visible               assert_element_visible(target='"t" button')
Verify the "t" button|link|heading|… is hidden|not visible    assert_element_hidden(target='"t" link')
Verify the URL contains "x" · Verify the URL is "x"           assert_url(expected, match=contains|equals)
Verify the URL matches "regex"                                assert_url(expected, match="regex")
Verify the title contains|is|matches "x"                      assert_title(expected, match=…) (as for the URL)
Verify "t" has value "x" · Verify the value of "t" is "x"     assert_value(target, expected)
Verify "t" is checked|not checked|unchecked                   assert_checked(target, checked)
Verify "t" is enabled|disabled|not enabled|not disabled       assert_enabled(target, enabled)
The Send button is disabled when the message box is empty     assert_value(field, ), then assert_enabled
The "Next" button stays disabled until "x" is filled in       the same (the condition is checked first;
… enabled when the "Terms" checkbox is checked                assert_checked then assert_enabled; no plain
                                                              check of the condition: the agent's)
Verify the table has the columns ID, Subject and Status       assert_element_visible('"ID" column header')
Verify the table has a "Subject" column                       per name; "The column headers are …" adds
The column headers are "Date", "Amount" [in that order]       assert_count(role=columnheader); in that
                                                              order: assert_order(texts, target=role=table)
Verify there are 6 "t" [buttons]                              assert_count(target='"t" button', count)
Verify "a", "b" and "c" appear in that order                  assert_order(texts=[a, b, c])
Verify the list shows "a", "b" in that order                  assert_order(texts=[a, b])
Verify "a" appears before "b"                                 assert_order(texts=[a, b])
Verify the rows are sorted by title · the products are sorted  assert_sorted(column, descending, tables,
by price (high to low) · Files should be sorted alphabetically noun): the main list|table in order
Verify "t" is focused · Verify the "t" field has focus        assert_focused(target)
Verify "t" is not focused · does not have focus · lost focus  assert_focused(target, focused=False)
Verify the "t" tab is selected · … expanded|pressed|current   assert_state(target, state, value)
Verify the "x" field is invalid · … is valid · … is marked as  assert_state(target, state="invalid", value):
invalid                                                       aria-invalid, else the field's own validation
Enter the username "v" · Leave "t" empty                      fill(target='"username" field' | t, value)
Set "t" to "v" · Change the Status to "v"                     set_field(t, value): an option, else text
Select "o" from the Country dropdown                          select_option('"Country" dropdown', option)
Verify the "t" field is empty                                 assert_value(target, expected="")
Clear the edit field · the edit field is focused|empty         fill(target='"edit" field', value="") · …
Search for "x" · Search the site for "x"                      fill(target="the search box", x, submit=True)
Press Enter in the search box|field                           press_key("Enter", target="the search box")
Press Enter in the new todo input (words + a field noun)      press_key("Enter", target='"new todo" input')
Press Enter|Type "x" in the empty new todo input              assert_value(target, "") then the action on it
Click the search box · Type "x" · Type "x" into the focused field
  · Press Ctrl+K and type "x"                                 click("the search box") · fill(FOCUSED_FIELD, x)
Verify the page heading is "x" · the heading "x" is visible   assert_element_visible(target='"x" heading')
Verify the "t" dialog is open|closed                          assert_element_visible|hidden('"t" dialog')
Verify the dialog is open|closed · no dialog is open          assert_element_visible|hidden(every dialog)
Click "Confirm" in the dialog · Close the modal · Verify "x"  click(target='Confirm in "dialog"') · the open
is shown in the dialog                                        dialog's "Close" · assert_text_in(region=dialog)
Verify "x" is no longer|not in the cart|list|…                assert_text_absent(x) (stricter than scoped)
Close the tab                                                 tabs(action="close")
Verify the "r" row|item shows "x" · "x" is shown in the "r" row  assert_text_in(target='the row in "r"', x)
Verify the "L" list has 3 items                               assert_count(target='the list item in "L"', n)
Verify the list has 3 items · 3 results are shown            assert_count(target="items=", n) (main list)
Verify the table has 5 rows · the table contains "x"          assert_count(target="rows=", n) · "table="
Verify the results list has 5 items (what it holds, no subset) assert_count(target="items=", n) (main list)
Verify only "a" and "b" are listed · the list shows only "a"  assert_text_in("list=", each) · assert_count(
  · "a" is the only item in the list                          "items=", how many): those items and no others
All todos are completed · Every row checkbox is checked       assert_each_checked(checked[, tables]): each
  · None of the todos is completed                            item's own box of the main list (row: table)
All checkboxes are checked · Both checkboxes are unchecked    assert_each_checked(scope="page"[, count=2])
The cart should list 2 items: "a" and "b"                     assert_count(N) as "has N items" reads, then
                                                              assert_text_in each as "shows "x"" reads
Verify the list is empty                                      assert_count(target="items=", count=0)
Every row's Status column shows "x" · each row contains "x"   assert_each_text(x[, column][, tables]): every
  · all rows show "x" in the Status column                    shown item (row: of the main table) shows x
Verify the Save button is disabled (unquoted name, role word)  as 'Verify the "Save" button is disabled'
Verify a Delete button is displayed · there is a "Save" link  as 'Verify the "Delete" button is visible'
Verify Kindred is visible|listed|no longer in the list         as 'Verify "Kindred" is …' (a name in capitals)
Biscuit should still be in favourites (a name, then a place)  as 'Verify "Biscuit" is in the favourites'
Verify the "Book" button for Saturday Yoga is disabled         as '… for "Saturday Yoga" …' (a row, capitals)
Verify item 2 is "x" · the first product is "x"               assert_text_in("item=2" | "item=1:product", x)
Verify "x" is the last item · the 3rd row shows "x"           assert_text_in(target="item=-1" | "item=3", x)
Click the second "Add to cart" button · Check the first       any call, target='second "Add to cart" button'
checkbox · the last "Delete" link · Verify checkbox 2 is      | "first checkbox": that one of the alike
checked (a role word and a number) · Click button 3 ·         visible matches in reading order (fewer is not
Hover over the first avatar (an image)                        found); export counts the same way
Log in as "u" with password "p" · Sign in with username "u"  fill(the login form's user field, u),
and password {{PASSWORD}} · Sign in as "u" / "p"              fill(its password field, p), click(its submit
                                                              button): the form holding a password field
Log in with standard_user / secret_sauce (both, unquoted)     the same (a last "!" or "." only quoted)
Click the "Edit" link in the first row · … in row 2 · Check   any call, target='"Edit" link in item=1',
the checkbox in the second row · the favorite button on the   "checkbox in item=2", '… in item=1:article':
first article · "Add to cart" for the second product          in that item of the main list or table (a noun
                                                              but row|item|entry|line: a list named so)
Verify "x" is shown in the results|list|table                 assert_text_in(target="list=", text=x)
Verify "x" is in the file list · … should appear in the …     assert_text_in(target="list=file", text=x)
Click Log in · Click Cart · Log out (unquoted, capitalised)    click(target="Log in")
Click Save and add another (≤ 4 words) · Click Add next to Books click("…") · click('Add in "Books"')
Open the book "SPQR" · Open the "Account" menu                 click(target="SPQR")
Go to the cart · Go to the settings page                      click(target='"cart" link')
Open the cart · Open your basket · Open the inbox             click(target='"cart" link') (never a pick,
                                                              "the latest email", nor a menu or the app)
Mark "t" as completed|done · … as not completed|active         set_checked(target, checked) (or the box in
                                                              the row "t" names, when no box is named "t")
Verify "t" is marked as completed · … is not done              assert_checked(target, checked) (as Mark sets)
Mark all items as completed · Unmark all items · Select all rows set_checked(target='"all" checkbox', checked)
Check the select-all checkbox · the toggle-all box is checked set_checked|assert_checked(the same box)
Choose "Express" shipping                                     set_checked(target='"Express" radio', True)
Check the Sports hobby · Untick the SMS channel · Verify the  set_checked|assert_checked(target='Sports in
Editor role is not checked (a name with a capital, then its   "hobbies"'): the box in the group the page
group's word)                                                 labels so ("role": Roles or Role)
Check the Free cancellation filter · Enable the Dark mode     set_checked(target="Free cancellation"): a kind
setting (option, filter, setting, toggle, feature, box)       word names no group; never "Check the Order
                                                              summary" (a thing to look at)
Sort products by Price (low to high) · Sort by Newest         select_option('"Sort" dropdown', option): as the
                                                              option reads, a capital first; never "by price
                                                              from lowest to highest" (a description)
Accept the terms · Agree to the privacy policy                set_checked(target='"terms" checkbox', True)
Verify the counter|message|status reads "x" (words, ≥ 4 chars)  assert_text_present(x, exact=True)
Verify the counter reads exactly "x"                          assert_text_present(x, exact=True, whole=True):
                                                              nothing after it, not even a closing "!" or an
                                                              aside in brackets, which "reads" allows; never a
                                                              badge's or a status's (those allow them)
The Submit button is now enabled · The dialog is no longer    the state claim without "now" (not visible for
visible · … should now be disabled                            "no longer"), as "still" is dropped
3 results are shown · Toast "x" appears · Validation message  Verify 3 results are shown · Verify the toast
"x" should appear                                             "x" appears: a count or a message stated
Click "Remove" in the row for INV-0042 | for jane@acme.io |   the row named as if quoted: a code with a digit,
for Jane Doe · Click "Edit" for Jane Doe · The Status of      an email address or capitalised words; never a
invoice INV-0042 is Paid                                      pick ("the row for the newest invoice")
The "9:00 AM" slot should be disabled · The 10:30 AM slot is  the state of the element named "9:00 AM" (slot,
selected · Click the "10:30 AM" time slot                     tile, plan, seat, date, day name no role)
Turn on|off "x" · Switch "x" off                              set_checked(target=x, checked)
Fill in First name with "a" and Last name with "b" · Enter    two fills, each read as if written alone
"a" in First name and "b" in Last name
Search messages|all tickets for "x"                           Search for "x" (the page's search box)
Press Tab; the Tax ID field should be focused                 two steps: a semicolon parts a step as "and"
                                                              does
Click the "Blog" link in the breadcrumbs                      click('"Blog" link'): an action's place that
                                                              names no element is dropped, as "in the sidebar"
Verify the Amount in the second row|in row 2 is "x"           assert_text_in(target="item=2", x, column=
                                                              "amount"): the cell at that row's position
The Created column is sorted ascending                        Verify the rows are sorted by Created ascending
Verify the confirmation screen|page shows "x"                 Verify the page shows "x"
Choose the "Editor" role · Select the "Full-time" radio       Choose "Editor" as the role · … radio button in
button for Employment type                                    the "Employment type" group
Change Rows per page to 50                                    Set the Rows per page to 50 (set_field)
Verify the "Buy milk" item has|does not have the class        assert_class(target='the list item in "Buy
"completed" · the All link has the class "selected"           milk"', class_name, present): its own class
                                                              list; an item or row noun is the item or row the
                                                              name is in
Add a todo|task|item "x" · Add "x" as a new todo              fill("css=input:is([type=text], :not([type]))
                                                              :visible", x, submit=True): the page's one shown
                                                              text input, then Enter (never a comment)
Press Continue · Press "Save and continue editing"            click('"Continue" button'): a name, no key
Complete "x"                                                  Mark "x" as completed
… should be selected again · Click "Save" again               "again" dropped after a state, a role word or a
                                                              quoted name (never "Click Send again")
The edit field for "x" should be visible and focused          two claims on one element
"x" is removed from the list · … has been deleted             Verify "x" is not visible
Double-click "x", change the text to "y" and click outside    click(double); fill(the focused field, y);
the item · …, clear the text and press Enter                  blur(click_outside) · fill(…, "") · press Enter
The first row's Last Name should be "Bach"                    the cell of the row at that position
The URL hash is #/completed                                   assert_url("\\#/completed$", regex)
Verify the list shows "a" and no longer shows "b" · "x" is   two claims joined by "and" (the second may take
shown, URL should be #/y                                      the first one's subject); an action, then a
                                                              claim after a comma
Step 4 - … · 6) … · Action: … Expected: … · … | Expected: …   the step number dropped; a full stop before a
· Dynamic Controls: click … · On the change form click …      capital, a bar or a semicolon parts a step; a
                                                              page named before an action is dropped
Click Save -> "x" is shown · hit Save → toast says "x" ·      an action, then the claim after an arrow or a
Press Escape — the dialog should close · Action: None |       spaced dash; an export's empty action dropped
Expected: "x" is shown
Given I am on "http://…" · When I follow "x" · Then I should  navigate · click('"x" link') · the table's row
see 4 rows in the x table · the row "a" should contain "b" ·  count · text in that row · the dropdown's
the "x" dropdown should have "y" selected                     value
The x table shows 25 rows · Row "x" is still in the table ·   a row count (never the text "25 rows") · the
The Driver cell in the row for VAN-042 is "x" · Verify        row is shown · that row's cell · a person's
Status for Dana Whitfield is "x" · Dialog text "x" is shown   name as the row's · the text in the dialog
should to be visible · is appearing · Please click on button  English as a second language: should be
"x" · Select in dropdown "d" the option "o" · Choose radio    visible · is shown · click('"x" button') · the
"x" for … · The button "x" must be enabled                    option of that dropdown · the radio · a claim
Head over to … · Paste https://… into the … field · Flip the  Go to · a fill (a URL is a value) · check or
"x" switch on · "x" is switched on · URL should be … · A      uncheck · checked · the URL · the cookie · a
cookie named "x" should exist · There should be exactly 10    count · the dialog closed · a claim's missing
results · the dialog should go away · Verify heading "x"      "is" · a capitalised name before its state
visible · Verify Remote only is checked · Click "x" on the    · a banner is a place that names no element
cookie banner
| 3 | Click "x" | "y" appears | · The "x" button is clicked ·  a table row's cells · the passive's action
The "x" field is filled with "v" · "o" is chosen from the …   (never "is selected", "is set to", "is opened")
dropdown · The page https://… is opened · Click "x" btn · Err · shorthand written out (btn, fld, msg, err,
msg = "x" · Pg title = "x" · Expected result: toast "x" ·     pg, dd, chkbox …; "=" is "is" unless it assigns)
Press Tab once · Focus moves to the x field · The Help        · a bare expected claim · Tab · the focused
disclosure is expanded · Click browser Back                   field · aria-expanded · history(back)
The "x" link is present · … has the value "v" · Local storage the claim in the grammar's words; a quoted
"k" holds "v" · The "x" chip is gone · An alert is shown: "x" value is never reworded ("must" stays "must")
· Booking reference "x" is shown · listed in this order: "a",
"b" · Type 2109 into "Card number" | Field shows 2109         the field, checkbox or dropdown the step's
                                                              action used (named only by its kind)
Input "v" to field Email · Write "v" in field "x" · Enter in  English as a second language: the fill · the
field "x" text "v" · Press on link "x" · Make click on tab    click · a role word before its name · check
"x" · Put|Remove the checkbox "x" · Check that appeared       and uncheck · appeared · shown · the URL · a
message "x" · Check that is displayed message "x" · Verify    row · history(back) · the key · the table's
that url has "/p" · Check that user is on page with url "/p"  rows · the text · a click whose purpose is
· Click on "x" in row of "r" · Go back on previous page ·     said ("Do logout by clicking …")
Press key Enter · Check that in the table there are 4 rows ·
Do logout by clicking "x"
System displays the heading "x" · The system shows a dialog   the software as the actor: the heading, dialog,
"x" · System shows the suggestion "x" · … shows "x" as        option, message is visible · the state
selected
Go to Settings → Notifications · Open menu "A" → "B" · Menu:  a menu path with > → -> › », a click per name
Reports > Weekly · Category → "Hardware" · Delete dialog →    · a bare name, then one quoted value: that
"Yes"                                                         field set · a dialog, then its button
Enter subject: "x" · Status: change to "x" · Search: "x"      the field named before a colon · set_field ·
                                                              the search box
"x" link visible · Notes panel hidden · Reopen button is      terse checks: is visible/hidden · the named
visible · "x" toast · Tooltip "x" is shown · Share report is  control · appeared · the text · a control's
disabled · Comment count is 1 · Status badge = "x" · Cookie   state · the labelled value · the badge · the
"k" cleared · Toggle "x" · Use keyboard shortcut Ctrl+K ·     cookie unset · click · press · the item of
Open ticket "#1" · Login as student "u" / "p"                 that name · the login form
Step: … | Expected Result: … · … | Date field shows v         TestRail's pair; a word before the kind is a
                                                              word of the action's field's name
Type in the Search field || Dune || Results list contains "a" a test-management row (Xray ||, Zephyr |,
and "b" · Log in || Username: u / Password: p || … · Go to    tabs, " -- "; autoqa.spec.step_columns): the
My orders | /account/orders | … · Click "x" -- -- Table       action; the data cell only as what it enters
shows 4 rows · Click "x"<TAB><TAB>"y" is shown                (labelled values, one value, a URL), never a
                                                              claim; the expected cell only as claims
Welcome msg "x" ✓ · "x" card visible ✓ · Login btn -> click   a ticked line is a check · a verb alone acts
· Notes box -> type "v"                                       on the part before it
url should include '/p' · localStorage key 'k' should not     developers' prose: the URL · storage · cookie
exist · cookie 'k' should have value 'v' · get the 'x' input  · fill · click · the text
and type "v" · get the 'x' button and click it · page should
contain text 'x'
Confirm is visible the text 'x' · Verify that appears the     the verb before its subject: visible · not
book 'x' · Check that not appears anymore 'x' · Make click in visible · click · the option · a check
the button Search · Select in the combo Branch the option 'x'
· … and control that the URL is '/p'
The "x" button has aria-expanded="true" · … aria-selected ·   ARIA states as attributes: expanded/collapsed,
aria-checked · aria-pressed · aria-current="page" ·           selected, checked, pressed, current, disabled
aria-disabled="true"
The "t" header has aria-sort="descending" · … aria-sort       assert_attribute(target, attribute, value): the
"descending" · "t" has tabindex "-1" · … no longer has        element's own attribute, exactly (no value:
aria-sort · The cover image has alt text "x" · Close button   there at all; "no longer has": not there); an
aria-label = "x"                                              unquoted subject of a name claim is the element
                                                              of that role the claim names
The "t" link has the accessible name "x" · Search field has   assert_accessible(target, accessible_name|role):
accessible name "x" · "t" switch is role=switch · … has role  what the accessibility tree computes (hidden
"dialog"                                                      text, alt, labels; a role given or implied by
                                                              the tag)
Press Space on "t"; it is checked · Click "t", then           "it", or an attribute with no element, is the
aria-expanded is "true" · Tab to "t" and press Enter on it    element the step's last action used
Press Right Arrow · Press Page Down · Press the space bar     press_key(ArrowRight | PageDown | Space)
Verify "x" is shown for "r" · "x" appears in the "r" row ·    assert_text_in(target='the row in "r"', text)
"x" is displayed on the "r" card                              (a card: the list item)
Verify the URL no longer contains "/login" · Verify the URL   assert_url|assert_title(expected, match,
is not "/p" · Verify the page title is not "x"                negate=True)
Verify "a" and "b" are not shown · Verify the cart lists      one claim per text, every one must hold (never
"a" and "b" · url should include "a" and "b"                  an order, "only", "either", "sorted")
The heading "x" is an h2 · Drawer heading is h2 "x" · The    assert_accessible(target='"x" heading', level=2):
h1 reads "x" · There is an h2 "x"                            that heading, at that level (<h2>, aria-level)
The live region announces "x" · "x" is announced · The        assert_appeared(text, kind="announced"): any
screen reader says "x"                                        live region, screen-reader-only ones too
Focus moves to the heading "x" · Focus is on its "x" button · the element focused
The heading "x" receives focus
Click on Save button · Press Continue · Click Payments > Pay  click('"Save" button') · a menu path, a click
someone new · Enter "x" in the Email field and tab out        per name · Tab after the fill
Fill in First name = "a", Last name "b" · Enter username "u"  a fill per field · the Username and Password
and password "p" · Type VPN into … · Enter OTP "1" in …       fields · a value that is certainly one
Verify "x" header is displayed · verify "x" message ·         the heading · the message · the text · the
Verify "x" on the Checkout page · Verify that user is able    text · the user is on that path
to see "x" · the user is redirected to /path
Choose Hardware in the Category drop-down · Click the         that option of that dropdown · its value
Assignee dropdown and select "x" · the Assignee field
displays Daniel Okafor
Verify the flash message|notice|toast|result contains "x"     assert_text_present(x, in_message=True): in a
                                                              live region, dialog, or an element whose class,
                                                              id or test id says message, flash, alert …
Verify the status badge|chip|pill|tag|indicator|title reads "x" assert_text_present(x, exact=True) (one word
                                                              may say whose: never a look, "red", or a pick,
                                                              "second"; never the page|window|tab title)
Verify the cart badge shows "2" · the status pill reads "Open" assert_text_in(target="badge=cart", x,
· the message counter shows 12 (one or two words, a number)  exact=True): the one badge the page names so
Verify the "t" field|input|dropdown shows|contains|is "v"      assert_value(target='"t" field', expected=v)
Verify the due date for|of "r" shows|is "x"                   assert_text_in(target='the row in "r"', x,
                                                              column="due date") (that column's cell, or the
                                                              row's field so labelled, else it fails: not "the
                                                              number of", "the URL for")
Verify the month heading reads "x"                            assert_element_visible(target='"x" heading')
Change|Set the Display name to "v" (no role word)             fill(target='"Display name" field', value)
Total: €41.00 · Status: "Confirmed" (a labelled statement)    as Verify the total is "€41.00" (never "Note:",
                                                              "Error:", "Step 3:" or a URL's "https:")
Set the "Volume" slider to "3.5" · Move the slider to 4        fill(target='"Volume" slider' | the one range
                                                              slider): read back, another value fails
Click "t" again                                               click(target)
The user stays on|is taken to the login page (URL contains "x")  assert_url(expected="x", match="contains")
The user is redirected to the dashboard (URL contains "x")    (a place without "page" only after "taken|
                                                              redirected|sent … to" or "lands on")
                                                              (or a title check: the bracket says how to
                                                              tell the page; "… and is not logged in (…)"
                                                              claims more and is not plain)
Verify the products are sorted "a", "b", "c"                  assert_order(texts=[a, b, c])
Verify the current page in the navigation is "t"              assert_state(target, state="current")
Click the "t" column header                                   click(target='"t" column header')
Verify local storage "k" contains "v" · … has 3 items         assert_storage(area, key, contains|equals|count)
Verify a cookie "k" is set · session storage "k" is empty     assert_storage(area, key, state=set|unset|empty)
Clear local storage · Clear session storage · Clear cookies   clear_storage(area)
local storage todos-v2 contains "v" · Local storage has the   a key as developers write it (unquoted with a
key "k" with value "v"                                        digit, - _ . or inner capital) · equals=v
Session storage has 1 item · Local storage is empty ·         assert_storage(area, count|state=empty): the
There are no cookies                                          area itself (its keys; the page's cookies)
Delete the cookie settings_seen · Remove "k" from local       clear_storage(area, key): that key or cookie
storage                                                       only, the rest kept
Click All (capitalised, alone) · Press Log in                 click("All") · click('"Log in" button')
The error under Amount is "x" · the error for the Amount      assert_text_in('"Amount" field', x, note): the
field reads "x"                                               note the field shows
Tick the checkboxes in the rows for Luna, Oscar and Pip ·     set_checked('the checkbox in "Luna"') for each
Select the rows for "A" and "B"                               row named
Click "Share" and then "Copy link" · Click on "Active" filter two clicks · click('"Active" link') ·
link. · Click the × button for "Buy milk"                     click('"×" button in "Buy milk"')
new todo field focused on load · Clear completed button not   a checklist's claims without their verb: the
shown anymore · 3 items visible · still 1 todo · counter ->   field focused · the button hidden · a count ·
"2 items left"                                                the text the named part shows
Verify the bulk actions bar says "x" · The thread panel       assert_text_in(region=bulk actions|thread, x):
shows "x"                                                     a region named by lower-case words
Click Reject on Aisha Bello's row · Verify Aisha Bello's     the row for "Aisha Bello" (click in it · its
status is "x" · the first request is from "x" · Verify only   "status" cell) · item=1 contains x · exactly 1
1 row is shown · Type VPN in the search box next to the       · the search box (a click on "Search" there is
Search button and click Search                                the button's, never the box's)
The Cancel button has focus · Light is not selected · Row 2   a statement read as its claim ("Verify …"); a
is "x" · Check the first ticket is "x" · Expected: "x" is …   bare capitalised subject names an element, for
                                                              a state or text, never "is visible|shown|in …"
Verify the "Pending" tab is selected by default · … initially the claim (the step runs at that moment)
User stays on /settings · Select Closed in the Status filter  assert_url(path) · select_option(Status, Closed)
Leave Postcode empty · Clear the "x" field and type 31.5      fill(Postcode, "") · fill; fill(focused, 31.5)
The URL must finish with "/x" · The Save button should stay   a claim in any modal (should, must, will,
disabled · Luna should not be listed · URL ends #/active      needs to; end, start, become, stay, remain,
                                                              exist); a bare capitalised subject is a name
Verify the success message|error|notification "x" is shown    assert_text_present(x)
An error message "x" is displayed (a statement: a claim too)  assert_text_present(x)
Verify the toast "x" appeared · … was shown · A "x" message appeared  assert_appeared(text) (even if gone)
Verify the "t" dialog appeared · … appeared since step 2      assert_appeared(text, kind="dialog"|since_step)
Verify the URL ends with "x" · … still contains "x"           assert_url(expected="x$" as regex | contains)
Enter "v" in the Username field · Fill the Email field with…  fill(target='"Username" field', value)
Switch to tab 2 (1-based) · Switch to the first tab           tabs(action="switch", index=1 → 0-based)
Switch to the new|newest|last tab                             tabs(action="switch", index=-1)
Accept|Dismiss the next dialog · Accept the alert|confirm     dialogs(action=accept|dismiss) (next dialog)
Verify the page matches|looks like the baseline "b"           assert_matches_baseline(name="b")
Verify the "t" section matches the "b" baseline               assert_matches_baseline(name="b", target="t")
Verify the full|whole page matches the baseline "b"           assert_matches_baseline(name, full_page=True)
… the baseline "b" ignoring|except for "x" and "y"            assert_matches_baseline(…, ignore=["x", "y"])
Compare the page with the baseline "b"                        assert_matches_baseline(name="b")
Verify the price is "x" · Assignee should be displayed as "x"  assert_text_in(target="css=body", text=x,
                                                              column="price") (the value the page labels:
                                                              <dt>/<dd>, <label>, "Price: x", aria-label)
Verify the "Bedrooms" value is "3" · the ticket shows priority "High"  (the same, by the quoted label)
Verify the button now says "x" · the link now reads "x"       assert_element_visible(target='"x" button'): the
                                                              control by the whole label it shows now
Verify "x" appears in the header · the sidebar shows "x"     assert_text_in(target=landmark css, x) (header,
                                                              sidebar, navigation, main content, footer)
Verify "x" is in the cart · "x" is shown in the Done column   assert_text_in(target="region=cart", x): the one
· "x" is listed under "Saved locations" · the "F" panel shows  region the page names so (label, heading,
                                                              id/class/test id); two are ambiguous
"x" is no longer listed under "Upcoming" · The "Backlog"      assert_text_in(target="region=Upcoming", x,
column does not contain "x" · "x" is not in the "Done" column  absent=True): that region, shown, without x
                                                              (elsewhere on the page it may show)
Verify the cart has 2 items · The "Negotiation" column has 6  assert_count(target="region-items=cart", n): the
deals · There are 3 courses in the Enrolled section          items of the one list in that region
Verify the "Email" field shows the error "x" · An error "x"  assert_text_in(target='"Email" field', x,
is shown under the Email field                               note=True): the field's own message
                                                              (aria-describedby/errormessage, its own wrapper)
Click the first job · Open the last result · the top result  click(target="item=1:job"): that item's title
                                                              link or its one control, never its middle
Wait until the spinner disappears · Wait for loading to      wait_for(target=autoqa.busy.BUSY, state="hidden")
finish
Verify the status is "Shipped" · the order status reads "x"   (the same: a status is a labelled value or the
                                                              one element of id/class "status", not any text)
Verify 4 recipes are shown · there are 2 songs · the playlist has 1 song  assert_count(target="items=recipes",
                                                              n): a list the page names as holding them
                                                              (things no list holds, and subsets, are not)
Verify the last message in the conversation reads "x"        assert_text_in(target="item=-1:message", text=x)
Select the "Weekly" radio button · Choose the "Weekly" option  set_checked(radio, True) · click("Weekly")
============================================================  ===============================================

Natural wordings (``autoqa.spec.paraphrase``) are read in the canonical wording above when the rules do not
read them as written; a rewrite drops only words that claim nothing, reorders, or quotes a value whose ends
are certain:

* who acts and linking words: "Then the user clicks on Save", "I enter …", "Please tap …", "Hit Enter";
* claim openers and statements: "Make sure (that) …", "Validate that …", "Check the header says "x"",
  "The user sees "x"" / "should not see", "The Save button is disabled", '"Welcome" is displayed',
  "A success message "x" appears", "… is still visible", "… appears on the page", "the toggle is on|off",
  "The user is redirected to "/dashboard"" (the URL), "Verify the focus is on the Email field",
  "Verify the page contains a link "x"", 'The "Share" dialog should open|close';
* described elements: 'a toast saying "x"', 'the dialog titled "x"', 'the radio button labelled "x"',
  'the message "x"', 'Click the "#random" channel', "Click the Edit icon", 'Switch to the "x" tab';
* unquoted values whose ends are certain: a literal with a digit, an e-mail address or words joined by "_"
  or "." ("Enter ada@example.com in the Email field", "Enter standard_user in the Username field", "Change
  the Servings field to 3", "Verify the counter shows 12"), or a
  capitalised name before "in the … field" / "from the … dropdown|list" ("Select United Kingdom from the
  Country dropdown"); never "your name" or one lowercase word, which may describe a value;
* order: "In the Subject field, type "x"", 'Enter "x" as the playlist name', "Open the jobs page at /jobs",
  "Set check-in date to "x"", 'Type "x" in Date of birth', capitalised region names ("in the Done column");
* an action's place that names no one element ("in the sidebar", "in the top menu"): the action still needs
  one element by that name on the page; a check keeps its place;
* two actions in one step ("… and press Enter", "Leave "x" empty and click Submit", "Press Tab twice",
  'Check the boxes "Email" and "SMS"'): one call each, in order; plain only if every part is.

Chinese: 打开/访问/导航到 <url> · 点击“t” · 在“t”中输入“v” · 输入“v”到“t” · 在“t”中选择“o”
· 勾选/取消勾选“t” · 按 Enter / 按回车键 · 悬停在“t”上 · 上传“f”到“t” · 向下/向上滚动 [到“t”]
· 等待“x”[出现] · 等待“x”消失 · 等待 3 秒 · 验证页面显示“x” · 验证“x”可见 · 验证页面不显示“x”
· 验证“x”不可见 · 验证“t”按钮可见/不可见 · 验证URL包含“x” · 验证标题为“x” · 切换到新标签页
· 接受/取消下一个对话框. Chinese role words after a target (按钮, 链接, 输入框, 复选框 …) are kept too.

A step with ``Expected:`` clauses is plain only if each clause is a plain assertion too (written with or
without the leading ``Verify``); they run after the step's own action. A step with other nested notes is
never plain: notes carry meaning the grammar cannot check.
"""

from __future__ import annotations

import copy
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from autoqa.busy import BUSY
from autoqa.landmarks import FOCUSED_FIELD, LANDMARKS
from autoqa.role_words import ARIA_ROLES, FILLER_NOUNS, ROLE_WORDS, role_target, role_word
from autoqa.spec.grammar_terms import (
    APPEARED,
    ELEMENT_NOUN,
    HIDDEN,
    KEY_IN_WORDS,
    MODAL_VERBS,
    NOUN,
    ON_PAGE,
    PLACEHOLDER,
    PLURAL_ROLE_NOUNS,
    QUOTED,
    ROLE_NOUNS,
    SHOULD_STATEMENT,
    TEXT_NOUNS,
    THE,
    VERIFY,
    VISIBLE,
    ZH_NOUN,
    ZH_NOUNS,
    ZH_VERIFY,
    as_key,
    as_number,
    as_url,
    claims,
    q,
    token_group,
    unquote,
    value_group,
)
from autoqa.spec.model import Step
from autoqa.spec.paraphrase import (
    ATTRIBUTE_WORD,
    NOT_A_LINK_PLACE,
    attribute_name,
    canonical,
    quote_bare_row,
    shorthand,
    split_actions,
)
from autoqa.spec.step_columns import StepColumns, data_pairs, data_url, data_value, step_columns
from autoqa.target_badge import badge_target
from autoqa.target_items import PAGE, holding, item_target, items_target, list_target
from autoqa.target_ordinal import POSITION_WORD, ordinal_words, position_of
from autoqa.target_region import region_target
from autoqa.target_scope import (
    REGION_NOUNS,
    SCOPE_CLAUSE,
    item_scoped_target,
    scoped_target,
    split_item_scope,
    split_scope,
)


@dataclass(frozen=True, slots=True)
class PlainAction:
    """One tool call. ``args`` use the tool layer's argument names; secret values stay ``{{NAME}}``."""

    tool: str
    args: dict[str, Any] = field(hash=False)
    optional: bool = False


@dataclass(frozen=True, slots=True)
class PlainStep:
    """The tool calls for one spec step: its own action first, then one assertion per Expected clause."""

    step_index: int
    actions: tuple[PlainAction, ...]

    @property
    def action(self) -> PlainAction:
        return self.actions[0]

    @property
    def checks(self) -> tuple[PlainAction, ...]:
        return self.actions[1:]


# --- rules -------------------------------------------------------------------------------------------

Built = tuple[str, dict[str, Any]] | None
_Builder = Callable[[re.Match[str]], Built]


@dataclass(frozen=True, slots=True)
class _Rule:
    pattern: str
    build: _Builder


_RULES: list[_Rule] = []
_SCOPE_CLAUSE = re.compile(SCOPE_CLAUSE, re.IGNORECASE)
_QUOTE_ENDS = ('"', "'", "”", "」", "』", "’", "`")


def _rule(*patterns: str) -> Callable[[_Builder], _Builder]:
    def register(build: _Builder) -> _Builder:
        for pattern in patterns:
            _RULES.append(_Rule(pattern, build))
        return build

    return register


def _target(m: re.Match[str], name: str = "target") -> str | None:
    """The quoted string of group ``name``; for the target, with the role word after it kept
    (``the "Save" button`` → ``"Save" button``): the tools then only consider buttons."""
    value = unquote(m.group(name)).strip()
    if not value:
        return None
    word = role_word(m.groupdict().get("noun")) if name == "target" else None
    return role_target(value, word) if word else value


def _with_target(tool: str, m: re.Match[str], **args: Any) -> Built:
    target = _target(m)
    return (tool, {"target": target, **args}) if target else None


@_rule(
    rf"(?:navigate\s+to|go\s+to|open|visit|browse\s+to|load)\s+(?:the\s+(?:url|page)\s+)?{token_group('url')}",
    rf"(?:打开|访问|导航到|前往|跳转到|进入)\s*(?:页面|网址)?\s*{token_group('url')}",
)
def _navigate(m: re.Match[str]) -> Built:
    url = as_url(m.group("url"))
    return ("navigate", {"url": url}) if url else None


@_rule(
    r"(?:go|navigate|move)\s+(?P<way>back|forward)(?:\s+(?:to\s+the\s+(?:previous|next)\s+page|in\s+the\s+browser"
    r"|one\s+page))?",
    # Only the browser's button: "the back button" alone may well be the page's own "Back" button.
    r"(?:click|press|hit|tap|use)\s+(?:on\s+)?(?:the\s+)?browser(?:'s|’s)?\s+(?P<way>back|forward)(?:\s+button)?",
    r"(?P<way>reload|refresh)(?:\s+the\s+(?:page|browser|tab))?",
    r"(?P<way>返回上一页|后退|前进|刷新页面|刷新|重新加载页面)",
)
def _history(m: re.Match[str]) -> Built:
    way = m.group("way").lower()
    action = {"返回上一页": "back", "后退": "back", "前进": "forward"}.get(way, way)
    return (
        "history",
        {"action": "reload" if action in ("refresh", "刷新页面", "刷新", "重新加载页面") else action},
    )


@_rule(
    rf"press\s+(?:the\s+)?(?P<key>{QUOTED}|(?:shift\s*\+\s*)?{KEY_IN_WORDS}|[^\s\"']+)(?:\s+key)?"
    rf"(?:\s+(?:in|on|into)\s+{THE}{q('target')}{NOUN})?",
    rf"(?:在\s*{q('target')}\s*(?:中|里|内)?\s*)?按(?:下)?\s*(?P<key>{QUOTED}|[^\s\"'“”]+?)\s*键?",
)
def _press(m: re.Match[str]) -> Built:
    key = as_key(m.group("key"))
    if key is None:
        return None
    args: dict[str, Any] = {"key": key}
    if m.group("target") is not None:
        target = _target(m)
        if target is None:
            return None
        args["target"] = target
    return "press_key", args


@_rule(
    rf"(?P<how>click|tap|double[- ]?click|right[- ]?click)(?:\s+on)?\s+{THE}{q('target')}{NOUN}(?:\s+again)?",
    rf"press\s+{THE}{q('target')}\s+(?P<noun>button)(?:\s+again)?",
    rf"(?P<how>点击|单击|双击|右键点击|右击)\s*{q('target')}{ZH_NOUN}",
)
def _click(m: re.Match[str]) -> Built:
    how = (m.groupdict().get("how") or "click").lower().replace("-", "").replace(" ", "")
    extra: dict[str, Any] = {}
    if how in ("doubleclick", "双击"):
        extra["double"] = True
    elif how in ("rightclick", "右键点击", "右击"):
        extra["button"] = "right"
    return _with_target("click", m, **extra)


_NOT_A_NAME = (
    "the", "a", "an", "on", "it", "this", "that", "here", "each", "every", "all",
    # where to click, not what: "Click outside", "Click elsewhere" move the focus away (the blur forms)
    "outside", "elsewhere", "somewhere", "anywhere", "away", "off", "again",
)  # fmt: skip


_PLACE_IN_NAME = frozenset(("next", "beside", "near", "within", "inside", "under", "row", "column", "the"))


# "Click Log in", "Click Cart", "Click Save and add another": an unquoted name of one to four words, the
# first capitalised, as a button or link shows it (never "the first product" or "on the cheapest item":
# those describe, and need judgement).
@_rule(
    r"(?:click|tap)\s+(?:on\s+)?(?P<name>[A-Z][\w'’-]*(?:\s+[A-Za-z][\w'’-]*){0,3}?)"
    r"(?:\s+(?P<noun>button|link))?",
    r"(?P<name>log\s+in|log\s+out|sign\s+in|sign\s+out|sign\s+up|logout|login)",
)
def _click_unquoted(m: re.Match[str]) -> Built:
    name = " ".join(m.group("name").split())
    if name.split()[0].lower() in _NOT_A_NAME and name != "All":
        return None  # (but "Click All", capitalised and alone: a filter's "All" link, as TodoMVC's)
    if any(w.lower() in _PLACE_IN_NAME for w in name.split()[1:]):
        return None  # "Click Add next to Books", "Click Edit in the Kindred row": a name, then where it is
    word = role_word(m.groupdict().get("noun"))
    return "click", {"target": role_target(name, word) if word else name}


# "Go to the cart", "Go to the settings page": a person follows the link of that name. Links only: "cart"
# must not find an "Add to cart" button; a page whose way there is no link fails the step.
_NOT_A_PLACE = (
    "top",
    "bottom",
    "end",
    "start",
    "url",
    "page",
    "previous",
    "same",
    "other",
    "new",
    "first",
    "last",
)


@_rule(
    r"go\s+to\s+(?:the|my|your)\s+(?P<name>[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*)??)(?:\s+page)?",
    r"(?:open|visit)\s+(?:the|my|your)\s+(?P<name>[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*)??)\s+page",
)
def _go_to_named(m: re.Match[str]) -> Built:
    name = " ".join(m.group("name").split())
    if name.split()[0].lower() in _NOT_A_PLACE or any(w.lower() in NOT_A_LINK_PLACE for w in name.split()):
        return None
    return "click", {"target": role_target(name, "link")}


# "Open the cart", "Open your basket", "Open the employee directory": the place a link of that name leads
# to, read as "Go to the cart" is (links only: "cart" must not find an "Add to cart" button). Never words that
# pick or describe ("the latest email", "the cheapest hotel"; "the first product" is the main list's item,
# below), a role ("the dropdown"), or what no link on the page opens ("the app", "the browser", "the file").
_NOT_OPENED = frozenset(
    (*NOT_A_LINK_PLACE, "tab", "window", "dialog", "modal", "popup",
     "pop-up", "file", "relevant", "appropriate", "corresponding", "matching", "related", "desired",
     # opened in place by a button, not a link's place: "Open the menu", "Open the filters"
     "drawer", "sidebar", "filter", "filters", "popover", "tooltip", "accordion", *FILLER_NOUNS)
)  # fmt: skip


@_rule(r"open\s+(?:the|my|your)\s+(?P<name>[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*)??)")
def _open_place(m: re.Match[str]) -> Built:
    name = " ".join(m.group("name").split())
    words = name.lower().split()
    if words[0] in _NOT_A_PLACE or any(
        w in _NOT_OPENED or role_word(w) or _describes_a_look(w) for w in words
    ):
        return None
    return "click", {"target": role_target(name, "link")}


# "Open the book "SPQR"", "Open the "Account" menu": what is opened is clicked by its name.
@_rule(rf"open\s+the\s+(?:[^\W\d_]+\s+)?{q('target')}(?:\s+[^\W\d_]+)?")
def _open_named(m: re.Match[str]) -> Built:
    name = unquote(m.group("target")).strip()
    if not name or as_url(name):
        return None
    return "click", {"target": name}


# "Accept the terms", "Agree to the privacy policy": a sign-up form's consent checkbox, found by those words
# (only words that name an agreement: "Accept the cookies" is a banner's button, not this).
_AGREEMENT = (
    r"terms(?:\s+and\s+conditions|\s+of\s+(?:service|use))?|conditions|privacy\s+policy|policy|"
    r"agreement|licen[cs]e(?:\s+agreement)?|eula"
)


@_rule(rf"(?:accept|agree\s+to|consent\s+to)\s+(?:the\s+)?(?P<name>{_AGREEMENT})")
def _accept_terms(m: re.Match[str]) -> Built:
    return "set_checked", {
        "target": role_target(" ".join(m.group("name").split()), "checkbox"),
        "checked": True,
    }


# "Mark "buy milk" as completed": a to-do's done state is its checkbox.
@_rule(
    rf"mark\s+{THE}{q('target')}(?:\s+(?P<noun>item|task|todo|entry))?\s+as\s+"
    r"(?P<state>completed?|done|finished|not\s+completed?|not\s+done|incomplete|active|open|undone)"
)
def _mark_done(m: re.Match[str]) -> Built:
    state = " ".join(m.group("state").lower().split())
    done = state in ("complete", "completed", "done", "finished")
    name = unquote(m.group("target")).strip()
    return ("set_checked", {"target": name, "checked": done}) if name else None


# 'Verify "buy milk" is marked as completed', 'Verify the "Pay rent" task is not done': the check of what
# "Mark … as" sets, the to-do's checkbox. Not "active" or "open" (a tab or a panel is active, a dialog open).
@_rule(
    rf"{VERIFY}\s+{THE}{q('target')}(?:\s+(?:item|task|todo|to-do|entry))?\s+is\s+(?:now\s+|still\s+)?"
    r"(?:marked\s+(?:as\s+)?)?(?P<state>completed?|done|finished|not\s+completed?|not\s+done|incomplete|undone)"
)
def _done_state(m: re.Match[str]) -> Built:
    state = " ".join(m.group("state").lower().split())
    name = unquote(m.group("target")).strip()
    done = state in ("complete", "completed", "done", "finished")
    return ("assert_checked", {"target": name, "checked": done}) if name else None


# "Mark all items as completed", "Select all rows": the one box that ticks every item — a list's "toggle
# all", a table's "select all" — whatever its label says ("Mark all as complete", "Toggle All Input",
# "Select all objects on this page"): a checkbox whose name holds the word "all". Never a subset ("all
# overdue items", "all rows that …" are not plain): only a word for what the list holds may follow "all".
_EVERY = r"(?:the\s+)?(?:items?|todos?|to-dos?|tasks?|entries|rows|records|results|objects|products)"


@_rule(
    rf"mark\s+all(?:\s+{_EVERY})?\s+as\s+"
    r"(?P<state>completed?|done|finished|checked|not\s+completed?|not\s+done|incomplete|active|undone)",
    rf"(?P<unmark>unmark|untick|uncheck|unselect|deselect)\s+all(?:\s+{_EVERY})?",
    rf"(?:select|tick)\s+all\s+{_EVERY}(?:\s+(?:on|in)\s+(?:the|this)\s+(?:page|list|table))?",
)
def _mark_all(m: re.Match[str]) -> Built:
    state = " ".join((m.groupdict().get("state") or "").lower().split())
    checked = not m.groupdict().get("unmark") and (
        not state or state in ("complete", "completed", "done", "finished", "checked")
    )
    return "set_checked", {"target": role_target("all", "checkbox"), "checked": checked}


# "the select-all checkbox", "the toggle all box": that same box, named by what it does.
_ALL_BOX = r"the\s+(?:select|mark|toggle|check)[-\s]all\s+(?:checkbox|check\s+box|box|toggle)"


@_rule(rf"(?P<verb>check|tick|uncheck|untick|click|press)\s+(?:on\s+)?{_ALL_BOX}")
def _click_all_box(m: re.Match[str]) -> Built:
    verb = m.group("verb").lower()
    if verb in ("click", "press"):
        return "click", {"target": role_target("all", "checkbox")}
    return "set_checked", {"target": role_target("all", "checkbox"), "checked": not verb.startswith("un")}


@_rule(
    rf"{VERIFY}\s+(?:that\s+)?{_ALL_BOX}\s+is\s+"
    r"(?P<state>checked|ticked|selected|not\s+checked|unchecked|not\s+ticked|not\s+selected)"
)
def _assert_all_box(m: re.Match[str]) -> Built:
    checked = not re.match(r"(?:not|un)", m.group("state").lower())
    return "assert_checked", {"target": role_target("all", "checkbox"), "checked": checked}


# "Check the Sports hobby", "Untick the SMS channel", "Verify the Editor role is not checked": a box named as
# it reads (a capital first, one to three words), then a word for the group it is in — the box "Sports" in
# the group the page names Hobbies (its legend, label or heading: a "hobby" is in "hobbies", a "role" in
# "Roles" or "Role"). A kind word names no group: "Check the Free cancellation filter", "Enable the Dark
# mode setting" are that box, wherever it is. Never a word for something a person looks at ("Check the Order
# summary", "Check the Billing address" are claims to judge), a role word, or one that describes.
_BOX_KINDS = frozenset(("option", "filter", "setting", "preference", "facet", "toggle", "feature", "box"))
_LOOKED_AT = frozenset(
    ("summary", "address", "price", "prices", "total", "totals", "message", "messages", "error", "errors",
     "text", "title", "heading", "label", "value", "values", "amount", "balance", "count", "number", "status",
     "result", "results", "page", "screen", "section", "panel", "form", "list", "table", "report", "details",
     "layout", "name", "date", "time", "email", "header", "footer", "column", "row", "output", "log", "logs",
     "order", "data", "content", "score", "rating", "description", "url", "code", "spelling", "view",
     "design", "style", "colour", "color", "font", "size", "position", "alignment", "info", "information")
)  # fmt: skip
# Words that name a group of boxes a form offers ("Hobbies", "Roles", "Notification channels"). Only these: a
# capitalised word then a lower-case one is as often one box's own name ("Remember me", "Marketing emails",
# "Newsletter subscription"), which a group reading would look for in a group that is not there.
_GROUP_NOUNS = frozenset(
    ("hobby", "interest", "skill", "role", "permission", "channel", "topic", "benefit", "category", "genre",
     "language", "day", "size", "colour", "color", "amenity", "service", "extra", "department", "team",
     "subject", "tag")
)  # fmt: skip
_NOT_IN_A_BOX_NAME = frozenset(
    ("is", "are", "was", "were", "has", "have", "looks", "look", "shows", "show", "appears", "seems",
     "matches", "works", "reads", "says", "displays", "contains", "and", "or", "not", "if", "when", "then",
     "to", "for", "in", "on", "of", "with", "under", "next", "as", "that", "the", "a", "an")
)  # fmt: skip
_BOX_IN_GROUP = r"the\s+(?P<name>(?-i:[A-Z])[\w'’&+.-]*(?:\s+[\w'’&+.-]+){0,2}?)\s+(?P<group>(?-i:[a-z]+))"


def _box_in_group(m: re.Match[str]) -> str | None:
    name, group = " ".join(m.group("name").split()), m.group("group")
    if any(w.lower() in _NOT_IN_A_BOX_NAME for w in name.split()[1:]):
        return None  # "Check the Sports hobby looks right": a claim, not a name
    if group in _LOOKED_AT or role_word(group) or group in FILLER_NOUNS or _describes_a_look(group):
        return None
    if group in _BOX_KINDS:
        return name
    if group not in _GROUP_NOUNS:
        return None  # "Check the Remember me", "Check the Marketing emails": a two-word name, not a group
    # The group's own name holds the word as written ("skill" is in "Skills"), except "y" → "ies".
    within = group[:-1] + "ies" if re.search(r"[^aeiou]y$", group) else group
    return scoped_target(name, within)


@_rule(rf"(?P<verb>check|tick|uncheck|untick)\s+{_BOX_IN_GROUP}")
def _check_in_group(m: re.Match[str]) -> Built:
    target = _box_in_group(m)
    checked = not m.group("verb").lower().startswith("un")
    return ("set_checked", {"target": target, "checked": checked}) if target else None


@_rule(rf"(?P<verb>enable|disable|turn\s+on|turn\s+off)\s+{_BOX_IN_GROUP}")
def _enable_kind(m: re.Match[str]) -> Built:
    if m.group("group") not in _BOX_KINDS:
        return None  # "Disable the Admin account" is no box
    target = _box_in_group(m)
    verb = m.group("verb").lower()
    return ("set_checked", {"target": target, "checked": verb in ("enable", "turn on")}) if target else None


@_rule(
    rf"{VERIFY}\s+{_BOX_IN_GROUP}\s+is\s+(?:now\s+|still\s+)?"
    r"(?P<state>checked|ticked|selected|not\s+checked|unchecked|not\s+ticked|not\s+selected)"
)
def _assert_in_group(m: re.Match[str]) -> Built:
    target = _box_in_group(m)
    checked = not re.match(r"(?:not|un)", m.group("state").lower())
    return ("assert_checked", {"target": target, "checked": checked}) if target else None


# "Choose "Express" shipping": one choice among radios. The word after the name is what it is a choice of,
# never a word about when or how ('Select "Blue" from "Colour" now' is no radio "Blue").
@_rule(
    rf"(?:choose|pick|select)\s+{q('target')}\s+(?!(?:from|in|on|now|again|first|then|too|also|once|instead|"
    r"here|there|please|quickly|later|afterwards|twice)\b)[^\W\d_]+(?:\s+option)?"
)
def _choose_radio(m: re.Match[str]) -> Built:
    name = unquote(m.group("target")).strip()
    return ("set_checked", {"target": role_target(name, "radio"), "checked": True}) if name else None


@_rule(
    rf"fill(?:\s+in|\s+out)?\s+{THE}{q('target')}{NOUN}\s+with\s+{value_group('value')}",
    rf"(?:type|enter|input|write)\s+{value_group('value')}\s+(?:in|into|in\s+to|on)\s+{THE}{q('target')}{NOUN}",
    # 'Enter "x" in the "Email" box': a box named so is a field (never the focused field in a region "Email")
    rf"(?:type|enter|input|write)\s+{value_group('value')}\s+(?:in|into|in\s+to|on)\s+{THE}{q('target')}\s+box",
    rf"在\s*{q('target')}{ZH_NOUN}\s*(?:中|里|内|处)?\s*(?:输入|填写|填入)\s*{value_group('value')}",
    rf"(?:输入|填写|填入)\s*{value_group('value')}\s*(?:到|至)\s*{q('target')}{ZH_NOUN}\s*(?:中|里|内)?",
)
def _fill(m: re.Match[str]) -> Built:
    return _with_target("fill", m, value=unquote(m.group("value")))


def _a_slider(m: re.Match[str]) -> bool:
    """ "Set the "Volume" slider to "70"": ``fill`` sets a range input's value (and fails when its step
    or bounds take another); a slider drawn without one is not found by fill, so the step fails."""
    words = (m.groupdict().get("noun") or m.groupdict().get("bare") or "").split()
    return bool(words) and role_word(words[-1]) == "slider"


@_rule(rf"clear\s+{THE}{q('target')}{NOUN}", rf"清空\s*{q('target')}{ZH_NOUN}")
def _clear(m: re.Match[str]) -> Built:
    return _with_target("fill", m, value="")


# "Search for "Cosmos"": what a person does — type it into the page's search field and press Enter. The
# field is found as "the search box" (a search input, or a field named or labelled Search); a page without
# one fails the step rather than typing into some other field.
SEARCH_FIELD = "the search box"


@_rule(rf"search\s+(?:the\s+(?:site|page|catalog(?:ue)?|list|table)\s+)?for\s+{value_group('value')}")
def _search(m: re.Match[str]) -> Built:
    value = unquote(m.group("value"))
    return ("fill", {"target": SEARCH_FIELD, "value": value, "submit": True}) if value.strip() else None


# "Press Enter in the search box", "Clear the search field": the same one search field.
_THE_SEARCH_FIELD = r"the\s+search\s+(?:box|field|input|bar)"


# 'Click the search box and type "Cosmos"': the click puts the focus there, the typing follows it.
@_rule(
    rf"(?:click|tap)(?:\s+on|\s+in|\s+into)?\s+{_THE_SEARCH_FIELD}",
    rf"focus\s+(?:on\s+)?{_THE_SEARCH_FIELD}",
)
def _click_search(m: re.Match[str]) -> Built:
    return "click", {"target": SEARCH_FIELD}


@_rule(rf"press\s+(?:the\s+)?(?P<key>{QUOTED}|[^\s\"']+)(?:\s+key)?\s+(?:in|on|into)\s+{_THE_SEARCH_FIELD}")
def _press_in_search(m: re.Match[str]) -> Built:
    key = as_key(m.group("key"))
    return ("press_key", {"key": key, "target": SEARCH_FIELD}) if key else None


@_rule(
    rf"(?:select|choose|pick)\s+(?:the\s+)?(?:option\s+)?{q('option')}\s+(?:in|from|on)\s+{THE}{q('target')}{NOUN}",
    rf"(?:在|从)\s*{q('target')}{ZH_NOUN}\s*(?:中|里)?\s*选择\s*{q('option')}",
)
def _select(m: re.Match[str]) -> Built:
    return _with_target("select_option", m, option=unquote(m.group("option")))


@_rule(
    rf"(?P<verb>check|uncheck|tick|untick)\s+{THE}{q('target')}{NOUN}",
    rf"(?P<verb>勾选|选中|取消勾选|取消选中)\s*{q('target')}{ZH_NOUN}",
)
def _set_checked(m: re.Match[str]) -> Built:
    verb = m.group("verb").lower()
    return _with_target("set_checked", m, checked=verb in ("check", "tick", "select", "勾选", "选中"))


_rule(rf"(?P<verb>select|deselect|unselect)\s+{THE}{q('target')}\s+(?P<noun>checkbox|check\s+box)")(
    _set_checked
)


@_rule(
    rf"(?:hover|mouse\s+over|move\s+the\s+mouse\s+(?:over|to))(?:\s+over|\s+on)?\s+{THE}{q('target')}{NOUN}",
    rf"(?:鼠标)?(?:悬停|移动)(?:在|到)?\s*{q('target')}{ZH_NOUN}\s*(?:上)?",
)
def _hover(m: re.Match[str]) -> Built:
    return _with_target("hover", m)


# Drag and drop: 'Drag "Write tests" to the "Done" column', 'Drag "Nude" above "Reckoner" in the queue',
# 'Drag "Alice" from "Unassigned" to "Team A"'. Both ends are quoted (an unquoted "the top" or "the bin" is
# judgement). A kind word before a name ("the card", "item") is dropped, a role word after it is kept, a
# noun after the destination ("column", "folder") is dropped: the drop lands on the element that shows the
# name, inside what it names. "Move … by dragging" is a drag; "Move … to …" alone may be a menu's "Move to".
_DRAG_KINDS = r"(?:item|card|task|file|folder|row|widget|entry|tile|field|block|element)"
_DRAG_KIND = rf"(?:{_DRAG_KINDS}\s+)?"
_DRAG_PLACES = {
    "to": "onto", "onto": "onto", "into": "onto", "in to": "onto", "on to": "onto", "over": "onto",
    "on top of": "onto", "above": "above", "below": "below", "under": "below", "underneath": "below",
    "before": "before", "in front of": "before", "after": "after", "behind": "after",
}  # fmt: skip
_DRAG_PLACE = "|".join(w.replace(" ", r"\s+") for w in sorted(_DRAG_PLACES, key=len, reverse=True))
_DRAG_TAIL = r"(?:\s+by\s+dragging(?:\s+it)?|\s+(?:using|with)\s+drag(?:\s+and\s+|-and-)drop)?"


@_rule(
    rf"(?:drag(?:\s+and\s+drop|-and-drop)?|(?P<move>move))\s+{THE}{_DRAG_KIND}{q('target')}{NOUN}(?:\s+{_DRAG_KINDS})?"
    rf"(?:\s+from\s+{THE}{q('origin')}(?:\s+[a-z]+)?)?"
    rf"\s+(?P<place>{_DRAG_PLACE})\s+{THE}{_DRAG_KIND}{q('dest')}(?P<dnoun>(?:\s+(?!in\b|on\b|by\b|with\b|using\b)[a-z]+){{0,2}})"
    rf"(?:\s+(?:in|on|within)\s+{THE}(?:{q('within')}(?:\s+[a-z]+)?|[a-z]+(?:\s+[a-z]+)?))?"
    rf"{_DRAG_TAIL}",
)
def _drag(m: re.Match[str]) -> Built:
    tail = m.group(0).rstrip().lower()
    if m.group("move") and not tail.endswith(("dragging", "dragging it", "drop")):
        return None
    source, destination = _target(m), unquote(m.group("dest")).strip()
    if not source or not destination:
        return None
    if m.group("origin"):
        source = scoped_target(source, unquote(m.group("origin")).strip())
    word = role_word(m.group("dnoun").strip() or None)
    if word:
        destination = role_target(destination, word)
    if m.group("within"):
        destination = scoped_target(destination, unquote(m.group("within")).strip())
    place = _DRAG_PLACES[" ".join(m.group("place").lower().split())]
    return "drag", {"target": source, "to_target": destination, "place": place}


@_rule(
    rf"(?:upload|attach)\s+(?:the\s+)?(?:file\s+)?{q('file')}\s+(?:to|into|in|using|via|with)\s+{THE}{q('target')}{NOUN}",
    rf"上传\s*(?:文件)?\s*{q('file')}\s*(?:到|至)\s*{q('target')}",
)
def _upload(m: re.Match[str]) -> Built:
    path = unquote(m.group("file")).strip()
    return _with_target("upload_file", m, path=path) if path else None


# 'Select "Option 2" from the dropdown', 'Verify "Option 2" is selected in the dropdown': the page's one
# <select> (two are ambiguous and fail, so the option is never chosen in another).
ONE_SELECT = "css=select"
_THE_DROPDOWN = r"the\s+(?:dropdown|drop-down|select|select\s+box|selectbox|combo\s*box)(?:\s+(?:list|menu))?"


@_rule(rf"(?:select|choose|pick)\s+(?:the\s+option\s+)?{q('option')}\s+(?:from|in)\s+{_THE_DROPDOWN}")
def _select_in_the_dropdown(m: re.Match[str]) -> Built:
    option = unquote(m.group("option"))
    return ("select_option", {"target": ONE_SELECT, "option": option}) if option.strip() else None


@_rule(
    rf"{VERIFY}\s+{q('option')}\s+is\s+(?:now\s+|still\s+)?(?:selected|chosen|shown)\s+in\s+{_THE_DROPDOWN}",
    rf"{VERIFY}\s+{_THE_DROPDOWN}\s+(?:shows|has|displays|is\s+set\s+to|reads)\s+{q('option')}(?:\s+selected)?",
)
def _assert_the_dropdown(m: re.Match[str]) -> Built:
    option = unquote(m.group("option"))
    return ("assert_value", {"target": ONE_SELECT, "expected": option}) if option.strip() else None


# 'Verify the flash message contains "You logged into"': a message's words, not its whole text, in a message
# (autoqa.message_scope): a heading or a list holding them is no flash message. "The text contains" names no
# element: the words anywhere on the page.
@_rule(
    rf"{VERIFY}\s+the\s+(?:(?P<describing>[^\W\d_][\w'’-]*)\s+)?(?P<noun>message|notice|banner|toast|alert|"
    rf"notification|flash|result|summary|text)\s+(?:contains|includes)\s+(?:the\s+text\s+)?{q('text')}"
)
def _assert_message_contains(m: re.Match[str]) -> Built:
    text = unquote(m.group("text")).strip()
    describing = m.group("describing") or ""
    if len(text) < 4 or not re.search(r"[^\W\d_]{2}", text) or (describing and _picks_or_looks(describing)):
        return None  # a short text is on many elements; "the red message" says how it looks
    if m.group("noun").lower() == "text" and not describing:
        return "assert_text_present", {"text": text}
    return "assert_text_present", {"text": text, "in_message": True}


# 'Upload "budget-2026.xlsx"': the page's one file input (hidden behind a drop zone or not); two shown, or two
# hidden with none shown, are ambiguous and fail. One shown beside hidden ones is the one used, by the
# targets' rule that a shown element is what a person acts on: upload widgets keep hidden inputs of their own
# (a drop zone's body-level input), and an upload is no claim: a later step checks where the file went.
FILE_INPUT = "css=input[type=file]"


@_rule(rf"(?:upload|attach)\s+(?:the\s+)?(?:file\s+)?{q('file')}")
def _upload_anywhere(m: re.Match[str]) -> Built:
    path = unquote(m.group("file")).strip()
    return ("upload_file", {"target": FILE_INPUT, "path": path}) if path else None


@_rule(
    rf"scroll\s+(?P<dir>down|up|left|right)(?:\s+(?:by\s+)?(?P<amount>\d+)\s*(?:px|pixels?))?"
    rf"(?:\s+(?:to|until)\s+{THE}{q('target')}{NOUN}(?:\s+is\s+visible)?)?",
    rf"scroll\s+(?:to|until)\s+{THE}{q('target')}{NOUN}(?:\s+is\s+visible)?",
    rf"向(?P<dir>下|上)滚动(?:\s*(?P<amount>\d+)\s*(?:px|像素))?(?:\s*(?:到|至)\s*{q('target')})?",
    rf"滚动(?:到|至)\s*{q('target')}",
)
def _scroll(m: re.Match[str]) -> Built:
    groups = m.groupdict()
    direction = {"上": "up", "下": "down"}.get(groups.get("dir") or "", (groups.get("dir") or "down").lower())
    args: dict[str, Any] = {"direction": direction}
    if groups.get("amount"):
        amount = int(groups["amount"])
        if not 1 <= amount <= 5_000:  # the scroll tool's range; anything else is not a sensible plain step
            return None
        args["amount"] = amount
    if groups.get("target") is not None:
        target = _target(m)
        if target is None:
            return None
        args["target"] = target
    return "scroll", args


@_rule(
    r"scroll\s+(?:all\s+the\s+way\s+)?(?:(?:down|up)\s+)?to\s+the\s+(?P<edge>bottom|top|end|start)"
    r"(?:\s+of\s+the\s+page)?"
)
def _scroll_to_edge(m: re.Match[str]) -> Built:
    return "scroll", {"direction": "bottom" if m.group("edge").lower() in ("bottom", "end") else "top"}


@_rule(
    r"wait\s+(?:for\s+)?(?P<n>\d+(?:\.\d+)?)\s*(?P<unit>s|secs?|seconds?|ms|milliseconds?)",
    r"等待\s*(?P<n>\d+(?:\.\d+)?)\s*(?P<unit>秒钟?|毫秒)",
)
def _wait_seconds(m: re.Match[str]) -> Built:
    amount = float(m.group("n"))
    unit = m.group("unit").lower()
    seconds = amount / 1000 if unit.startswith("m") or unit == "毫秒" else amount
    return "wait_for", {"seconds": as_number(str(seconds))}


# "Wait up to 60 seconds for …": the wait's own limit (the tools cap it at max_wait_ms and say so).
_UP_TO = r"(?:\s+up\s+to\s+(?P<limit>\d{1,4})\s*(?:s|secs?|seconds?))?"


def _waiting(m: re.Match[str], **args: Any) -> Built:
    limit = m.groupdict().get("limit")
    return "wait_for", {**args, **({"seconds": int(limit)} if limit else {})}


@_rule(
    rf"wait{_UP_TO}\s+(?:for|until)\s+{THE}(?:text\s+)?{q('text')}{NOUN}\s+"
    r"(?:to\s+)?(?:disappear|disappears|vanish|vanishes|go\s+away|goes\s+away|be\s+gone|is\s+gone|be\s+hidden|is\s+hidden)",
    rf"等待\s*{q('text')}\s*消失",
)
def _wait_gone(m: re.Match[str]) -> Built:
    text = _target(m, "text")
    return _waiting(m, text_gone=text) if text else None


@_rule(
    rf"wait{_UP_TO}\s+(?:for|until)\s+{THE}(?:text\s+)?{q('text')}{NOUN}"
    r"(?:\s+(?:to\s+)?(?:appear|appears|be\s+visible|is\s+visible|be\s+shown|is\s+shown|show\s+up|shows\s+up))?",
    rf"等待\s*{q('text')}\s*(?:出现|显示)?",
)
def _wait_text(m: re.Match[str]) -> Built:
    text = _target(m, "text")
    return _waiting(m, text=text) if text else None


# 'Wait until the "Submit" button is enabled', 'Wait for the "Email" field to become enabled': a control
# the page enables later (after a check, a timer, a request). Only "enabled": waiting for disabled is a
# claim a check makes.
@_rule(
    rf"wait{_UP_TO}\s+(?:for|until)\s+{THE}{q('target')}{NOUN}\s+(?:to\s+be(?:come)?|is|becomes|gets)\s+enabled",
)
def _wait_enabled(m: re.Match[str]) -> Built:
    target = _target(m)
    return _waiting(m, target=target, state="enabled") if target else None


# "Wait until the spinner disappears", "Wait for loading to finish": until no busy indicator shows
# (autoqa.busy). Never "Wait for the checkout page to load": that names a page, a claim of its own.
@_rule(
    r"wait\s+(?:for|until)\s+the\s+(?:loading\s+|progress\s+|busy\s+)?(?:spinner|loader|loading\s+indicator|"
    r"progress\s+indicator|busy\s+indicator|loading\s+animation|loading\s+bar|loading\s+message)\s+(?:to\s+)?(?:disappear|disappears|vanish|"
    r"vanishes|go\s+away|goes\s+away|be\s+gone|is\s+gone|be\s+hidden|is\s+hidden|stop|stops)",
    r"wait\s+(?:for|until)\s+(?:the\s+)?(?:loading|the\s+page\s+loading)\s+(?:to\s+)?(?:finish|finishes|is\s+done|"
    r"completes?|is\s+complete|is\s+finished|stops)",
)
def _wait_not_busy(m: re.Match[str]) -> Built:
    return "wait_for", {"target": BUSY, "state": "hidden"}


def _match_mode(op: str) -> str:
    op = op.lower()
    if op.startswith("match"):
        return "regex"
    return "contains" if "contain" in op or "includ" in op or op == "包含" else "equals"


_NOT = (
    r"(?P<neg>does\s+not|doesn't|doesn’t|should\s+not|shouldn't|must\s+not|no\s+longer|is\s+not|isn't|"
    r"is\s+no\s+longer)\s+"
)
"""The URL or the title denied ('the URL no longer contains "/login"', 'the title is not "Error"')."""


@_rule(
    rf"{VERIFY}\s+{THE}(?:current\s+|page\s+)?(?:url|address)\s+(?:still\s+)?"
    rf"(?P<op>contains|includes|should\s+contain|is|equals|is\s+equal\s+to|should\s+be|matches)\s+{token_group('x')}",
    rf"{VERIFY}\s+{THE}(?:current\s+|page\s+)?(?:url|address)\s+{_NOT}"
    rf"(?P<op>contains?|includes?|equals?|equal\s+to|be|matche?s?)\s+{token_group('x')}",
    rf"{VERIFY}\s+{THE}(?:current\s+|page\s+)?(?:url|address)\s+(?P<neg>is\s+not|isn't|is\s+no\s+longer)\s+(?P<op>)"
    rf"{token_group('x')}",
    rf"{ZH_VERIFY}\s*(?:当前)?(?:URL|网址|地址|链接)\s*(?P<op>包含|为|是|等于)\s*{token_group('x')}",
)
def _assert_url(m: re.Match[str]) -> Built:
    expected = unquote(m.group("x")).strip()
    quoted = m.group("x")[0] in "\"'“‘「『`"
    if not expected or (not quoted and as_url(expected) is None):
        return None
    match = _match_mode(m.group("op"))
    if match == "regex" and not quoted and not expected.startswith(("/", "http")):
        return None  # an unquoted regular expression only as a path or URL ("/tickets/\\d+")
    return "assert_url", {"expected": expected, "match": match, **_denied(m)}


def _denied(m: re.Match[str]) -> dict[str, Any]:
    return {"negate": True} if m.groupdict().get("neg") else {}


@_rule(
    rf"{VERIFY}\s+{THE}(?:page\s+|(?:browser\s+)?(?:tab|window)\s+)?title\s+"
    rf"(?P<op>contains|includes|is(?:\s+exactly)?|equals|should\s+be(?:\s+exactly)?|should\s+contain|matches|"
    rf"starts\s+with|begins\s+with|should\s+start\s+with)\s+"
    rf"{q('x')}",
    rf"{VERIFY}\s+{THE}(?:page\s+|(?:browser\s+)?(?:tab|window)\s+)?title\s+{_NOT}(?P<op>contains?|includes?|equals?|be)\s+"
    rf"{q('x')}",
    rf"{VERIFY}\s+{THE}(?:page\s+|(?:browser\s+)?(?:tab|window)\s+)?title\s+(?P<neg>is\s+not|isn't|is\s+no\s+longer)\s+"
    rf"(?P<op>){q('x')}",
    rf"{ZH_VERIFY}\s*(?:页面)?标题\s*(?P<op>包含|为|是|等于)\s*{q('x')}",
)
def _assert_title(m: re.Match[str]) -> Built:
    expected = unquote(m.group("x"))
    if not m.groupdict().get("neg") and (
        "start" in m.group("op").lower() or "begin" in m.group("op").lower()
    ):
        return (
            ("assert_title", {"expected": "^" + re.escape(expected), "match": "regex"}) if expected else None
        )
    if not expected:
        return None
    return "assert_title", {"expected": expected, "match": _match_mode(m.group("op") or "is"), **_denied(m)}


@_rule(
    rf"{VERIFY}\s+{THE}{q('target')}{NOUN}\s+(?:has|contains|shows)\s+(?:the\s+)?value\s+{value_group('x')}",
    rf"{VERIFY}\s+the\s+value\s+of\s+{THE}{q('target')}{NOUN}\s+is\s+{value_group('x')}",
)
def _assert_value(m: re.Match[str]) -> Built:
    return _with_target("assert_value", m, expected=unquote(m.group("x")))


# "Verify the "Status" field shows "Open"": what a field shows is its value (a dropdown's: its selected
# option). Only after a field noun: "the "Total" row shows …" is text in a row, and a value check on
# something that is no field fails rather than passing on text elsewhere.
_FIELD_NOUN = (
    r"(?P<noun>field|input|input\s+field|text\s+field|textbox|text\s+box|textarea|text\s+area|dropdown|drop-down|"
    r"select|combobox|combo\s+box)"
)


@_rule(
    rf"{VERIFY}\s+{THE}{q('target')}\s+{_FIELD_NOUN}\s+(?:shows|contains|displays|reads|says|is|has|holds)\s+"
    rf"(?:now\s+)?{value_group('x')}"
)
def _assert_field_shows(m: re.Match[str]) -> Built:
    return _with_target("assert_value", m, expected=unquote(m.group("x")))


@_rule(rf"{VERIFY}\s+{THE}{q('target')}{NOUN}\s+is\s+(?P<state>checked|not\s+checked|unchecked)")
def _assert_checked(m: re.Match[str]) -> Built:
    return _with_target("assert_checked", m, checked=m.group("state").lower() == "checked")


@_rule(
    rf"{VERIFY}\s+{THE}{q('target')}{NOUN}\s+is\s+(?P<state>enabled|disabled|not\s+enabled|not\s+disabled)"
)
def _assert_enabled(m: re.Match[str]) -> Built:
    state = " ".join(m.group("state").lower().split())
    return _with_target("assert_enabled", m, enabled=state in ("enabled", "not disabled"))


@_rule(
    rf"{VERIFY}\s+there\s+(?:are|is)\s+(?:exactly\s+)?(?P<n>\d+)\s+{q('target')}"
    rf"(?:\s+(?P<noun>{PLURAL_ROLE_NOUNS}|[^\W\d_]+))?",
    rf"{VERIFY}\s+{THE}{q('target')}{NOUN}\s+(?:appears|is\s+shown)\s+(?P<n>\d+)\s+times?",
)
def _assert_count(m: re.Match[str]) -> Built:
    return _with_target("assert_count", m, count=int(m.group("n")))


@_rule(
    rf"{VERIFY}\s+{THE}{q('target')}{ELEMENT_NOUN}\s+(?:is|are)\s+(?P<state>{VISIBLE}|{HIDDEN})",
    rf"{VERIFY}\s+{THE}{q('target')}{ELEMENT_NOUN}\s+"
    r"(?P<state>appears|shows\s+up|(?P<not>does\s+not|doesn't)\s+appear)",
)
def _assert_element(m: re.Match[str]) -> Built:
    hidden = m.groupdict().get("not") is not None or (
        re.fullmatch(HIDDEN, m.group("state"), re.IGNORECASE) is not None
    )
    return _with_target("assert_element_hidden" if hidden else "assert_element_visible", m)


_ZH_HIDDEN = ("不可见", "不显示", "已消失", "消失", "不存在")


@_rule(
    rf"{ZH_VERIFY}\s*{q('target')}\s*(?P<noun>{ZH_NOUNS})\s*"
    rf"(?P<state>可见|已显示|显示|出现|存在|{'|'.join(_ZH_HIDDEN)})"
)
def _assert_element_zh(m: re.Match[str]) -> Built:
    hidden = m.group("state") in _ZH_HIDDEN
    return _with_target("assert_element_hidden" if hidden else "assert_element_visible", m)


def _text_assertion(m: re.Match[str], *, absent: bool) -> Built:
    text = _target(m, "text")
    if text is None:
        return None
    return ("assert_text_absent" if absent else "assert_text_present"), {"text": text}


@_rule(
    rf"{VERIFY}\s+{THE}(?:text\s+)?{q('text')}(?:\s+(?:{TEXT_NOUNS}))?\s+(?:is|are)\s+{VISIBLE}",
    rf"{VERIFY}\s+{THE}(?:text\s+)?{q('text')}(?:\s+(?:{TEXT_NOUNS}))?\s+(?:appears|is\s+displayed|shows\s+up)",
    rf"{VERIFY}\s+(?:the\s+)?(?:page|screen)\s+(?:shows?|contains?|displays?|includes?|has)\s+(?:the\s+)?(?:text\s+)?{q('text')}",
    rf"{VERIFY}\s+(?:I\s+)?(?:can\s+)?see\s+(?:the\s+)?(?:text\s+)?{q('text')}",
    rf"{ZH_VERIFY}\s*(?:页面)?(?:上)?(?:显示|包含|出现)(?:了)?\s*{q('text')}",
    rf"{ZH_VERIFY}\s*{q('text')}\s*(?:可见|已显示|显示|出现|存在)",
)
def _assert_text_present(m: re.Match[str]) -> Built:
    return _text_assertion(m, absent=False)


@_rule(
    rf"{VERIFY}\s+{THE}(?:text\s+)?{q('text')}(?:\s+(?:{TEXT_NOUNS}))?\s+(?:is|are)\s+{HIDDEN}",
    rf"{VERIFY}\s+{THE}(?:text\s+)?{q('text')}(?:\s+(?:{TEXT_NOUNS}))?\s+(?:does\s+not|doesn't)\s+appear",
    rf"{VERIFY}\s+(?:the\s+)?(?:page|screen)\s+(?:does\s+not|doesn't|no\s+longer)\s+"
    rf"(?:show|contain|display|include|have)s?\s+(?:the\s+)?(?:text\s+)?{q('text')}",
    rf"{VERIFY}\s+(?:I\s+)?(?:cannot|can't|can\s+not|can\s+no\s+longer)\s+see\s+(?:the\s+)?(?:text\s+)?{q('text')}",
    rf"{ZH_VERIFY}\s*(?:页面)?(?:上)?(?:不显示|不包含|没有显示|未显示|不出现|没有)\s*{q('text')}",
    rf"{ZH_VERIFY}\s*{q('text')}\s*(?:不可见|不显示|已消失|消失|不存在)",
)
def _assert_text_absent(m: re.Match[str]) -> Built:
    return _text_assertion(m, absent=True)


# "Verify the alert says "Saved"", "An alert "Saved" is shown": an alert may be the browser's own (answered at
# once, so never on the page), a live region, or a message drawn without one: the text appeared in a dialog
# or live region since the step's action, or is shown on the page now (assert_appeared with or_shown).
@_rule(
    rf"{VERIFY}\s+(?:the|an?)\s+(?:js\s+|javascript\s+|browser\s+)?alert(?:\s+(?:box|popup|message))?\s+"
    rf"(?:says|reads|shows|displays|contains|text\s+is|message\s+is)\s+{q('text')}",
    rf"(?:{VERIFY}\s+)?(?:the|an?)\s+(?:js\s+|javascript\s+|browser\s+)?alert(?:\s+(?:box|popup|message))?\s+"
    rf"(?:saying\s+|that\s+says\s+|with\s+(?:the\s+)?text\s+)?{q('text')}\s+(?:appears|is\s+(?:shown|displayed|visible))",
)
def _assert_alert(m: re.Match[str]) -> Built:
    text = unquote(m.group("text"))
    return ("assert_appeared", {"text": text, "or_shown": True}) if text.strip() else None


# "the success message", "an error": nouns for text a page shows, never a role (a role word asks for an
# element check instead).
_TEXT_DESCRIPTION = (
    r"(?:(?:success|error|warning|info|information|confirmation|status|validation)\s+)?"
    r"(?:message|notification|toast|banner|alert|error|text|label|tooltip|hint)"
)


@_rule(
    # also as a statement, the way test cases write expected results ("An error message "x" is displayed")
    rf"(?:{VERIFY}\s+(?:that\s+)?)?(?:the|an?)\s+{_TEXT_DESCRIPTION}\s+{q('text')}\s+(?:is|are)\s+{VISIBLE}",
    rf"{VERIFY}\s+(?:the|an?)\s+{_TEXT_DESCRIPTION}\s+{q('text')}\s+(?:appears|shows\s+up)",
)
def _assert_described_text(m: re.Match[str]) -> Built:
    return _text_assertion(m, absent=False)


@_rule(
    rf"{VERIFY}\s+(?:the|an?)\s+{_TEXT_DESCRIPTION}\s+{q('text')}\s+(?:is|are)\s+{HIDDEN}",
    rf"{VERIFY}\s+(?:the|an?)\s+{_TEXT_DESCRIPTION}\s+{q('text')}\s+(?:does\s+not|doesn't)\s+appear",
)
def _assert_described_text_gone(m: re.Match[str]) -> Built:
    return _text_assertion(m, absent=True)


# "Verify the toast "Order placed" appeared", "A "Saved" message appeared": past tense, so the claim is that
# the text was shown at some point since the step's action — a toast may be gone before any check runs.
# ``assert_appeared`` judges it on what the page watcher recorded in live regions and dialogs. Only "since
# step N" widens the window: "during step 3" would be narrower than what the tool can say, so it is not plain.
_TRANSIENT_NOUN = (
    r"(?:(?:success|error|warning|info|information|confirmation|status|validation)\s+)?"
    r"(?:message|notification|toast|snackbar|banner|alert|error|status|notice)"
)
_DIALOG_NOUN = r"(?:dialog|modal|popup|pop-up)(?:\s+window)?"
_SINCE = r"(?:\s+since\s+step\s+(?P<since>\d{1,4}))?"


@_rule(
    rf"(?:{VERIFY}\s+)?(?:the|an?)\s+(?P<noun>{_TRANSIENT_NOUN}|{_DIALOG_NOUN})\s+"
    rf"(?:saying\s+|that\s+says\s+|reading\s+)?{q('text')}\s+{APPEARED}{_SINCE}",
    rf"{VERIFY}\s+(?:(?:the|an?)\s+)?{q('text')}(?:\s+(?P<noun>{_TRANSIENT_NOUN}|{_DIALOG_NOUN}))?\s+"
    rf"{APPEARED}{_SINCE}",
    rf"(?:the|an?)\s+{q('text')}\s+(?P<noun>{_TRANSIENT_NOUN}|{_DIALOG_NOUN})\s+{APPEARED}{_SINCE}",
)
def _assert_appeared(m: re.Match[str]) -> Built:
    dialog = re.fullmatch(_DIALOG_NOUN, m.group("noun") or "", re.IGNORECASE) is not None
    return _appeared(m, "dialog" if dialog else None)


def _appeared(m: re.Match[str], kind: str | None) -> Built:
    """``assert_appeared`` of the quoted text, of ``kind``, since the step a step names (if it does)."""
    text = unquote(m.group("text")).strip()
    if not text:
        return None
    args: dict[str, Any] = {"text": text}
    if kind is not None:
        args["kind"] = kind
    if m.group("since"):
        args["since_step"] = int(m.group("since"))
    return "assert_appeared", args


# A heading's level, as an accessibility tester checks the outline: 'The heading "Your vehicle" is an h2',
# 'Drawer heading is h2 "Migrate blog posts"', 'the h1 reads "Find a pharmacy"', 'There is an h2 "Filters"'.
# The heading named so, at that level (an <h2>, or role="heading" with aria-level="2"), in the accessibility
# tree (a visually hidden heading counts: it is there for a screen reader). "… is shown" claims more than
# that (that it is visible too), so it is not read here.
_LEVEL = r"(?:h(?P<n>[1-6])|(?:heading\s+)?level[\s-]*(?P<n2>[1-6]))"


@_rule(
    rf"(?:{VERIFY}\s+)?{THE}(?:heading\s+)?{q('target')}(?:\s+heading)?\s+is\s+(?:an?\s+)?{_LEVEL}(?:\s+heading)?",
    rf"(?:{VERIFY}\s+)?(?:the\s+)?(?:[a-z]+\s+){{0,2}}heading\s+is\s+(?:an?\s+)?{_LEVEL}\s+{q('target')}",
    rf"(?:{VERIFY}\s+)?(?:the|an?)\s+{_LEVEL}(?:\s+heading)?\s+(?:reads|is|says|shows)\s+{q('target')}",
    rf"(?:{VERIFY}\s+)?(?:there\s+is\s+)?(?:the\s+|an?\s+)?{_LEVEL}(?:\s+heading)?\s+{q('target')}",
)
def _assert_heading_level(m: re.Match[str]) -> Built:
    name = unquote(m.group("target")).strip()
    level = int(m.group("n") or m.group("n2"))
    if not name:
        return None
    return "assert_accessible", {"target": role_target(name, "heading"), "level": level}


# What a screen reader hears: 'The live region announces "Sorted by Amount, descending"', '"3 results" is
# announced', 'the screen reader says "x"'. Any live region counts, shown or drawn for screen readers only (1
# px, clipped), within the same window as a toast; a region's role is not told apart, so a claim that names
# one ("via the role=status region") is not plain. Never text shown elsewhere on the page.
_LIVE_REGION = r"(?:the\s+|an?\s+)?(?:(?:aria-live|polite|assertive|live|status)\s+)*region"
_HEARD_BY = (
    r"(?:\s+(?:(?:by|to)\s+(?:the\s+|a\s+)?screen\s*readers?|(?:via|in|through|by)\s+"
    rf"{_LIVE_REGION}|(?:via|through)\s+aria-live))?"
)


@_rule(
    rf"(?:{VERIFY}\s+)?{_LIVE_REGION}\s+(?:should\s+)?(?:announces?|says|reads|said|announced)\s+{q('text')}{_SINCE}",
    rf"(?:{VERIFY}\s+)?(?:the\s+|a\s+)?screen\s*readers?\s+(?:should\s+)?(?:announces?|announced|reads(?:\s+out)?|says)\s+"
    rf"{q('text')}{_SINCE}",
    rf"(?:{VERIFY}\s+(?:that\s+)?)?{q('text')}\s+(?:is|was|gets|got|should\s+be)\s+announced{_HEARD_BY}{_SINCE}",
)
def _assert_announced(m: re.Match[str]) -> Built:
    return _appeared(m, "announced")


# "Verify the counter reads "1 item left"": a description of where the text is, not a name of an element;
# the text itself is the evidence, so it must say something on its own (a lone "2" or "$5" is found in
# any price on the page). "Reads" is an element's whole text: "11 items left" does not read "1 item left".
_READOUT = (
    r"(?:(?P<describing>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*)?)\s+)?"
    r"(?P<readout>counter|count|message|notice|status|banner|toast|alert|notification|label|text|summary|badge|"
    r"result|flash|"
    r"chip|pill|tag|lozenge|indicator|"
    r"(?<!page\s)(?<!window\s)(?<!browser\s)(?<!tab\s)(?<!document\s)(?<!site\s)title)"
)


# "reads exactly": the element's whole text and nothing after it (plain "reads" allows a closing "!" or an
# aside in brackets the step did not write).
@_rule(
    rf"{VERIFY}\s+the\s+{_READOUT}\s+(?:reads|says|shows|displays|is)\s+(?:now\s+)?(?P<exactly>exactly\s+)?"
    rf"{q('text')}"
)
def _assert_readout(m: re.Match[str]) -> Built:
    text = unquote(m.group("text")).strip()
    describing = (m.group("describing") or "").split()
    if not text:
        return None
    readout = m.group("readout").lower()
    short = len(text) < 4 or not re.search(r"[^\W\d_]{2}", text)
    refused = short or (readout in _BADGES and len(text.split()) <= 2)  # too weak as a text on the page
    # A subset word names a badge as any word does ("the pending count"): the page must name it so too.
    if any(_picks_or_looks(w) and w.lower() not in _SUBSET_WORDS for w in describing):
        return None
    exactly = m.group("exactly") is not None
    if exactly and (refused or readout == "status"):
        return None  # a badge's or a status's check allows a closing mark: "exactly" would claim more
    if describing and refused and readout in _BADGES | _COUNTERS:
        # "the cart badge shows "2"", "the status pill reads "Open"": a text this short is on many elements,
        # so the claim is checked on the one badge the page names so (autoqa.target_badge), its whole text.
        return "assert_text_in", {"target": badge_target(" ".join(describing)), "text": text, "exact": True}
    if short or any(_picks_or_looks(w) for w in describing):
        return None
    if readout == "status":
        # A status is a value of the page ("Status: Shipped", a badge of class "status"), not a text anywhere:
        # a "Shipped" filter button is no evidence that the order's status is Shipped.
        # Its whole value, as a readout's: "Not saved" does not read "saved".
        column = " ".join([*describing, "status"])
        return "assert_text_in", {"target": PAGE, "text": text, "column": column, "exact": True}
    if readout in _BADGES and len(text.split()) <= 2:
        # One or two words ("Closed", "In stock") are also a filter tab's, a column's, a button's: the text
        # alone is no evidence that this badge reads them (nor is the page's Status field, which may differ).
        return None
    return "assert_text_present", {"text": text, "exact": True, **({"whole": True} if exactly else {})}


# "Verify the cart badge is not visible" (the cart emptied), "the message counter is shown": that badge.
@_rule(
    rf"{VERIFY}\s+the\s+(?P<describing>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*)?)\s+"
    r"(?P<kind>badge|counter|count|pill|chip|bubble|indicator)\s+(?:is\s+(?:now\s+|still\s+)?(?P<neg>not\s+|no\s+longer\s+)?"
    rf"(?P<shown>visible|shown|displayed|hidden|gone)|(?P<gone>disappears|disappeared|has\s+disappeared))"
)
def _assert_badge_shown(m: re.Match[str]) -> Built:
    describing = m.group("describing").split()
    if any(_picks_or_looks(w) and w.lower() not in _SUBSET_WORDS for w in describing):
        return None
    hidden = bool(m.group("neg")) != (m.group("shown") in ("hidden", "gone")) or bool(m.group("gone"))
    tool = "assert_element_hidden" if hidden else "assert_element_visible"
    return tool, {"target": badge_target(" ".join(describing))}


_BADGES = frozenset(("badge", "chip", "pill", "tag", "lozenge", "indicator", "label"))
_COUNTERS = frozenset(("counter", "count"))


# Words before a readout or a heading that say how it looks or which one it is ("the red badge", "the second
# heading"): the text alone would be weaker than that claim. A word naming what it belongs to ("the status
# badge", "the month heading") adds nothing a text check misses.
_LOOKS_WORDS = frozenset(
    ("red", "green", "blue", "yellow", "orange", "grey", "gray", "black", "white", "purple", "pink", "bold",
     "big", "small", "large", "tiny", "bright", "dark", "light", "italic", "empty", "wrong", "right",
     "correct", "proper", "expected", "same")
)  # fmt: skip


def _describes_a_look(word: str | None) -> bool:
    if not word:
        return False
    word = word.lower()
    return (
        word in _LOOKS_WORDS
        or word in _PICKING_WORDS
        or word in _SUBSET_WORDS
        or word in _SUPERLATIVES
        or (word.endswith("ed") and not word.endswith("eed"))  # "selected", never "speed"
        or word.endswith(("iest", "ly", "'s", "’s"))
    )


# "the weekly total", "the monthly estimate": a word naming a period says which value, as "total" does; it
# never picks one of several shown (unlike "the latest", "the selected") nor says how it looks.
_PERIOD_WORDS = frozenset(("hourly", "daily", "nightly", "weekly", "monthly", "quarterly", "yearly"))


def _picks_or_looks(word: str) -> bool:
    """:func:`_describes_a_look`, except for a word naming a period (for values, never for counted things)."""
    return word.lower() not in _PERIOD_WORDS and _describes_a_look(word)


# Not every word ending in "est" picks one ("request", "guest", "digest" name what a status belongs to).
_SUPERLATIVES = frozenset(
    ("best", "worst", "latest", "newest", "oldest", "cheapest", "biggest", "smallest", "largest", "highest",
     "lowest", "fastest", "slowest", "nearest", "closest", "longest", "shortest", "greatest", "least")
)  # fmt: skip


# "Verify the rows are sorted by title", "the products are sorted by price (high to low)", "Files should be
# sorted alphabetically": the main list's (rows, table: the main table's) items in order, by a column or
# labelled field or by their text (assert_sorted; autoqa.sort_order compares). A word picking some of them
# ("the first five rows", "the selected items") is a claim about part of the list: not plain.
_ASCENDING = (
    r"ascending|in\s+ascending\s+order|alphabetically|in\s+alphabetical\s+order|a\s*(?:to|-|–)\s*z|"
    r"(?:from\s+)?(?:low|lowest|cheapest|smallest|oldest|earliest)\s+(?:to|-|–)\s+(?:high|highest|most\s+expensive|"
    r"largest|biggest|newest|latest)|(?:lowest|cheapest|smallest|oldest|earliest)\s+first"
)
_DESCENDING = (
    r"descending|in\s+descending\s+order|reverse\s+alphabetically|in\s+reverse(?:\s+alphabetical)?\s+order|"
    r"z\s*(?:to|-|–)\s*a|(?:from\s+)?(?:high|highest|most\s+expensive|largest|biggest|newest|latest)\s+(?:to|-|–)\s+"
    r"(?:low|lowest|cheapest|smallest|oldest|earliest)|(?:highest|most\s+expensive|largest|biggest|newest|latest|"
    r"most\s+recent)\s+first"
)
_DIRECTION = rf"(?:\s*,?\s*\(?)\s*(?:(?P<desc>{_DESCENDING})|(?P<asc>{_ASCENDING}))\s*\)?"
_SORTED_BY = (
    rf"\s+by\s+(?:the\s+)?(?:(?P<qcolumn>{QUOTED})|(?P<column>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*)??))"
    r"(?:\s+column)?"
)
_SORTED_WHAT = r"(?P<what>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2}?)"
_ARE_SORTED = (
    r"\s+(?:are|is|should\s+be|must\s+be)\s+(?:now\s+|still\s+)?(?:sorted|ordered|listed|shown|arranged|"
    r"(?=in\s+(?:ascending|descending|alphabetical|reverse)))"
)


# A claim over every checkbox of a kind (assert_each_checked): 'Every row checkbox should be checked', 'All
# todos are completed', 'None of the todos is completed', 'Both checkboxes are unchecked'. A kind of item
# ("row", "todo") is each item's own box of the main list (a row: the main table's); "checkboxes" alone is
# every box the page shows. "Both" says there are two. An empty list or a page with no box fails the step.
_EVERY = (
    r"(?P<q>every|each|all(?:\s+of)?(?:\s+the)?|both(?:\s+of)?(?:\s+the)?|none\s+of\s+the|no)\s+"
    r"(?:(?P<remaining>remaining|visible|listed|shown)\s+)?"
)
_BOX_STATE = (
    r"\s+(?:is\s+|are\s+|should\s+be\s+|must\s+be\s+|get\s+|gets\s+|become\s+|becomes\s+|stay\s+|stays\s+|"
    r"remain\s+|remains\s+)?(?:now\s+|still\s+|all\s+)?(?P<state>checked|unchecked|ticked|unticked|selected|"
    r"deselected|unselected|not\s+checked|not\s+ticked|not\s+selected|completed|complete|done|not\s+completed|"
    r"incomplete|uncompleted|marked\s+(?:as\s+)?(?:completed|complete|done))"
)


@_rule(
    rf"(?:{VERIFY}\s+)?{_EVERY}(?:(?P<kind>row|todo|to-do|task|item|entry)\s+)?(?P<box>check\s*box(?:es)?|"
    rf"toggles?)(?P<again>){_BOX_STATE}",
    rf"(?:{VERIFY}\s+)?{_EVERY}(?P<items>todos?|to-dos?|tasks?|items?|entries|entry|rows?)(?P<again>){_BOX_STATE}",
)
def _assert_each_checked(m: re.Match[str]) -> Built:
    q = " ".join(m.group("q").lower().split())
    state = " ".join(m.group("state").lower().split())
    boxes, kind, items = m.groupdict().get("box"), m.groupdict().get("kind"), m.groupdict().get("items")
    if boxes is None and state in ("selected", "deselected", "unselected", "not selected"):
        return None  # a row "selected" may be aria-selected, no box at all
    if boxes is not None and kind is None and m.group("remaining"):
        return None  # "the remaining checkboxes": which ones remain is not said
    positive = not re.match(r"(?:un|de|not|incomplete)", state)
    negated = q in ("none of the", "no")
    if negated and not positive:
        return None  # "none of them is unchecked": a double negation, read by people, not here
    if q == "no" and boxes is None:
        return None  # "no todos are completed" may also say the list is empty
    noun = kind or items or ""
    args: dict[str, Any] = {"checked": positive != negated}
    if boxes is not None and not kind:
        args["scope"] = "page"
    elif noun.lower().startswith("row"):
        args["tables"] = True
    if q.startswith("both"):
        args["count"] = 2
    return "assert_each_checked", args


# "The list is empty", "the todo list should now be empty": the main list shows no item (an emptied list
# still counts as the list, target_items). A list named by what it holds ("the recipes list") or by
# capitalised words ("the Available tags list") may be another list than the main one: not read here.
@_rule(
    rf"(?:{VERIFY}\s+)?(?:the|your)\s+(?:(?-i:(?P<noun>[a-z][a-z-]+))\s+)?list\s+(?:is|should\s+be|must\s+be|"
    r"becomes|should\s+become|is\s+now|should\s+now\s+be)\s+(?:now\s+)?empty"
)
def _assert_list_empty(m: re.Match[str]) -> Built:
    if holding(m.group("noun")):
        return None  # "the recipes list": a page without such a list shows no recipes either, yet has no list
    return "assert_count", {"target": items_target(), "count": 0}


# A text in every item of the main list or table (assert_each_text): 'Every row's Status column shows "In
# service"', 'Verify each row in the result contains "Tolkien" in the Author column', 'Every result contains
# "Okafor"'. A row is the main table's; a column named is each item's cell under it (a word matched whole).
_EACH_ITEM = (
    r"(?:(?:each|every)\s+(?P<one>row|item|result|entry|record|line)|all\s+(?:the\s+)?(?P<all>rows|items|results|"
    r"entries|records|lines))(?:\s+(?:in|of)\s+the\s+(?:results?|table|list|grid|search\s+results))?"
)
_EACH_SHOWS = (
    r"(?:shows?|contains?|says|say|reads?|has|have|is|are|displays?|(?:should|must)\s+(?:show|contain|say|read|"
    r"have|be|display))"
)
_COLUMN_WORDS = r"(?P<column>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2}?)"


@_rule(
    rf"(?:{VERIFY}\s+)?{_EACH_ITEM}(?:'s|’s|s'|s’)\s+(?:(?P<qcolumn>{QUOTED})|{_COLUMN_WORDS})"
    rf"(?:\s+(?:column|cell|field|value))?\s+{_EACH_SHOWS}\s+{q('text')}",
    rf"(?:{VERIFY}\s+)?{_EACH_ITEM}\s+(?:(?:should|must)\s+)?(?:shows?|contains?|has|have|displays?|lists?|"
    rf"includes?|(?:should|must)\s+(?:show|contain|have|display|include))\s+{q('text')}"
    rf"(?:\s+(?:in|under)\s+(?:the|its|their)\s+(?:(?P<qcolumn2>{QUOTED})|(?P<column2>[^\W\d_][\w'’-]*"
    r"(?:\s+[^\W\d_][\w'’-]*){0,2}?))\s+(?:column|cell|field))?",
)
def _assert_each_text(m: re.Match[str]) -> Built:
    text = unquote(m.group("text"))
    groups = m.groupdict()
    column = groups.get("qcolumn") or groups.get("column") or groups.get("qcolumn2") or groups.get("column2")
    column = unquote(column).strip() if column else None
    if not text.strip() or (column is not None and (not column or _picks_or_looks(column.split()[0]))):
        return None
    noun = (m.group("one") or m.group("all") or "").lower()
    args: dict[str, Any] = {"text": text}
    if column:
        args["column"] = column
    if noun.startswith("row") or noun.startswith("record"):
        args["tables"] = True
    return "assert_each_text", args


_VALUE_NOUNS = {"names": "name", "titles": "title", "prices": "price", "dates": "date"}
_SORT_WAYS = {
    "ascending": False, "increasing": False, "lowest": False, "cheapest": False, "smallest": False,
    "descending": True, "decreasing": True, "highest": True, "largest": True, "biggest": True,
}  # fmt: skip


@_rule(
    rf"{VERIFY}\s+(?:that\s+)?(?:the\s+)?{_SORTED_WHAT}{_ARE_SORTED}(?:{_SORTED_BY})?(?:{_DIRECTION})?",
    rf"{VERIFY}\s+(?:that\s+)?(?:the\s+)?{_SORTED_WHAT}{_ARE_SORTED}{_DIRECTION}{_SORTED_BY}",
    rf"(?:the\s+)?{_SORTED_WHAT}{_ARE_SORTED}(?:{_SORTED_BY})?(?:{_DIRECTION})?",
    rf"(?:the\s+)?{_SORTED_WHAT}{_ARE_SORTED}{_DIRECTION}{_SORTED_BY}",
)
def _assert_sorted(m: re.Match[str]) -> Built:
    what = m.group("what").lower().split()
    if any(_describes_a_look(w) or w in _PICKING_WORDS or w in _SUBSET_WORDS for w in what):
        return None
    column = unquote(m.group("qcolumn")) if m.group("qcolumn") else m.group("column")
    descending = m.group("desc") is not None
    said = m.group("desc") is not None or m.group("asc") is not None
    if column and not m.group("qcolumn"):
        first, *rest = column.lower().split()
        if first in _SORT_WAYS and rest and not said:  # "sorted by ascending price", "by lowest price"
            column, descending, said = " ".join(rest), _SORT_WAYS[first], True
    dated = re.search(r"newest|latest|oldest|earliest|recent", m.group(0), re.IGNORECASE)
    if dated and not column:
        return None  # "newest first" by what is not said (a date column the page names)
    if not said and column is None:
        return None
    args: dict[str, Any] = {"descending": descending}
    if column:
        args["column"] = column.strip()
    if what[-1] in _VALUE_NOUNS and len(what) > 1 and not column:  # "the product names are in … order"
        column, what = _VALUE_NOUNS[what[-1]], what[:-1]
        args["column"] = column
    if what[-1] in ("rows", "row", "table"):
        args["tables"] = True
    noun = holding(what[-2] if what[-1] in ("list", "table", "rows") and len(what) > 1 else what[-1])
    if noun:  # "the products are sorted": the list the page names so, of several
        args["noun"] = noun
    return "assert_sorted", args


_QUOTED_LIST = rf"(?P<texts>{QUOTED}(?:\s*,\s*{QUOTED})*(?:\s*,?\s*(?:and|then)\s+{QUOTED})?)"


def _texts(group: str) -> list[str]:
    return [unquote(t) for t in re.findall(QUOTED, group)]


@_rule(
    rf"{VERIFY}\s+{_QUOTED_LIST}\s+(?:are\s+shown\s+|are\s+listed\s+|appear\s+)?in\s+(?:that|this)\s+order",
    rf"{VERIFY}\s+(?:the\s+)?(?:page|list|table|results?|menu|breadcrumbs?|items?)\s+"
    rf"(?:shows?|lists?|contains?|displays?)\s+{_QUOTED_LIST}\s+in\s+(?:that|this)\s+order",
    rf"(?:{VERIFY}\s+)?(?P<first>{QUOTED})\s+(?:appears|is\s+shown|is\s+listed|comes)\s+(?:before|above)\s+"
    rf"(?P<second>{QUOTED})"
    # "… in the results list", "in the table": the order inside the main list or table, not the page's
    rf"(?:\s+in\s+the\s+(?:(?-i:(?P<noun>[a-z][a-z-]+))\s+)?(?P<where>list|table|results))?",
)
def _assert_order(m: re.Match[str]) -> Built:
    groups = m.groupdict()
    texts = (
        _texts(groups["texts"])
        if groups.get("texts")
        else [unquote(groups["first"]), unquote(groups["second"])]
    )
    if len(texts) < 2 or any(not t.strip() for t in texts):
        return None
    where, noun = groups.get("where"), groups.get("noun")
    if where is None:
        return "assert_order", {"texts": texts}
    if noun is not None and noun.lower() != "results" and holding(noun):
        return None  # "the recipes list" may be another list than the main one
    return "assert_order", {"texts": texts, "target": list_target(table=where.lower() == "table")}


_rule(
    rf"(?:{VERIFY}\s+)?the\s+[^\W\d_]+(?:\s+[^\W\d_]+)?\s+are\s+(?:sorted|ordered|listed|shown)(?:\s+as)?:?\s+"
    rf"{_QUOTED_LIST}(?:\s+in\s+(?:that|this)\s+order)?"
)(_assert_order)


@_rule(rf"{VERIFY}\s+{THE}{q('target')}{NOUN}\s+(?:is\s+focused|has\s+(?:the\s+)?(?:keyboard\s+)?focus)")
def _assert_focused(m: re.Match[str]) -> Built:
    return _with_target("assert_focused", m)


@_rule(
    rf"{VERIFY}\s+{THE}{q('target')}{NOUN}\s+(?:is\s+(?:not|no\s+longer)\s+focused|is\s+blurred|"
    r"(?:does\s+not|doesn't|no\s+longer)\s+(?:have|has)\s+(?:the\s+)?(?:keyboard\s+)?focus|"
    r"(?:has\s+)?lost\s+(?:the\s+)?(?:keyboard\s+)?focus)"
)
def _assert_not_focused(m: re.Match[str]) -> Built:
    return _with_target("assert_focused", m, focused=False)


# "Tab to the "Full name" field", "Shift+Tab back to "Email"", "Press Tab until the Postcode field is
# focused": the key pressed on the page until the element has focus (press_key(until_focused)), so a field
# the keyboard cannot reach fails the step; focusing it directly would pass on it.
_TAB_TO = (
    r"(?:(?:press\s+)?(?P<key>shift\s*\+\s*tab|tab)\s+(?:(?:back|forward|again)\s+)?(?:to|onto|over\s+to)"
    r"|press\s+(?P<key2>shift\s*\+\s*tab|tab)\s+until(?:\s+(?:the\s+)?(?:keyboard\s+)?focus\s+(?:reaches|is\s+on|"
    r"lands\s+on|gets\s+to|moves\s+to))?)\s+"
)
_UNTIL_FOCUSED = r"(?:\s+(?:is\s+focused|has\s+(?:the\s+)?focus|gets\s+(?:the\s+)?focus))?"


def _tab_key(m: re.Match[str]) -> str:
    return "Shift+Tab" if "shift" in (m.group("key") or m.group("key2") or "").lower() else "Tab"


@_rule(rf"{_TAB_TO}{THE}{q('target')}{NOUN}{_UNTIL_FOCUSED}")
def _tab_to(m: re.Match[str]) -> Built:
    return _with_target("press_key", m, key=_tab_key(m), until_focused=True)


# Leaving a field: editors commit on blur. "Click outside" is a click on an empty spot of the page (the
# tool finds one and fails when the field keeps the focus); "Blur", "Move focus out of" leave it directly.
_OUTSIDE = r"(?:outside(?:\s+of)?|away\s+from|off)"


@_rule(
    r"(?:click|tap)\s+(?:(?:somewhere\s+)?(?:outside|elsewhere|else)|somewhere\s+else|away|on\s+an?\s+empty\s+"
    r"(?:area|spot|part|space)(?:\s+of\s+the\s+page)?|on\s+the\s+page\s+background)(?:\s+on\s+the\s+page)?",
    rf"(?:click|tap)\s+(?:anywhere\s+|somewhere\s+)?{_OUTSIDE}\s+{THE}{q('target')}{NOUN}",
    rf"(?:click|tap)\s+(?:anywhere\s+|somewhere\s+)?{_OUTSIDE}\s+the\s+(?P<form>form)",
    # "Click outside the item": away from what is being edited (a field named is the rule above: the tool
    # then checks that field lost the focus)
    rf"(?:click|tap)\s+(?:anywhere\s+|somewhere\s+)?{_OUTSIDE}\s+the\s+(?:item|todo|row|entry)",
)
def _click_outside(m: re.Match[str]) -> Built:
    if m.groupdict().get("form"):  # the page's one form (several: the target is ambiguous and the step fails)
        return "blur", {"target": "css=form", "click_outside": True}
    if m.groupdict().get("target") is None:
        return "blur", {"click_outside": True}
    return _with_target("blur", m, click_outside=True)


@_rule(
    rf"blur\s+{THE}{q('target')}{NOUN}",
    rf"(?:move|take|remove)\s+(?:the\s+)?(?:keyboard\s+)?focus\s+(?:out\s+of|away\s+from|off|from)\s+"
    rf"{THE}{q('target')}{NOUN}",
)
def _blur(m: re.Match[str]) -> Built:
    return _with_target("blur", m)


# "Press Tab to move to the next field": a purpose is dropped only when it says what the key itself does
# (Tab moves the focus on); "to move focus out of the X field" names where the key is pressed. Any other
# purpose ("Press Escape to close the date picker") claims an outcome no key press checks: not plain.
_NEXT_FIELD = r"(?:next|previous|following)\s+(?:field|input|element|control|button|link|item)"


@_rule(
    rf"press\s+(?:the\s+)?(?P<key>(?:shift\s*\+\s*)?tab)(?:\s+key)?\s+to\s+(?:move|go|jump|get|tab|advance)\s+"
    rf"(?:(?:the\s+)?focus\s+)?(?:on\s+|back\s+)?to\s+the\s+{_NEXT_FIELD}",
    rf"(?P<key>(?:shift\s*\+\s*)?tab)\s+(?:out\s+of|away\s+from)\s+{THE}{q('target')}{NOUN}",
    rf"press\s+(?:the\s+)?(?P<key>(?:shift\s*\+\s*)?tab)(?:\s+key)?\s+to\s+(?:(?:move|take)\s+(?:the\s+)?"
    rf"focus\s+(?:out\s+of|away\s+from|off)|leave|blur|exit|tab\s+out\s+of)\s+{THE}{q('target')}{NOUN}",
)
def _press_tab_to(m: re.Match[str]) -> Built:
    key = as_key(m.group("key").replace(" ", ""))
    if key is None:
        return None
    if m.groupdict().get("target") is None:
        return "press_key", {"key": key}
    return _with_target("press_key", m, key=key)


@_rule(
    rf"{VERIFY}\s+{THE}{q('target')}{NOUN}(?:\s+filter)?\s+is\s+(?P<neg>not\s+)?"
    r"(?P<state>selected|highlighted|active|chosen|expanded|collapsed|pressed|current|invalid|valid)",
    rf"{VERIFY}\s+{THE}{q('target')}{NOUN}\s+is\s+(?P<neg>not\s+)?(?:marked\s+(?:as\s+)?)?(?P<state>invalid|valid)",
    rf"{VERIFY}\s+{THE}{q('target')}{NOUN}\s+is\s+(?P<neg>not\s+)?(?:the\s+)?(?P<state>current)\s+"
    r"(?:page|item|tab|step|link)",
    rf"{VERIFY}\s+the\s+(?P<state>current|selected|active)\s+(?:page|item|tab|link|filter)\s+(?:in\s+the\s+"
    rf"(?:navigation|menu|nav|sidebar|tabs|filters)\s+)?is\s+{q('target')}(?P<neg>(?!))?",
)
def _assert_state(m: re.Match[str]) -> Built:
    word = m.group("state").lower()
    state = {"highlighted": "selected", "active": "selected", "chosen": "selected", "collapsed": "expanded",
             "valid": "invalid"}  # fmt: skip
    value = (m.group("neg") is None) != (word in ("collapsed", "valid"))
    return _with_target("assert_state", m, state=state.get(word, word), value=value)


@_rule(
    rf"{VERIFY}\s+{THE}{q('region')}\s+(?P<noun>row|item|list\s+item|entry|card)\s+(?:shows|contains|has|says|reads|"
    rf"includes|displays)\s+{q('text')}",
    rf"{VERIFY}\s+{q('text')}\s+is\s+(?:shown|visible|displayed|listed)\s+in\s+the\s+{q('region')}\s+"
    r"(?P<noun>row|item|list\s+item|entry|card)",
    rf"{VERIFY}\s+{q('text')}\s+is\s+(?:shown|visible|displayed|listed)\s+in\s+the\s+"
    rf"(?P<noun>row|item|list\s+item|entry|card)\s+{q('region')}",
)
def _assert_in_row(m: re.Match[str]) -> Built:  # (also: "the due date for "Dune" shows …", below)
    """Text inside the table row or list item named by another text: "the "SPQR" row shows "Mary Beard"."""
    region, text = unquote(m.group("region")).strip(), unquote(m.group("text"))
    if not region or not text.strip():
        return None
    role = "the row" if m.group("noun").lower() == "row" else "the list item"
    return ("assert_text_in", {"target": scoped_target(role, region), "text": text})


_NOT_A_CELL = frozenset(
    ("page", "url", "title", "value", "list", "number", "count", "link", "image", "colour", "color")
)


# "Verify the due date for "Dune" shows "2026-12-24"": a value named by its row's text is the cell of that row
# (the one home of scopes, autoqa.target_scope) under the column the words before "for" name (or the row's
# field so labelled); they must not pick one of several ("the second date") or describe a look.
@_rule(
    rf"{VERIFY}\s+the\s+(?P<what>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){{0,2}}?)\s+(?:for|of)\s+{q('region')}\s+"
    rf"(?:shows|is|reads|says|displays|contains|is\s+(?:shown|displayed)\s+as)\s+(?:now\s+)?{q('text')}"
)
def _assert_for_row(m: re.Match[str]) -> Built:
    words = m.group("what").lower().split()
    # "the number of "x"" counts, "the URL for "x"" is no text in a row: not this reading.
    # A role word ("the button for "Dune" says …") names an element, which text in the row would not check.
    if any(_picks_or_looks(w) for w in words) or words[-1] in _NOT_A_CELL or role_word(words[-1]):
        return None
    region, text = unquote(m.group("region")).strip(), unquote(m.group("text"))
    if not region or not text.strip():
        return None
    # The words name the cell: the tool reads the row's cell under that column (or its field so labelled).
    return "assert_text_in", {
        "target": scoped_target("the row", region),
        "text": text,
        "column": " ".join(words),
    }


_ITEMS = r"(?:items?|entries|entry|elements?|todos?|tasks?|products?|results?|things?)"


@_rule(
    rf"{VERIFY}\s+{THE}{q('region')}\s+list\s+(?:has|shows|contains|lists|displays)\s+(?P<count>\d+)\s+"
    rf"(?:visible\s+)?{_ITEMS}",
    rf"{VERIFY}\s+there\s+(?:are|is)\s+(?P<count>\d+)\s+(?:visible\s+)?{_ITEMS}\s+in\s+{THE}"
    rf"{q('region')}\s+list",
    rf"{VERIFY}\s+(?P<count>\d+)\s+{_ITEMS}\s+(?:are|is)\s+(?:shown|visible|displayed|listed)\s+in\s+{THE}"
    rf"{q('region')}\s+list",
)
def _assert_list_count(m: re.Match[str]) -> Built:
    """Items of a named list: the list items in that region (``autoqa.target_scope``), visible ones."""
    region = unquote(m.group("region")).strip()
    if not region:
        return None
    return (
        "assert_count",
        {"target": scoped_target("the list item", region), "count": as_number(m.group("count"))},
    )


# The page's main list, unnamed (autoqa.target_items): its items counted, one item by position, its text.
# "the results list", "the file table": a word before the noun may say what the list holds; never which of
# its items ("the completed list", "the unread table" are subsets: those need the list named).
_LIST_NOUN = r"(?:(?:(?P<kind_of_list>[^\W\d_]+)\s+)?(?:list|table|grid)|results|search\s+results)"
# Words that pick some elements out of several ("the first button", "the selected tab"): they describe,
# and need judgement, so they never read as a name or a kind of list.
_PICKING_WORDS = frozenset(
    ("first", "second", "third", "fourth", "fifth", "last", "next", "previous", "other", "same",
     "current", "selected", "active", "checked", "unchecked", "enabled", "disabled", "visible", "hidden",
     "new", "old", "any", "each", "every", "all", "this", "that", "these", "those", "main", "only", "top",
     "bottom", "left", "right", "primary", "secondary", "back", "forward", "browser", "focused",
     "highlighted", "empty", "required", "invalid", "valid", "expanded", "collapsed")
)  # fmt: skip
_SUBSET_WORDS = frozenset(
    ("done", "pending", "unread", "open", "closed", "favourite", "favourites", "favorite", "favorites",
     "recent", "my", "your")
)  # fmt: skip


def _lists_a_subset(m: re.Match[str]) -> bool:
    kind = (m.groupdict().get("kind_of_list") or "").lower()
    return bool(kind) and (
        kind in _SUBSET_WORDS or kind in _PICKING_WORDS or kind.endswith(("ed", "ing", "est", "'s", "’s"))
    )


def _says_table(m: re.Match[str]) -> bool:
    """ "the table has 5 rows": a step that names a table means the page's main table ("the 3rd row" alone
    may be a list's: rows are not only a table's)."""
    return re.search(r"\b(?:table|grid)\b", m.group(0), re.IGNORECASE) is not None


_ITEM_NOUN = (
    r"(?P<item_noun>items?|entries|entry|rows?|results?|products?|todos?|tasks?|records?|books?|cards?)"
)


def _held(m: re.Match[str]) -> str | None:
    """What the step says the list holds ("the book table", "3 products"), for a main-list target: the
    list it checks must be one the page names so (autoqa.target_items); generic words name nothing."""
    groups = m.groupdict()
    for word in (groups.get("what"), groups.get("item_noun"), groups.get("kind_of_list")):
        if word and holding(word):
            return word
    return None


_KIND = r"(?:(?:todo|to-do|search|list|table|data)\s+)?"  # names the kind of item, never a subset of them
_POSITIONS = {
    "first": 1, "top": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
    "eighth": 8, "ninth": 9, "tenth": 10, "last": -1,
}  # fmt: skip
_POSITION = rf"(?P<nth>{'|'.join(_POSITIONS)}|\d{{1,4}}(?:st|nd|rd|th))"


@_rule(
    rf"{VERIFY}\s+(?:the\s+)?{_LIST_NOUN}\s+(?:has|shows|contains|lists|displays)\s+(?:exactly\s+)?"
    rf"(?P<count>\d+)\s+(?:visible\s+)?{_KIND}{_ITEM_NOUN}",
    rf"{VERIFY}\s+there\s+(?:are|is)\s+(?:exactly\s+)?(?P<count>\d+)\s+(?:visible\s+)?{_KIND}{_ITEM_NOUN}"
    rf"(?:\s+(?:shown|visible|displayed|listed|in\s+the\s+{_LIST_NOUN}|on\s+the\s+page))?",
    rf"{VERIFY}\s+(?:exactly\s+)?(?P<count>\d+)\s+{_KIND}{_ITEM_NOUN}\s+(?:are|is)\s+(?:shown|visible|displayed|"
    rf"listed)(?:\s+(?:in\s+the\s+{_LIST_NOUN}|on\s+the\s+page))?",
)
def _assert_main_list_count(m: re.Match[str]) -> Built:
    if _lists_a_subset(m):
        return None
    target = items_target(table=_says_table(m), noun=_held(m))
    return "assert_count", {"target": target, "count": as_number(m.group("count"))}


def _position_of(m: re.Match[str]) -> int:
    """The 1-based position a step names: "item 2" (group n), "the second" or "the 3rd" (group nth)."""
    groups = m.groupdict()
    if groups.get("n"):
        return int(groups["n"])
    nth = groups["nth"].lower()
    return _POSITIONS[nth] if nth in _POSITIONS else int(nth[:-2])


@_rule(
    rf"{VERIFY}\s+the\s+{_POSITION}\s+{_KIND}{_ITEM_NOUN}\s+(?:is|shows|reads|says|contains|displays)\s+"
    rf"{q('text')}",
    rf"{VERIFY}\s+(?:item|row|entry|result|product)\s+(?:number\s+|#)?(?P<n>\d{{1,4}})\s+(?:is|shows|reads|says|"
    rf"contains|displays)\s+{q('text')}",
    rf"{VERIFY}\s+{q('text')}\s+is\s+(?:shown\s+|listed\s+)?(?:as\s+)?the\s+{_POSITION}\s+{_KIND}{_ITEM_NOUN}"
    rf"(?:\s+in\s+the\s+{_LIST_NOUN})?",
)
def _assert_item_at(m: re.Match[str]) -> Built:
    """The item at a position of the main list holds the text ("Verify the first product is "Onesie"")."""
    if _lists_a_subset(m):
        return None
    position, text = _position_of(m), unquote(m.group("text"))
    if position == 0 or not text.strip():
        return None
    target = item_target(position, table=_says_table(m), noun=_held(m))
    return "assert_text_in", {"target": target, "text": text}


# 'Verify the "Buy milk" item has the class "completed"', 'the "All" link has the class "selected"': the
# element's own class list (TodoMVC suites check these). An item or row noun is the list item or row the name
# is in (TodoMVC's <li class="completed">), never the label inside it.
@_rule(
    rf"{VERIFY}\s+{THE}{q('target')}(?:\s+(?P<held>item|list\s+item|entry|todo|task|row))?{NOUN}\s+"
    r"(?:(?P<neg>does\s+not\s+have|doesn't\s+have|no\s+longer\s+has|should\s+not\s+have|has\s+no)|has|"
    r"should\s+(?:still\s+)?have|still\s+has)\s+(?:the\s+|a\s+)?(?:css\s+)?class(?:\s+name)?\s+"
    rf"(?:{q('cls')}|(?P<bare>[A-Za-z_][\w-]*))"
)
def _assert_class(m: re.Match[str]) -> Built:
    name = unquote(m.group("cls")) if m.group("cls") else m.group("bare")
    if not name or re.search(r"\s", name):
        return None
    held = (m.group("held") or "").lower()
    if held:
        region = unquote(m.group("target")).strip()
        target = scoped_target("the row" if held == "row" else "the list item", region) if region else None
    else:
        target = _target(m)
    if not target:
        return None
    return "assert_class", {"target": target, "class_name": name, "present": m.group("neg") is None}


# What an accessibility tester checks of one element: 'Verify the "Change" link has accessible name "Change
# Tax ID"' (the name the accessibility tree computes, hidden text included), 'has role "dialog"' (given or
# implied by the tag), and a literal attribute: 'has aria-sort="descending"', 'alt=""' (an empty alt marks a
# decorative image), 'no longer has aria-sort'. The states a tester spells as attributes (aria-expanded="true"
# …) are read as states (``paraphrase``): an element that says none of them fails either way there.
_READ_AS_STATES = frozenset(
    f"aria-{a}" for a in ("expanded", "selected", "checked", "pressed", "current", "disabled", "invalid")
)


@_rule(
    rf"{VERIFY}\s+{THE}{q('target')}{NOUN}\s+has\s+(?:the\s+|an?\s+)?(?P<a>{ATTRIBUTE_WORD})\s*=\s*{q('value')}",
    rf"{VERIFY}\s+{THE}{q('target')}{NOUN}\s+(?P<neg>does\s+not\s+have|doesn't\s+have|no\s+longer\s+has|has\s+no)\s+"
    rf"(?:an?\s+|the\s+)?(?P<a>{ATTRIBUTE_WORD})(?:\s+attribute)?",
)
def _assert_attribute(m: re.Match[str]) -> Built:
    target = _target(m)
    attribute = attribute_name(m.group("a"))
    if target is None:
        return None
    if m.groupdict().get("neg"):
        if attribute in ("accessible name", "role"):
            return None  # "has no accessible name": every element has one, maybe empty; not this check's
        return "assert_attribute", {"target": target, "attribute": attribute, "present": False}
    value = unquote(m.group("value"))
    if attribute in _READ_AS_STATES and value.lower() in ("true", "false"):
        return None  # 'aria-checked="true"' is the checked state (native or ARIA): the canonical reading
    if attribute == "accessible name":
        return ("assert_accessible", {"target": target, "accessible_name": value}) if value.strip() else None
    if attribute == "role":
        role = value.strip().lower()
        return ("assert_accessible", {"target": target, "role": role}) if role in ARIA_ROLES else None
    return "assert_attribute", {"target": target, "attribute": attribute, "value": value}


# "Verify the Amount in the second row is "€1,250.00"", "the Status in row 3 shows "Paid"": the cell under
# that column in the row at that position of the page's main list or table (as "the due date for "Dune""
# reads the cell of a row named by its text).
@_rule(
    rf"{VERIFY}\s+the\s+(?P<column>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){{0,2}}?)\s+(?:in|of|for)\s+"
    rf"(?:the\s+{_POSITION}\s+row|row\s+(?:number\s+|#)?(?P<n>\d{{1,4}}))\s+(?:shows|is|reads|says|displays|"
    rf"contains)\s+(?:now\s+)?{q('text')}"
)
def _assert_cell_at(m: re.Match[str]) -> Built:
    words = m.group("column").lower().split()
    named = words[:2] in (["first", "name"], ["last", "name"])  # a column named so, not a pick
    if (
        (any(_picks_or_looks(w) for w in words) and not named)
        or words[-1] in _NOT_A_CELL
        or role_word(words[-1])
    ):
        return None
    position, text = _position_of(m), unquote(m.group("text"))
    if position == 0 or not text.strip():
        return None
    return "assert_text_in", {"target": item_target(position), "text": text, "column": " ".join(words)}


# How a step says text is shown somewhere: "is shown in", "appears under", "is now listed in".
_SHOWN_IN = (
    r"(?:is\s+(?:now\s+|still\s+)?(?:shown|visible|displayed|listed|present|included)\s+|appears\s+|shows\s+up\s+"
    r"|is\s+(?:now\s+|still\s+)?)"
)


# 'Verify the "Email" field shows the error "Enter a valid email"', 'An error "Required" is shown under the
# Email field': the field's own message (its aria-describedby / errormessage, the wrapper only it sits in:
# tools/page_library.js fieldNote), never the same text shown for another field or anywhere on the page.
_FIELD = r"(?P<noun>field|input|text\s*box|box|textarea|text\s+area)"
_NOTE = (
    r"(?:(?:an?|the)\s+)?(?:(?:red|inline|validation|field|form|error)\s+)?"
    r"(?:error(?:\s+(?:message|text))?|message|warning|hint|validation(?:\s+(?:error|message))?)"
)
_BY_FIELD = r"(?:under|below|beneath|underneath|next\s+to|beside|by|for|on)"


@_rule(
    rf"{VERIFY}\s+the\s+{q('target')}\s+{_FIELD}\s+(?:shows|displays|has)\s+{_NOTE}\s+{q('text')}",
    rf"{VERIFY}\s+{_NOTE}\s+{q('text')}\s+{_SHOWN_IN}{_BY_FIELD}\s+the\s+{q('target')}\s+{_FIELD}",
    rf"{VERIFY}\s+{q('text')}\s+{_SHOWN_IN}{_BY_FIELD}\s+the\s+{q('target')}\s+{_FIELD}",
    rf"{VERIFY}\s+the\s+{q('target')}\s+{_FIELD}\s+(?:has|shows)\s+(?:an?\s+)?(?:error|validation\s+error)\s*:?\s+"
    rf"{q('text')}",
)
def _assert_field_note(m: re.Match[str]) -> Built:
    text = unquote(m.group("text"))
    return _with_target("assert_text_in", m, text=text, note=True) if text.strip() else None


# "Click the first job", "Open the 3rd result", "Click the top product in the list": the item at that position
# of the main list (a list the page names as holding jobs: autoqa.target_items), and in it the link or button
# a person clicks — its one control, or its title's (tools/actions.py); never a role word ("the first
# button" is any button on the page, which needs judgement).
@_rule(
    rf"(?P<how>click|tap|double[- ]?click|open)\s+(?:on\s+)?the\s+{_POSITION}\s+{_KIND}"
    rf"(?P<what>[^\W\d_][\w-]*)(?:\s+in\s+the\s+{_LIST_NOUN})?",
)
def _click_item_at(m: re.Match[str]) -> Built:
    what = m.group("what").lower()
    if _lists_a_subset(m) or role_word(what) or what in _PICKING_WORDS or what in _SUPERLATIVES:
        return None
    position = _position_of(m)
    if position == 0:
        return None
    extra = {"double": True} if m.group("how").lower().startswith("double") else {}
    return "click", {"target": item_target(position, table=_says_table(m), noun=_held(m)), **extra}


# "Verify "Saved" appears in the header", "Verify the sidebar shows "Drafts"": text inside one of the page's
# landmarks (autoqa.landmarks), not anywhere on the page. A page with two navigations is ambiguous.
_LANDMARK_WORDS = {
    "header": "header", "site header": "header",
    "footer": "footer", "page footer": "footer", "site footer": "footer",
    "sidebar": "sidebar", "side bar": "sidebar",
    "navigation": "navigation", "navigation bar": "navigation", "navigation menu": "navigation",
    "nav bar": "navigation", "navbar": "navigation", "main navigation": "navigation",
    "main content": "main content", "main content area": "main content",
}  # fmt: skip
_LANDMARK_ALTERNATIVES = "|".join(
    words.replace(" ", r"\s+") for words in sorted(_LANDMARK_WORDS, key=len, reverse=True)
)
_LANDMARK = rf"(?P<landmark>{_LANDMARK_ALTERNATIVES})"


@_rule(
    rf"{VERIFY}\s+{q('text')}\s+(?:is\s+(?:shown|visible|displayed|listed|present)|appears|shows)\s+(?:in|on|at)\s+"
    rf"the\s+{_LANDMARK}",
    rf"{VERIFY}\s+the\s+{_LANDMARK}\s+(?:shows?|contains?|includes?|lists?|displays?|reads?|says?)\s+{q('text')}",
)
def _assert_in_landmark(m: re.Match[str]) -> Built:
    text = unquote(m.group("text"))
    landmark = _LANDMARK_WORDS[" ".join(m.group("landmark").lower().split())]
    return ("assert_text_in", {"target": LANDMARKS[landmark], "text": text}) if text.strip() else None


# 'Verify "Backpack" is in the cart', 'Verify "Initech" is shown in the "Negotiation" column', 'the "Filters"
# panel shows "In stock"', 'Verify "Lisbon" is listed under "Saved locations"': text inside the one region
# the page names so (by its label, heading, id, class or test id: autoqa.target_region), never the page's
# other text (a product list showing "Backpack" says nothing of the cart). A row, item or card is a row's
# scope (above); a named dialog or tab is that element (below).
_REGION_NOUN = (
    r"(?P<rnoun>section|panel|side\s*panel|sidebar|column|lane|area|box|tile|widget|block|pane|drawer|region|"
    r"group|container|list|table|modal|popup|popover|menu|form|filters?|category|folder|board|tray)"
)
_PLACE = (
    r"(?P<place>cart|basket|shopping\s+cart|shopping\s+basket|shopping\s+bag|bag|wish\s*list|favou?rites)"
)


@_rule(
    rf"{VERIFY}\s+{q('text')}\s+{_SHOWN_IN}(?:in|on|inside|within|under)\s+the\s+{q('region')}\s+{_REGION_NOUN}",
    rf"{VERIFY}\s+{q('text')}\s+{_SHOWN_IN}under\s+(?:the\s+)?{q('region')}(?:\s+(?:heading|section))?",
    rf"{VERIFY}\s+the\s+{q('region')}\s+{_REGION_NOUN}\s+(?:shows|contains|includes|lists|displays|has)\s+"
    rf"{q('text')}",
    rf"{VERIFY}\s+{q('text')}\s+{_SHOWN_IN}in\s+(?:the|your|my)\s+{_PLACE}",
    rf"{VERIFY}\s+(?:the|your|my)\s+{_PLACE}\s+(?:shows|contains|includes|lists|displays|has)\s+{q('text')}",
)
def _assert_in_region(m: re.Match[str]) -> Built:
    groups = m.groupdict()
    name = unquote(groups["region"]) if groups.get("region") else groups["place"]
    text = unquote(m.group("text"))
    if not name.strip() or not text.strip():
        return None
    return "assert_text_in", {"target": region_target(name), "text": text}


# 'Verify "Spin 45" is no longer listed under "Upcoming"', 'The "Backlog" column does not contain "x"': a text
# NOT shown inside the one region the page names so — the same text elsewhere on the page (a "Past"
# list) is no failure, and the region must be there and shown. A cart or basket keeps its page-wide
# reading (a text absent from the whole page), which holds on a page without a cart too.
_NOT_SHOWN_IN = (
    r"(?:is\s+(?:no\s+longer|not|not\s+yet)\s+(?:(?:shown|visible|displayed|listed|present|included)\s+)?"
    r"|(?:does\s+not|doesn['’]t|no\s+longer)\s+(?:appear|show\s+up)\s+)"
)
_DOES_NOT_SHOW = r"(?:does\s+not|doesn['’]t|no\s+longer)\s+(?:show|contain|include|list|display|have)s?"


@_rule(
    rf"{VERIFY}\s+{q('text')}\s+{_NOT_SHOWN_IN}(?:in|on|inside|within|under)\s+the\s+{q('region')}\s+"
    rf"{_REGION_NOUN}",
    rf"{VERIFY}\s+{q('text')}\s+{_NOT_SHOWN_IN}under\s+(?:the\s+)?{q('region')}(?:\s+(?:heading|section))?",
    rf"(?:{VERIFY}\s+)?the\s+{q('region')}\s+{_REGION_NOUN}\s+{_DOES_NOT_SHOW}\s+{q('text')}",
)
def _assert_not_in_region(m: re.Match[str]) -> Built:
    name, text = unquote(m.group("region")), unquote(m.group("text"))
    if not name.strip() or not text.strip():
        return None
    return "assert_text_in", {"target": region_target(name), "text": text, "absent": True}


# "The "Negotiation" column has 6 deals", "Verify the cart has 2 items", "Verify there are 3 courses in the
# "Enrolled" section": the visible items of the one list in that region (autoqa.target_region). What the
# items are called ("deals") is the step's word for them; the region names which list.
_THINGS = r"(?:visible\s+)?(?P<things>[^\W\d_][\w-]*)"


@_rule(
    rf"{VERIFY}\s+the\s+{q('region')}\s+{_REGION_NOUN}\s+(?:has|shows|contains|lists|displays|holds)\s+"
    rf"(?:exactly\s+)?(?P<count>\d+)\s+{_THINGS}",
    rf"{VERIFY}\s+there\s+(?:are|is)\s+(?:exactly\s+)?(?P<count>\d+)\s+{_THINGS}\s+(?:in|under)\s+the\s+"
    rf"{q('region')}\s+{_REGION_NOUN}",
    rf"{VERIFY}\s+(?:exactly\s+)?(?P<count>\d+)\s+{_THINGS}\s+(?:are|is)\s+(?:shown\s+|listed\s+|displayed\s+)?"
    rf"(?:in|under)\s+the\s+{q('region')}\s+{_REGION_NOUN}",
    rf"{VERIFY}\s+(?:the|your|my)\s+{_PLACE}\s+(?:has|shows|contains|lists|holds)\s+(?:exactly\s+)?"
    rf"(?P<count>\d+)\s+{_THINGS}",
    rf"{VERIFY}\s+there\s+(?:are|is)\s+(?:exactly\s+)?(?P<count>\d+)\s+{_THINGS}\s+in\s+(?:the|your|my)\s+"
    rf"{_PLACE}",
    rf"{VERIFY}\s+(?:exactly\s+)?(?P<count>\d+)\s+{_THINGS}\s+(?:are|is)\s+(?:shown\s+|listed\s+|displayed\s+)?in\s+"
    rf"(?:the|your|my)\s+{_PLACE}",
)
def _assert_region_count(m: re.Match[str]) -> Built:
    groups = m.groupdict()
    name = unquote(groups["region"]) if groups.get("region") else groups["place"]
    # "the cart has 2 more items than …", "3 hours": a count of things the list holds, nothing else
    if not name.strip() or groups["things"].lower() in _NOT_ITEMS:
        return None
    target = region_target(name, items=True)
    return "assert_count", {"target": target, "count": as_number(m.group("count"))}


_NOT_ITEMS = frozenset(
    ("more", "less", "fewer", "other", "new", "hours", "minutes", "seconds", "days", "percent", "times",
     "pixels", "px", "characters", "words", "stars", "columns", "lists", "sections", "panels")
)  # fmt: skip


@_rule(
    rf"{VERIFY}\s+{q('text')}\s+is\s+(?:shown|visible|displayed|listed|present)\s+in\s+the\s+{_LIST_NOUN}",
    rf"{VERIFY}\s+{q('text')}\s+(?:is|appears)\s+in\s+the\s+(?:list|table|results|search\s+results)",
    rf"{VERIFY}\s+the\s+{_LIST_NOUN}\s+(?:shows?|contains?|includes?|lists?)\s+{q('text')}",
)
def _assert_in_main_list(m: re.Match[str]) -> Built:
    if _lists_a_subset(m):
        return None
    text = unquote(m.group("text"))
    target = list_target(table=_says_table(m), noun=_held(m))
    return ("assert_text_in", {"target": target, "text": text}) if text.strip() else None


# "Verify "Q4 Reports" is in the file list", '"x" should appear in the results table': what the main list
# holds. A name written with a capital is a region's (the "Files" list: read by the region rules).
@_rule(
    rf"{VERIFY}\s+{q('text')}\s+(?:is|appears)\s+in\s+the\s+(?P<kind_of_list>[^\W\d_]+)\s+(?:list|table|grid)"
)
def _assert_in_kind_of_list(m: re.Match[str]) -> Built:
    return None if m.group("kind_of_list")[:1].isupper() else _assert_in_main_list(m)


_AREA = (
    r"(?:the\s+)?(?P<area>local\s*storage|session\s*storage|(?:a\s+|the\s+)?cookie)"
    r"(?:\s+(?:key|item|entry|value|named|called))?"
)
_COUNTED = r"(?:items?|entries|elements|records?|todos?|tasks?|products?|rows?)"
# A key as developers write it, unquoted: "todos-v2", "settings_seen", "cart.items", "authToken" (a mark of
# an identifier: a digit, "-", "_", "." or a capital inside); an ordinary word only when quoted.
_BARE_KEY = r"[A-Za-z_$][\w$]*(?:[-_.\d][\w$.-]*|(?-i:[a-z][A-Z])[\w$]*)"
_KEY = rf"(?P<key>{QUOTED}|{_BARE_KEY})"


@_rule(
    rf"{VERIFY}\s+{_AREA}\s+{_KEY}\s+(?:contains|includes|has)\s+{value_group('contains')}",
    rf"{VERIFY}\s+{_AREA}\s+{_KEY}\s+(?:is|equals|is\s+equal\s+to|has\s+(?:the\s+)?value)\s+"
    rf"{value_group('equals')}",
    rf"{VERIFY}\s+{_AREA}\s+{_KEY}\s+(?:has|holds|contains)\s+(?P<count>\d+)\s+{_COUNTED}",
    rf"{VERIFY}\s+{_AREA}\s+{_KEY}\s+(?P<state>is\s+empty)",
    rf"{VERIFY}\s+{_AREA}\s+{_KEY}\s+(?P<state>is\s+set|exists|is\s+present|is\s+stored|is\s+saved)",
    rf"{VERIFY}\s+{_AREA}\s+{_KEY}\s+(?P<state>is\s+not\s+set|does\s+not\s+exist|doesn't\s+exist|is\s+"
    r"missing|is\s+absent|is\s+not\s+present|is\s+(?:cleared|removed|deleted|gone))",
    rf"{VERIFY}\s+{_AREA}\s+(?P<state>has|contains|does\s+not\s+have|doesn't\s+have|has\s+no)\s+"
    rf"(?:(?:a|the)\s+)?(?:key\s+|item\s+|entry\s+)?{_KEY}",
    # "Local storage has the key "theme" with value "dark"": that key's value
    rf"{VERIFY}\s+{_AREA}\s+(?:has|contains|holds)\s+(?:(?:a|the)\s+)?(?:key|item|entry)\s+"
    rf"(?P<key>{QUOTED}|{_BARE_KEY}|[A-Za-z_]\w*)\s+"
    rf"(?:with|set\s+to|equal\s+to|=)\s+(?:(?:the|a)\s+)?(?:value\s+)?{value_group('equals')}",
)
def _assert_storage(m: re.Match[str]) -> Built:
    area = " ".join(m.group("area").lower().split())
    if area.endswith("cookie") and re.fullmatch(r"(?i:is|has|with|named|called)", m.group("key")):
        return None
    key = unquote(m.group("key")).strip()
    if not key:
        return None
    kind = "local" if area.startswith("local") else "session" if area.startswith("session") else "cookie"
    args: dict[str, Any] = {"area": kind, "key": key}
    groups = m.groupdict()
    state = " ".join((groups.get("state") or "").lower().split())
    if groups.get("contains") is not None:
        args["contains"] = unquote(groups["contains"])
    elif groups.get("equals") is not None:
        args["equals"] = unquote(groups["equals"])
    elif groups.get("count") is not None:
        args["count"] = as_number(groups["count"])
    elif state == "is empty":
        args["state"] = "empty"
    elif state in ("has", "contains", "is set", "exists", "is present", "is stored", "is saved"):
        args["state"] = "set"
    else:
        args["state"] = "unset"
    return ("assert_storage", args)


# The area itself, no key: "Local storage is empty", "Session storage has 1 item", "There are no cookies".
_WHOLE_AREA = r"(?:the\s+)?(?:browser(?:'s)?\s+)?(?P<area>local\s*storage|session\s*storage|cookies)"
_AREA_ENTRIES = r"(?:items?|entries|keys?|values?|cookies?)"


@_rule(
    rf"{VERIFY}\s+{_WHOLE_AREA}\s+(?:is|are)\s+(?:now\s+|still\s+)?(?P<empty>empty|cleared)",
    rf"{VERIFY}\s+{_WHOLE_AREA}\s+(?:has|holds|contains)\s+(?:exactly\s+|only\s+)?(?P<count>\d+|no)\s+"
    rf"{_AREA_ENTRIES}(?:\s+(?:now|stored|saved|set))?",
    rf"{VERIFY}\s+there\s+(?:are|is)\s+(?P<count>no)\s+cookies(?:\s+(?:set|stored|left))?",
    rf"{VERIFY}\s+(?P<count>no)\s+cookies\s+(?:are|is)\s+(?:set|stored|left)",
)
def _assert_storage_area(m: re.Match[str]) -> Built:
    area = m.groupdict().get("area") or "cookies"
    kind = (
        "local"
        if area.lower().startswith("local")
        else "session"
        if area.lower().startswith("session")
        else "cookie"
    )
    count = m.groupdict().get("count")
    if m.groupdict().get("empty") or count == "no":
        return "assert_storage", {"area": kind, "state": "empty"}
    return "assert_storage", {"area": kind, "count": int(count or 0)}


# One key or cookie removed, the rest kept: "Delete the cookie settings_seen", "Remove "cart" from local
# storage", "Delete the local storage key "token"".
@_rule(
    rf"(?:delete|remove|clear)\s+(?:the\s+)?(?P<area>local\s*storage|session\s*storage|cookie)\s+"
    rf"(?:(?:key|item|entry|named|called)\s+)?{_KEY}",
    rf"(?:delete|remove|clear)\s+(?:the\s+)?(?:key\s+|item\s+|entry\s+|cookie\s+)?{_KEY}\s+from\s+(?:the\s+)?"
    r"(?:browser(?:'s)?\s+)?(?P<area>local\s*storage|session\s*storage|cookies)",
)
def _remove_storage_key(m: re.Match[str]) -> Built:
    area = m.group("area").lower()
    kind = "local" if area.startswith("local") else "session" if area.startswith("session") else "cookies"
    key = unquote(m.group("key")).strip()
    return ("clear_storage", {"area": kind, "key": key}) if key else None


@_rule(
    r"(?:clear|delete|remove|wipe|reset)\s+(?:all\s+)?(?:the\s+)?(?:browser(?:'s)?\s+)?"
    r"(?P<area>local\s*storage|session\s*storage|cookies|storage)",
)
def _clear_storage(m: re.Match[str]) -> Built:
    area = m.group("area").lower()
    kind = "local" if area.startswith("local") else "session" if area.startswith("session") else area
    return ("clear_storage", {"area": "all" if kind == "storage" else kind})


# Visual baselines: a *named* baseline is a deterministic check (the picture is compared with a committed
# image); "looks right", "as before" or "matches the mockup" without a quoted baseline name need judgement.
_LOOKS = r"(?:still\s+)?(?:visually\s+)?(?:matches|looks\s+like|is\s+identical\s+to)"
_BASELINE_NAME = rf"(?:the\s+)?(?:baseline\s+{q('name')}|{q('name2')}\s+baseline)"
_IGNORING = (
    rf"(?:,?\s+(?:ignoring|masking|except(?:\s+for)?)\s+"
    rf"(?P<ignore>{QUOTED}(?:\s*(?:,\s*(?:and\s+)?|and\s+){QUOTED})*))?"
)
_THIS_PAGE = (
    r"(?:the\s+)?(?P<whole>full\s+|whole\s+|entire\s+)?"
    r"(?:(?!previous\b|next\b|other\b|new\b|last\b|first\b|same\b)[a-z][\w-]*\s+)?(?:page|screen)"
)


@_rule(
    rf"{VERIFY}\s+{_THIS_PAGE}\s+{_LOOKS}\s+{_BASELINE_NAME}{_IGNORING}",
    rf"compare\s+{_THIS_PAGE}\s+(?:with|to|against)\s+{_BASELINE_NAME}{_IGNORING}",
    rf"{VERIFY}\s+{THE}{q('target')}{NOUN}\s+{_LOOKS}\s+{_BASELINE_NAME}{_IGNORING}",
)
def _matches_baseline(m: re.Match[str]) -> Built:
    groups = m.groupdict()
    name = unquote(groups.get("name") or groups.get("name2") or "").strip()
    if not name:
        return None
    args: dict[str, Any] = {"name": name}
    if groups.get("target") is not None:
        target = _target(m)
        if target is None:
            return None
        args["target"] = target
    if groups.get("whole"):
        args["full_page"] = True
    if groups.get("ignore"):
        # 'ignoring "the clock"': the region is "clock" (an article inside the quotes names nothing).
        ignore = [
            re.sub(r"^the\s+", "", unquote(x).strip(), flags=re.I)
            for x in re.findall(QUOTED, groups["ignore"])
        ]
        if not all(ignore):
            return None
        args["ignore"] = ignore
    return "assert_matches_baseline", args


@_rule(rf"{VERIFY}\s+{THE}(?:current\s+|page\s+)?(?:url|address)\s+(?:still\s+)?ends\s+with\s+{q('x')}")
def _assert_url_end(m: re.Match[str]) -> Built:
    ending = unquote(m.group("x"))
    return ("assert_url", {"expected": re.escape(ending) + "$", "match": "regex"}) if ending else None


# An unquoted name right before a field noun: "Enter "admin" in the Username field". Only with the noun,
# which says what the words name; the tools then consider editable fields only.
_BARE_FIELD = (
    r"the\s+(?P<bare>[^\W\d_][\w'-]*(?:\s+[\w'-]+){0,5}?\??)\s+(?P<noun>field|input|textbox|text\s+box|box)"
)


@_rule(
    rf"(?:type|enter|input|write)\s+{value_group('value')}\s+(?:in|into|in\s+to)\s+{_BARE_FIELD}",
    rf"fill(?:\s+in|\s+out)?\s+{_BARE_FIELD}\s+with\s+{value_group('value')}",
)
def _fill_bare(m: re.Match[str]) -> Built:
    target = _bare_field(m)
    return ("fill", {"target": target, "value": unquote(m.group("value"))}) if target else None


# 'Type "Ring the bell" in the rider notes', 'Enter "Lisbon" into the city search': a typing verb says the
# place is a field, so the words after "the" name it without a field noun. Never a place that is no field (a
# page, a dialog, a prompt, a table's cell) nor words that pick one ("the first", "the focused"): those are
# read elsewhere or by the agent.
_NOT_A_FIELD = frozenset(
    ("page", "site", "screen", "window", "tab", "browser", "url", "bar", "prompt", "alert",
     "popup", "pop-up", "modal", "dialog", "table", "row", "column", "cell", "grid", "list", "menu",
     "section", "form", "panel", "card", "header", "footer", "sidebar", "toolbar", "nav", "navigation",
     "results", "console", "terminal", "same", "it", "there", "here", "app", "application")
)  # fmt: skip


@_rule(
    rf"(?:type|enter|input|write|put)\s+{value_group('value')}\s+(?:in|into|in\s+to)\s+the\s+"
    r"(?P<bare>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,3})"
)
def _fill_described(m: re.Match[str]) -> Built:
    words = m.group("bare").lower().split()
    if any(w in _NOT_A_FIELD or w in _FIELD_STATES or role_word(w) or position_of(w) for w in words):
        return None
    if len(words) > 1 and role_word(" ".join(words[-2:])):  # "the source text area": a noun of its own
        return None
    return "fill", {"target": role_target(m.group("bare"), "field"), "value": unquote(m.group("value"))}


# "Press Enter in the new todo input": a key pressed in the field the unquoted words name, only with a field
# noun (a key is pressed on anything; the noun says the words name a field).
@_rule(
    rf"press\s+(?:the\s+)?(?P<key>(?:shift\s*\+\s*)?{KEY_IN_WORDS}|[^\s\"']+)(?:\s+key)?\s+(?:in|into|inside)\s+"
    rf"{_BARE_FIELD}"
)
def _press_in_bare_field(m: re.Match[str]) -> Built:
    key = as_key(m.group("key"))
    target = _bare_field(m) if key else None
    return ("press_key", {"key": key, "target": target}) if target else None


# Words that say which state a field is in, never what it is called ("the new todo field" is a name).
_FIELD_STATES = frozenset(
    ("focused", "selected", "active", "current", "highlighted", "required", "empty", "invalid", "valid",
     "disabled", "enabled", "visible", "hidden", "other", "same", "next", "previous", "this", "that", "any",
     "every", "each", "only")
)  # fmt: skip


def _bare_field(m: re.Match[str]) -> str | None:
    """The field the unquoted words name; None when a word picks one of several ("the focused field", "the
    required field"): that is no name, and a field named "focused" would be the wrong one."""
    bare = m.group("bare").strip()
    if any(w.lower() in _FIELD_STATES for w in bare.split()):
        return None
    return role_target(bare, role_word(m.group("noun")) or "field")


# 'Type "buy milk"' (a todo list focuses its input on load), 'Press Ctrl+K and type "buckets"', 'Click the
# search box and type "Cosmos"', 'Type "x" into the focused field': no field named, so the one that has the
# keyboard focus, where a person's typing goes (autoqa.landmarks.FOCUSED_FIELD). Focus on nothing or on a
# button fails the step; it never types into some other field.
@_rule(
    rf"(?:type|enter|input)\s+{value_group('value')}",
    rf"(?:type|enter|input|write)\s+{value_group('value')}\s+(?:in|into|in\s+to)\s+the\s+(?:currently\s+)?"
    r"(?:focused|active)\s+(?:field|input|textbox|text\s+box|box|element)",
)
def _type_focused(m: re.Match[str]) -> Built:
    return "fill", {"target": FOCUSED_FIELD, "value": unquote(m.group("value"))}


@_rule(rf"clear\s+{_BARE_FIELD}")
def _clear_bare(m: re.Match[str]) -> Built:
    target = _bare_field(m)
    return ("fill", {"target": target, "value": ""}) if target else None


@_rule(rf"{VERIFY}\s+{_BARE_FIELD}\s+(?:is\s+(?:now\s+)?focused|has\s+(?:the\s+)?focus)")
def _focused_bare(m: re.Match[str]) -> Built:
    target = _bare_field(m)
    return ("assert_focused", {"target": target}) if target else None


@_rule(rf"{_TAB_TO}{_BARE_FIELD}{_UNTIL_FOCUSED}")
def _tab_to_bare(m: re.Match[str]) -> Built:
    target = _bare_field(m)
    return ("press_key", {"target": target, "key": _tab_key(m), "until_focused": True}) if target else None


@_rule(rf"{VERIFY}\s+{_BARE_FIELD}\s+is\s+(?:now\s+)?(?:empty|cleared|blank)")
def _empty_bare(m: re.Match[str]) -> Built:
    target = _bare_field(m)
    return ("assert_value", {"target": target, "expected": ""}) if target else None


_INTO = r"(?:into|in|in\s+to|onto|on|to|inside|within|as|for)"
"""Words that say where a typed value goes: never part of a field's name written before its value."""


@_rule(
    # "Enter the username "demo"", "Type the password {{PASSWORD}}": the words before the value name a field;
    # never words that say where it goes ("Type the code 4417 into "PIN"": "PIN" is the field, not the value).
    rf"(?:type|enter|input)\s+the\s+(?P<bare>[^\W\d_][\w'-]*(?:\s+(?!{_INTO}\b)[\w'-]+){{0,2}}?)\s+"
    rf"{value_group('value')}",
    rf"fill\s+(?:in\s+|out\s+)?the\s+(?P<bare>[^\W\d_][\w'-]*(?:\s+[\w'-]+){{0,2}}?)\s+with\s+"
    rf"{value_group('value')}",
)
def _fill_named(m: re.Match[str]) -> Built:
    return "fill", {
        "target": role_target(m.group("bare").strip(), "field"),
        "value": unquote(m.group("value")),
    }


_BARE_DROPDOWN = (
    r"the\s+(?P<bare>[^\W\d_][\w'-]*(?:\s+[\w'-]+){0,3}?)\s+(?P<noun>dropdown|drop-down|select|combobox|menu)"
)


@_rule(rf"(?:select|choose|pick)\s+{q('option')}\s+(?:in|from|on)\s+{_BARE_DROPDOWN}")
def _select_bare(m: re.Match[str]) -> Built:
    option = unquote(m.group("option"))
    target = role_target(m.group("bare").strip(), "dropdown")
    return ("select_option", {"target": target, "option": option}) if option else None


@_rule(
    rf"{VERIFY}\s+{THE}{q('target')}(?:\s+(?P<noun>field|input|textbox|text\s+box|box))?\s+is\s+(?:now\s+)?(?:empty|blank)",
    # "cleared" only of a field named so: 'Verify "Filters" is cleared' may be no field at all
    rf"{VERIFY}\s+{THE}{q('target')}\s+(?P<noun>field|input|textbox|text\s+box|box)\s+is\s+(?:now\s+)?cleared",
)
def _assert_empty(m: re.Match[str]) -> Built:
    target = unquote(m.group("target")).strip()
    return ("assert_value", {"target": role_target(target, "field"), "expected": ""}) if target else None


@_rule(
    rf"{VERIFY}\s+the\s+(?:page\s+|main\s+)?heading\s+{q('target')}\s+is\s+(?:visible|shown|displayed)",
    rf"{VERIFY}\s+the\s+(?:(?:[^\W\d_][\w-]*\s+)?page\s+|main\s+)?heading\s+(?:is|reads|says)\s+{q('target')}",
    rf"{VERIFY}\s+the\s+(?P<describing>[^\W\d_][\w'’-]*)\s+heading\s+(?:is|reads|says|shows)\s+{q('target')}",
)
def _assert_heading(m: re.Match[str]) -> Built:
    if _describes_a_look(m.groupdict().get("describing")):
        return None
    name = unquote(m.group("target")).strip()
    return ("assert_element_visible", {"target": role_target(name, "heading")}) if name else None


@_rule(r"close\s+(?:the\s+)?(?:current\s+|new\s+|this\s+)?tab", r"关闭(?:当前)?标签页")
def _close_tab(m: re.Match[str]) -> Built:
    return ("tabs", {"action": "close"})


_NOT_FIELDS = ("page", "url", "tab", "window", "text")  # "Set the text to …": the focused field (paraphrase)


# "Change the Display name to "Grace H."": the words name a field, as in "Enter the username "demo"".
@_rule(
    rf"(?:set|change|update)\s+the\s+(?P<bare>[^\W\d_][\w'-]*(?:\s+[\w'-]+){{0,2}}?)\s+to\s+"
    rf"{value_group('value')}"
)
def _set_named(m: re.Match[str]) -> Built:
    words = m.group("bare").split()
    # "Set the page to 2" is no field; "Set the page size to 50" and "Set the Rows per page to 50" are
    per = len(words) > 1 and words[-2].lower() == "per"
    if any(w.lower() in _PICKING_WORDS for w in words) or (words[-1].lower() in _NOT_FIELDS and not per):
        return None
    if _a_slider(m):  # "Set the Volume slider to 70": the slider named Volume
        name = " ".join(words[:-1])
        target = role_target(name, "slider") if name else ONE_SLIDER
        return "fill", {"target": target, "value": unquote(m.group("value"))}
    return "set_field", {"target": role_target(" ".join(words), "field"), "value": unquote(m.group("value"))}


# "Move the slider to 4", "Drag the slider to 70": the page's one range slider (two are ambiguous).
ONE_SLIDER = "css=input[type=range]"
# 'Add a todo "Walk the dog"': the page's one shown text input (TodoMVC's new-todo field; its edit fields are
# hidden until a double-click), then Enter. Two shown are ambiguous and the step fails; a text area, where
# Enter adds a line, is never it.
ONE_TEXT_FIELD = "css=input:is([type=text], :not([type])):visible"


@_rule(
    rf"(?:add|create|enter)\s+(?:a\s+|an\s+|the\s+)?(?:new\s+)?(?:todo|to-do|task|item)\s+(?:called\s+|named\s+)?"
    rf"{q('value')}",
    rf"add\s+{q('value')}\s+as\s+a\s+(?:new\s+)?(?:todo|to-do|task|item)",
)
def _add_item(m: re.Match[str]) -> Built:
    value = unquote(m.group("value"))
    return ("fill", {"target": ONE_TEXT_FIELD, "value": value, "submit": True}) if value.strip() else None


# "Press the TAB key in the input": the page's one shown text input.
@_rule(
    r"press\s+(?:the\s+)?(?P<key>[\w+]+)(?:\s+key)?\s+in\s+the\s+(?:input|text\s+field|text\s+box)(?:\s+field)?"
)
def _press_in_the_input(m: re.Match[str]) -> Built:
    key = as_key(m.group("key"))
    return ("press_key", {"key": key, "target": ONE_TEXT_FIELD}) if key else None


# "Press Continue", 'Press "Save and continue editing"' (a name that is no key): a person presses a button.
@_rule(
    r"press\s+(?:the\s+)?(?-i:(?P<name>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2}))(?:\s+button)?",
    r"press\s+(?:the\s+)?(?P<name>(?-i:Log|Sign)\s+(?:in|out|up))(?:\s+button)?",
)
def _press_button(m: re.Match[str]) -> Built:
    name = m.group("name")
    return None if as_key(name) is not None else ("click", {"target": role_target(name, "button")})


@_rule(
    rf"(?:move|drag|slide|set)\s+the\s+slider\s+to\s+{value_group('value')}",
    r"(?:move|drag|slide|set)\s+the\s+slider\s+to\s+(?P<value>-?\d{1,9}(?:\.\d{1,6})?)",
)
def _move_the_slider(m: re.Match[str]) -> Built:
    value = unquote(m.group("value")).strip()
    return ("fill", {"target": ONE_SLIDER, "value": value}) if value else None


@_rule(
    rf"(?:set|change|update)\s+{THE}{q('target')}{NOUN}\s+to\s+{value_group('value')}",
    rf"(?P<leave>leave|keep)\s+{THE}{q('target')}{NOUN}\s+(?:empty|blank)",
)
def _set_value(m: re.Match[str]) -> Built:
    if m.groupdict().get("leave"):
        return _with_target("fill", m, value="")
    # "Set" says nothing of the control's kind: a dropdown gets that option, a field that text (set_field)
    return _with_target("set_field", m, value=unquote(m.group("value")))


@_rule(
    # Gone from one place is implied by gone from the page: dropping "in the cart" makes the check stricter,
    # never weaker (the positive form would be weaker, so it is not plain).
    rf"{VERIFY}\s+{q('text')}\s+is\s+(?:no\s+longer|not)\s+(?:shown\s+|listed\s+|visible\s+)?(?:in|on)\s+"
    r"(?:the|my|your)\s+(?P<place>[\w\s-]{1,30})",
)
def _assert_gone_from(m: re.Match[str]) -> Built:
    if _NAMED_PLACE.fullmatch(m.group("place")):
        return None  # "the Active loans section": a region the page names, read in it (paraphrase quotes it)
    return _text_assertion(m, absent=True)


# A place named with a capital, then what kind of region it is ("Active loans section", "Done column").
_NAMED_PLACE = re.compile(rf"(?-i:[A-Z])[\w'’-]*(?:\s+[\w'’-]+){{0,3}}?\s+(?:{REGION_NOUNS})", re.IGNORECASE)


@_rule(
    rf"{VERIFY}\s+{THE}{q('target')}\s+(?P<noun>dialog|modal|popup)\s+is\s+(?P<state>open|shown|visible|closed)"
)
def _assert_dialog(m: re.Match[str]) -> Built:
    tool = "assert_element_hidden" if m.group("state").lower() == "closed" else "assert_element_visible"
    name = unquote(m.group("target")).strip()
    return (tool, {"target": role_target(name, "dialog")}) if name else None


# 'Verify "Saved" is shown in the dialog', 'The modal should contain "Are you sure?"': text in the one open
# dialog, modal or popup (the named region "dialog": autoqa.target_region), never elsewhere on the page.
_THE_DIALOG = r"the\s+(?:open\s+)?(?:dialog|modal|popup|pop-up)(?:\s+window|\s+box)?"


@_rule(
    rf"{VERIFY}\s+{q('text')}\s+{_SHOWN_IN}(?:in|inside|within|on)\s+{_THE_DIALOG}",
    rf"{VERIFY}\s+{_THE_DIALOG}\s+(?:contains|includes|has)\s+(?:the\s+text\s+)?{q('text')}",
    rf"{_THE_DIALOG}\s+(?:should|must)\s+(?:contain|include|show|say|display|read)\s+(?:the\s+text\s+)?{q('text')}",
)
def _assert_in_dialog(m: re.Match[str]) -> Built:
    text = unquote(m.group("text"))
    return ("assert_text_in", {"target": region_target("dialog"), "text": text}) if text.strip() else None


# "the dialog", unnamed: every dialog on the page (native, ARIA, modal). "Closed" holds only when none of them
# is visible, so an open alert dialog or a second modal cannot slip past it.
ANY_DIALOG = "css=dialog, [role=dialog], [role=alertdialog], [aria-modal=true]"


@_rule(
    rf"{VERIFY}\s+(?:the|a)\s+(?:dialog|modal|popup)(?:\s+window)?\s+is\s+(?:now\s+)?"
    rf"(?P<state>open|opened|shown|visible|displayed|closed|{HIDDEN})",
    rf"{VERIFY}\s+(?P<none>no|not\s+any)\s+(?:dialog|modal|popup)(?:\s+window)?\s+is\s+(?P<state>open|shown|visible)",
)
def _assert_any_dialog(m: re.Match[str]) -> Built:
    shown = m.group("state").lower() in ("open", "opened", "shown", "visible", "displayed")
    shown = shown and not m.groupdict().get("none")
    return ("assert_element_visible" if shown else "assert_element_hidden"), {"target": ANY_DIALOG}


_ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3, "fifth": 4}


@_rule(
    r"switch\s+(?:back\s+)?to\s+(?:the\s+)?tab\s+(?:number\s+|#)?(?P<n>\d+)",
    r"切换到第\s*(?P<n>\d+)\s*个(?:标签页|标签|窗口)",
)
def _switch_tab_number(m: re.Match[str]) -> Built:
    number = int(m.group("n"))
    return ("tabs", {"action": "switch", "index": number - 1}) if number >= 1 else None


@_rule(
    r"switch\s+(?:back\s+)?to\s+the\s+(?P<which>new|newest|latest|last|opened|first|second|third|fourth|fifth"
    r"|original|main)\s+(?:tab|window|page)",
    r"切换到(?P<which>新|最新|第一个|原)(?:的)?(?:标签页|标签|窗口)",
)
def _switch_tab_named(m: re.Match[str]) -> Built:
    which = m.group("which").lower()
    if which in ("new", "newest", "latest", "last", "opened", "新", "最新"):
        index = -1
    elif which in ("original", "main", "第一个", "原"):
        index = 0
    else:
        index = _ORDINALS[which]
    return "tabs", {"action": "switch", "index": index}


@_rule(
    r"(?P<act>accept|dismiss|cancel|confirm|ok)\s+(?:the\s+)?next\s+(?:browser\s+)?(?:dialog|alert|confirm|prompt)",
    r"(?P<act>accept|dismiss|cancel|confirm|ok)\s+(?:the\s+)?(?:browser\s+|javascript\s+|js\s+)?"
    r"(?:alert|confirm|prompt)(?:\s+dialog)?",
    r"(?P<act>accept|dismiss|cancel|confirm|ok)\s+the\s+(?:browser|javascript|js)\s+dialog",
    r"(?P<act>接受|确认|取消|拒绝)下一个(?:对话框|弹窗|提示框)",
)
def _dialog(m: re.Match[str]) -> Built:
    act = m.group("act").lower()
    return "dialogs", {
        "action": "accept" if act in ("accept", "confirm", "ok", "接受", "确认") else "dismiss"
    }


# "Verify the price is "£425,000"", "Verify the "Bedrooms" value is "3"", "Assignee should be displayed as
# "Ada"": a value the page labels — a <dt> and its <dd>, a <label> and its control, "Price: £425,000", an
# aria-label — read by the same lookup as a row's field ("the due date for "Dune"", tools/column_cell.js) with
# the whole page as the row. Only that value is evidence: the same text elsewhere on the page is not.
_NOT_A_LABEL = frozenset(
    ("page", "url", "address", "title", "heading", "text", "message", "error", "toast", "notification",
     "banner", "alert", "list", "table", "number", "value", "it", "this", "that", "there", "one",
     "result", "results", "item", "items", "screen", "site", "window", "tab", "dialog", "modal", "popup",
     "warning", "caption", "header", "footer", "label", "name", "content", "contents", "body", "section",
     "sidebar", "bar", "navbar", "navigation", "nav", "menu",
     # a region by its name ("the Cart panel shows …"): what is in it, never a value labelled "Cart panel"
     "panel", "pane", "card", "drawer", "widget", "area", "region", "container", "lane", "tile", "form",
     "fieldset")
)  # fmt: skip


_NOT_A_LABEL_START = frozenset(
    ("a", "an", "this", "that", "its", "his", "her", "their", "your", "my", "our", "some",
     # a quantifier is no label, and most of them turn the claim round ("Verify nothing says "Error"")
     "nothing", "none", "no", "nobody", "noone", "neither", "nor", "every", "everything", "each", "all",
     "any", "anything", "something", "everyone", "anyone", "someone", "only")
)  # fmt: skip
_NOT_A_LABEL_WORD = frozenset(
    ("now", "still", "also", "again", "currently", "not", "no", "longer", "never", "always", "toast",
     "message", "badge", "chip", "pill", "tag", "icon", "banner", "notification", "alert", "error", "warning",
     "text")
)  # fmt: skip


@_rule(
    rf"{VERIFY}\s+(?:the\s+)?(?P<label>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){{0,2}}?)(?:\s+(?:value|shown|displayed))?"
    rf"\s+(?:is|shows|reads|says|displays|equals|contains|includes|is\s+(?:shown|displayed|set)\s+(?:as|to))\s+"
    rf"(?:now\s+)?{q('text')}",
    rf"{VERIFY}\s+(?:the\s+)?{q('qlabel')}(?:\s+(?:value|label))?\s+(?:is|shows|reads|says|displays|equals|"
    rf"is\s+(?:shown|displayed)\s+as)\s+(?:now\s+)?{q('text')}",
    rf"{VERIFY}\s+the\s+[^\W\d_][\w'’-]*\s+(?:shows|has|lists|displays)\s+(?:the\s+|a\s+)?"
    rf"(?P<label>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*)?)\s+(?:of\s+|as\s+)?{q('text')}",
)
def _assert_labelled(m: re.Match[str]) -> Built:
    label = unquote(m.group("qlabel")) if m.groupdict().get("qlabel") else m.group("label")
    words = label.lower().split()
    text = unquote(m.group("text"))
    if not words or not text.strip() or words[-1] in _NOT_A_LABEL or role_word(words[-1]):
        return None
    if words[0] in _NOT_A_LABEL_START or any(w in _NOT_A_LABEL_WORD for w in words):
        return None
    # A participle after the first word names the value ("amount raised", "time elapsed"); first, it picks
    # one ("the selected plan").
    if _picks_or_looks(words[0]) or any(_picks_or_looks(w) and not w.endswith("ed") for w in words[1:]):
        return None
    if len(words) > 1 and role_word(" ".join(words[-2:])):
        return None
    if re.search(r"\s(?:for|of)\s+\S*\d", label):
        return None  # "the Status for INV-0042": a row's cell (paraphrase quotes the row), not one label
    return "assert_text_in", {"target": PAGE, "text": text, "column": " ".join(label.split())}


# Counted things named by what they are: "Verify 4 recipes are shown", "Verify there are 2 songs", "Verify the
# playlist has 1 song": the items of the page's main list (autoqa.target_items). Not things no list holds
# (seconds, stars, characters…), nor a subset ("4 unread emails": which ones is judgement).
_NOT_LISTED = frozenset(
    ("second", "minute", "hour", "day", "week", "month", "year", "time", "star", "character", "char",
     "digit", "letter", "word", "pixel", "px", "column", "tab", "page", "step", "attempt", "error",
     "warning", "image", "photo", "picture", "icon", "button", "link", "field", "input", "checkbox",
     "option", "heading", "dialog", "window", "toast", "notification", "message", "decimal", "percent",
     "point", "unit", "people", "person", "guest", "adult", "child", "night", "seat", "ticket")
)  # fmt: skip
_COUNTED_NOUN = r"(?P<what>[^\W\d_][\w-]*)"
_LISTISH = (  # never a cart, a basket or a wish list: those are regions of their own (_assert_region_count)
    r"(?:(?!wish\s*list)[^\W\d_]*list|results|inbox|feed|queue|table|grid|timeline|catalog(?:ue)?|library)"
)


@_rule(
    rf"{VERIFY}\s+(?:exactly\s+)?(?P<count>\d+)\s+{_COUNTED_NOUN}\s+(?:are|is)\s+(?:shown|visible|displayed|"
    rf"listed|present)(?:\s+(?:on\s+the\s+page|in\s+the\s+(?:list|results)))?",
    rf"{VERIFY}\s+(?:exactly\s+)?(?P<count>\d+)\s+{_COUNTED_NOUN}\s+(?:are|is)\s+(?:shown\s+|listed\s+)?in\s+the\s+"
    rf"{_LISTISH}",
    rf"{VERIFY}\s+the\s+{_LISTISH}\s+(?:should\s+)?(?:contains?|has|have|holds?)\s+(?:exactly\s+)?(?P<count>\d+)\s+"
    rf"{_COUNTED_NOUN}",
    rf"{VERIFY}\s+there\s+(?:are|is)\s+(?:exactly\s+)?(?P<count>\d+)\s+{_COUNTED_NOUN}"
    rf"(?:\s+(?:shown|visible|displayed|listed|on\s+the\s+page|in\s+the\s+(?:list|results)))?",
    rf"{VERIFY}\s+the\s+(?:(?P<kind_of_list>[^\W\d_][\w-]*)\s+)?{_LISTISH}\s+(?:has|shows|contains|lists|displays|"
    rf"holds)\s+(?:exactly\s+)?(?P<count>\d+)\s+{_COUNTED_NOUN}",
)
def _assert_counted(m: re.Match[str]) -> Built:
    what, count = m.group("what").lower(), int(m.group("count"))
    single = what[:-3] + "y" if what.endswith("ies") else what[:-1] if what.endswith("s") else what
    if single in _NOT_LISTED or what in _NOT_LISTED or _describes_a_look(what) or role_word(what):
        return None
    if (count == 1) != (what == single):  # "1 song", "3 songs"
        return None
    if _lists_a_subset(m) or (m.groupdict().get("kind_of_list") or "").strip().lower() in _SUBSET_WORDS:
        return None
    return "assert_count", {"target": items_target(table=_says_table(m), noun=_held(m)), "count": count}


# One item of the main list by its position, named by what it is: "The last message in the conversation
# should read "Hi"". (Clicking one by position is not plain yet: a click on an item's middle is not a click
# on the link a person means.) The words after "in the" name the list, which must be
# the page's one main list (else the step is ambiguous and fails saying so).
_IN_THE_LIST = r"(?:\s+(?:in|of|on)\s+the\s+(?:[^\W\d_][\w-]*\s+)?(?P<in_list>[^\W\d_][\w-]*))?"
# Places that are rarely the page's main list: "the first item in the cart" is not the first product of the
# shop beside it (which it was read as: a false green). The tools have no item of a region by its position,
# and a list named by its items' words would not do (every product says "Add to cart"): not plain.
_NOT_THE_MAIN_LIST = frozenset(
    ("cart", "basket", "bag", "wishlist", "favourites", "favorites", "sidebar", "menu", "dropdown", "drawer",
     "panel", "dialog", "modal", "popup", "footer", "header", "navigation", "nav", "widget", "summary")
)  # fmt: skip
# "The first name is …", "the last login reads …": a place word and this noun name one field, never an item.
_FIELD_AFTER_PLACE = frozenset(("name", "names", "login", "updated", "modified", "seen", "visited", "used"))


def _has_two_places(sentence: str) -> bool:
    """Whether a second place word follows the first ("the Last Name in the first row"): the list clause
    then says which item, and a rule that drops that clause would read another one."""
    unquoted = re.sub(QUOTED, '""', sentence)  # "Printer on 3rd floor jammed" is a name, not a place
    return len(re.findall(rf"\b{POSITION_WORD}\b", unquoted, re.IGNORECASE)) > 1


@_rule(
    rf"{VERIFY}\s+the\s+{_POSITION}\s+(?P<what>[^\W\d_][\w-]*){_IN_THE_LIST}\s+(?:is|shows|reads|says|contains|"
    rf"displays|is\s+labell?ed|is\s+called|is\s+named)\s+{q('text')}",
)
def _assert_item_at_named(m: re.Match[str]) -> Built:
    what = m.group("what").lower()
    if (role_word(what) and role_word(what) not in ("row", "list item")) or _describes_a_look(what):
        return None
    if what in _FIELD_AFTER_PLACE or _has_two_places(m.group(0)):
        return None
    position = _position_of(m)
    text = unquote(m.group("text"))
    if not position or not text.strip():
        return None
    if (m.groupdict().get("in_list") or "").lower() in _NOT_THE_MAIN_LIST:
        return None
    target = item_target(position, table=_says_table(m), noun=_held(m))
    return "assert_text_in", {"target": target, "text": text}


# 'Verify the button now says "Unfollow"', 'the link now reads "Hide details"': a control the step names by
# the words it shows (a toggle relabelled by the click before), so one such control must be on the page.
# "now" says so: 'the button for "Dune" says "Renew"' is the text of the row's one button (a scope clause).
@_rule(
    rf"{VERIFY}\s+the\s+(?P<noun>button|link|tab)\s+now\s+(?:says|reads|shows|displays|is\s+labell?ed)\s+"
    rf"{q('text')}",
    rf"{VERIFY}\s+the\s+(?P<noun>button|link|tab)\s+(?:says|reads|shows|displays|is\s+labell?ed)\s+now\s+"
    rf"{q('text')}",
)
def _assert_control_says(m: re.Match[str]) -> Built:
    text = unquote(m.group("text")).strip()
    word = role_word(m.group("noun"))
    return ("assert_element_visible", {"target": role_target(text, word)}) if text and word else None


# 'Verify the "Comments" tab shows "312"': the text inside that element (a field's value has its own rule).
@_rule(
    rf"{VERIFY}\s+(?:the\s+)?{q('target')}\s+(?P<noun>tab|button|link|heading|dialog|row|list\s+item|option|"
    rf"menu\s+item)\s+(?:shows|reads|says|displays|contains|includes)\s+(?:now\s+)?{q('text')}"
)
def _assert_element_text(m: re.Match[str]) -> Built:
    target, text = _target(m), unquote(m.group("text"))
    return ("assert_text_in", {"target": target, "text": text}) if target and text.strip() else None


# "Select the "Weekly" radio button": a radio is checked, not a dropdown's option picked.
@_rule(rf"(?:select|choose|pick)\s+the\s+{q('target')}\s+(?P<noun>radio\s+button|radio|radio\s+option)")
def _select_radio(m: re.Match[str]) -> Built:
    return _with_target("set_checked", m, checked=True)


# "Choose the "Very satisfied" option": a choice named by its text (a radio, a listbox option, a chip).
@_rule(rf"(?:choose|pick|select)\s+the\s+{q('target')}\s+(?:option|choice|answer)")
def _choose_option(m: re.Match[str]) -> Built:
    name = unquote(m.group("target")).strip()
    return ("click", {"target": name}) if name else None


# --- entry points ------------------------------------------------------------------------------------

_TRAILING = re.compile(r"[\s.。!！]+$")


def _normalize(text: str) -> str:
    # Only the ends: whitespace inside quotes is part of a value (the patterns accept any inner spacing).
    return _TRAILING.sub("", text.strip())


@functools.cache
def _compiled_rules() -> tuple[tuple[re.Pattern[str], _Rule], ...]:
    # Compiled on first use: about 100 ms that importers who never parse a step should not pay.
    return tuple((re.compile(rule.pattern, re.IGNORECASE), rule) for rule in _RULES)


def _parse_sentence(sentence: str) -> Built:
    for pattern, rule in _compiled_rules():
        match = pattern.fullmatch(sentence)
        if match is None:
            continue
        built = rule.build(match)
        if built is not None:
            return built
    return None


# A role alone before a scope clause ("Check the checkbox in the "buy milk" row") stands in the sentence as
# this quoted placeholder while the rest is parsed.
_ROLE_NAMES = "|".join(
    re.escape(word).replace(r"\ ", r"\s+")
    for word in sorted((w for w in ROLE_WORDS if w.isascii()), key=len, reverse=True)
)
_ROLE_ALONE = re.compile(rf"\b(?:the\s+)?(?P<noun>{_ROLE_NAMES})$", re.IGNORECASE)
_PLACEHOLDER = "\u2063"
_NAMED_BEFORE = re.compile(r"\bthe\s+[^\s\"“'‘][^\"“'‘]*$", re.IGNORECASE)


def _parse_scoped(sentence: str) -> Built:
    """A sentence whose target carries a scope clause (``autoqa.target_scope``): the clause is taken out,
    the rest parsed, and the clause put back on the target."""
    for clause in _SCOPE_CLAUSE.finditer(sentence):
        within = clause.group("within")[1:-1].strip()
        before, after = sentence[: clause.start()], sentence[clause.end() :]
        if len(before.split()) < 2:
            continue  # right after the verb it is no place: 'Click on "Save" twice' clicks "Save"
        built = _parse_sentence(before + after)
        alone = _ROLE_ALONE.search(before)
        if built is None and alone is not None:
            if before[: alone.start()].rstrip().endswith(_QUOTE_ENDS):
                continue  # 'the "Save" button' is a name and a role, not a role alone
            if not alone.group(0).lower().startswith("the") and _NAMED_BEFORE.search(before[: alone.start()]):
                continue  # "the Receipts link" is a name and a role too (read by _parse_bare_named)
            placeholder = f'{before[: alone.start()]}"{_PLACEHOLDER}" {alone.group("noun")}'
            built = _parse_sentence(placeholder + after)
        if built is None or not isinstance(built[1].get("target"), str) or built[1]["target"] == PAGE:
            continue  # (the whole page is no element a scope can narrow)
        tool, args = built
        target = str(args["target"])
        if _PLACEHOLDER in target:
            if alone is None:
                continue
            target = f"the {alone.group('noun')}"
        return tool, {**args, "target": scoped_target(target, within)}
    return None


# "Verify the Save button is disabled", "Uncheck the Remember me checkbox", "Click the Add/Remove Elements
# link": an unquoted name right before a role word reads as that name quoted. Not words that pick one of
# several ("the first button", "the selected tab", "the cheapest item's link"): those describe, and need
# judgement; nor "the back button", which may be the browser's.
_BARE_NAMED = re.compile(
    # ("the Weight (kg) field": a unit in brackets is part of the label)
    # (a second "the" starts another noun: "the error for the Amount field" names no field "error for …")
    rf"\bthe\s+(?P<bare>(?:[^\W\d_][\w'’/-]*|[£$€¥°#][\w.,%'’-]*|[×✕✖+−])(?:\s+(?!the\b)[^\W\d_][\w'’/-]*){{0,3}}?"
    r"(?:\s+\([^()\s]{1,12}\))?)\s+"
    rf"(?P<noun>{ROLE_NOUNS})\b",
    re.IGNORECASE,
)


# "the Next button", "the Last name field", "the Active link": written with a capital inside a sentence, a
# word that would pick one ("the next button") is the element's own name, as "Next" on the button. Not in a
# sentence Written In Title Case (every capital says nothing), nor "Back"/"Forward" (the browser's).
_NEVER_A_NAME = frozenset(
    ("back", "forward", "browser", "this", "that", "these", "those", "any", "each", "every")
)


def _picks_one(word: str, sentence: str) -> bool:
    lower = word.lower()
    if lower not in _PICKING_WORDS and lower not in _SUPERLATIVES:
        return False
    if lower in _NEVER_A_NAME or not (word[:1].isupper() and word[1:].islower()):
        return True
    words = [w for w in re.findall(r"[^\W\d_][\w'’-]*", sentence) if w.lower() not in ("the", "a", "an")]
    return all(w[:1].isupper() for w in words)  # Title Case: the capital says nothing


def _parse_bare_named(sentence: str) -> Built:
    match = _BARE_NAMED.search(sentence)
    if match is None or '"' in match.group("bare"):
        return None
    words = match.group("bare").split()
    if any(w.endswith(("'s", "’s")) for w in words):
        return None
    # "the Back to tickets link", "the Mark all as complete toggle": a name of several words that starts with
    # a capital is the element's own; a word inside it ("all", "back") picks nothing
    named = len(words) > 1 and words[0][:1].isupper() and words[0][1:].islower()
    picking = ([] if words[0].lower() in ("back", "forward") else words[:1]) if named else words
    if any(_picks_one(w, sentence) for w in picking):
        return None
    before, after = sentence[: match.start()], sentence[match.end() :]
    quoted = f'{before}the "{match.group("bare")}" {match.group("noun")}{after}'
    return _parse_sentence(quoted) or _parse_scoped(quoted)


def grammar_reference() -> str:
    """Every sentence form and the tool call it becomes (this module's docstring: one table, one home)."""
    return (__doc__ or "").strip()


def _should_as_claim(sentence: str, *, bare: bool = False) -> str | None:
    """ "The Continue button should be disabled" → "Verify the Continue button is disabled": the claim it
    states, which the grammar then reads (or not) like any other. A bare subject ("Save should be …") only
    with ``bare``: it is read last, as a name (:func:`_should_as_named_claim`), after the canonical wording
    had its say ('Status should be "Shipped"' is the labelled status, checked exactly)."""
    match = SHOULD_STATEMENT.fullmatch(sentence)
    if match is None or (_is_bare(match.group("subject")) and not bare):
        return None
    verb = MODAL_VERBS[match.group("verb").lower()][1 if match.group("neg") else 0]
    return f"Verify {match.group('subject')} {verb}{match.group('rest')}"


def _is_bare(subject: str) -> bool:
    return subject[:1] not in "\"“'‘" and re.match(r"(?:the|an?)\s", subject, re.IGNORECASE) is None


# A bare subject said to be shown, hidden or listed, with no quoted text to check: "Checkout is shown", "Video
# player is visible". Which words on the page would prove it is not said (a heading? a button? the player?).
_SHOWN_BARE = re.compile(
    r"^Verify\s+[^\"“”]+?\s(?:is|are)\s+(?:not\s+|still\s+|no\s+longer\s+)*(?:visible|shown|displayed|present|"
    r"hidden|gone|invisible|listed|there|available)\b[^\"“”]*$",
    re.IGNORECASE,
)


def _bare_claim_reading(claim: str) -> Built:
    """ "Verify Save is disabled", "Verify Luna is not in the table", "Verify Row 2 is "x"": a claim whose
    subject is bare words, read as written or in canonical wording (a name before a place is quoted there),
    else as a name (:func:`_bare_subject_quoted`); never one that only says the words are shown."""
    if _SHOWN_BARE.match(claim):
        return None
    built = _parse_wording(claim) or _parse_wording(_normalize(canonical(claim)))
    if built is None and (named := _bare_subject_quoted(claim)) is not None:
        built = _parse_wording(named) or _parse_wording(_normalize(canonical(named)))
    return built


# "The user stays on the login page (URL contains "/admin/login/")": the sentence only says which page the
# user is on, and the bracket says how to tell that page — its URL or title — so the bracket is the check.
# Anything more in the sentence ("… and is not logged in") or any other bracket is not plain: the bracket
# must never stand in for a claim it does not cover.
_BRACKETED = re.compile(rf"(?:{VERIFY}\s+)?{ON_PAGE}\s*\((?P<claim>[^()]+)\)", re.IGNORECASE)


def _parse_bracketed(sentence: str) -> Built:
    match = _BRACKETED.fullmatch(sentence)
    if match is None:
        return None
    check = parse_expected_clause(match.group("claim"))
    return (
        (check.tool, check.args)
        if check is not None and check.tool in ("assert_url", "assert_title")
        else None
    )


def _parse(sentence: str) -> Built:
    return _parse_sentence(sentence) or _parse_scoped(sentence) or _parse_bare_named(sentence)


def _parse_wording(sentence: str) -> Built:
    built = _parse(sentence) or _parse_bracketed(sentence)
    if built is None and (claim := _should_as_claim(sentence)) is not None:
        built = _parse(claim)
    return built


def parse_plain_text(text: str, *, optional: bool = False) -> PlainAction | None:
    """The tool call for one sentence of the grammar, or None when it is not plain. A sentence the rules do
    not read as written is read once more in its canonical wording (:mod:`autoqa.spec.paraphrase`)."""
    sentence = _normalize(shorthand(quote_bare_row(_normalize(text))))
    if not sentence:
        return None
    built = _parse_wording(sentence)
    if built is None:
        reworded = _normalize(canonical(sentence))
        for claim in (_should_as_claim(sentence), _should_as_claim(reworded)):
            if built is None and reworded != sentence:
                built = _parse_wording(reworded)
            if built is None and claim is not None:
                built = _parse_wording(_normalize(canonical(claim)))
        for bare in (_should_as_claim(sentence, bare=True), _should_as_claim(reworded, bare=True)):
            if built is None and bare is not None:
                built = _bare_claim_reading(bare)
    if built is None and (claim := _stated(sentence)) is not None:
        built = _bare_claim_reading(claim) if _is_bare(claim.removeprefix("Verify ")) else None
        if built is None and not _is_bare(claim.removeprefix("Verify ")):
            built = _parse_wording(claim) or _parse_wording(_normalize(canonical(claim)))
    if built is None:
        built = _placed_reading(sentence)
    return PlainAction(built[0], built[1], optional) if built is not None else None


# "The Cancel button has focus", "Light is not selected", "Row 2 is "x"", "Check the first ticket is "x"": a
# statement of what holds, read as the claim "Verify …" makes of it. Only a sentence that is a statement (a
# subject, then is/are/has/shows/… at its top level, never inside a quoted name) and is no action's verb.
_ACTION_VERBS = (
    r"click|tap|press|hit|type|enter|fill|input|write|put|select|choose|pick|check|uncheck|tick|untick|open|go|"
    r"navigate|visit|set|change|update|clear|leave|add|remove|delete|submit|scroll|hover|drag|drop|upload|wait|"
    r"reload|refresh|log|login|sign|search|toggle|switch|expand|collapse|close|dismiss|accept|cancel|save|"
    r"make|ensure|verify|assert|confirm|expect|double-click|right-click|focus|blur|mark|edit|rename|sort|filter"
)
_STATEMENT = re.compile(
    rf"^(?:(?:then|and|but|check)\s+(?:that\s+)?|expected(?:\s+result)?\s*:\s*)?(?P<claim>(?!(?:{_ACTION_VERBS})\b)"
    rf"(?:[^\"“”]|{QUOTED})+?\s+(?:still\s+)?(?:is|are|has|have|shows|reads|says|contains|displays)\s+"
    rf"(?:[^\"“”]|{QUOTED})+)$",
    re.IGNORECASE,
)


_STATED_VERB = re.compile(
    r"\s(?:still\s+)?(?:is|are|has|have|shows|reads|says|contains|displays)\s", re.IGNORECASE
)


def _stated(sentence: str) -> str | None:
    if re.match(rf"{VERIFY}\b", sentence, re.IGNORECASE):
        return None
    match = _STATEMENT.match(sentence)
    if match is None or re.search(r"\b(?:count|number\s+of)\b", match.group("claim"), re.IGNORECASE):
        return None  # "row count is 9" counts rows: never the text "9" beside a label
    subject, *said = re.split(_STATED_VERB, match.group("claim"), maxsplit=1)
    noun = re.sub(r"^(?:the|an?)\s+", "", subject.strip(), flags=re.IGNORECASE)
    value = unquote(said[0].strip()) if said else ""
    if role_word(noun) or value.lower().startswith(f"{noun.lower()}:"):
        # "Checkbox is checked" is about the step's own element; 'Total is "Total: $4"' is the text as shown
        return None
    claim = match.group("claim")
    return "Verify " + (claim[:1].lower() + claim[1:] if re.match(r"(?:The|A|An)\s", claim) else claim)


# "Light is not selected", "Weekly digest is still checked": a bare capitalised subject names an element, for
# a claim about that element's state or text. Never for being shown or not: "Video player is visible" would
# read as the words "Video player" on the page (and "Error banner is not shown" as their absence, a false
# green whenever the banner says something else); nor a count or a quantifier ("Only 1 ticket").
_NAME_SUBJECT = re.compile(
    r"^Verify\s+(?P<name>(?!(?:The|A|An|It|This|That|There|Focus|Nothing|Everything|All|Each|Every|No|Only|"
    r"Both|Some|Any|None)\b)(?-i:[A-Z])[^\W\d]*(?:\s+[^\W\d]+){0,2}?)\s+"
    r"(?P<rest>(?:still\s+)?(?:is|are|has|shows|reads|says|contains|includes|displays|equals|matches|ends|starts)\s(?!(?:not\s+|still\s+|no\s+longer\s+)*(?:visible|shown|"
    r"displayed|present|hidden|gone|invisible|on\s|in\s|listed|there|available)).+)$"
)


def _bare_subject_quoted(claim: str) -> str | None:
    match = _NAME_SUBJECT.match(claim)
    if match is None:
        return None
    rest = re.sub(r"^still\s+", "", match.group("rest"))
    *head, last = match.group("name").split()
    if head and role_word(last):  # "Due date input has label …": the input named "Due date"
        return f'Verify the "{" ".join(head)}" {last} {rest}'
    return f'Verify "{match.group("name")}" {rest}'


# 'Click the second "Add to cart" button', "Check the first checkbox": the sentence is read without the
# position, and the target it names gets the position back (``second "Add to cart" button``; the tools take
# that one of the alike matches, autoqa.target_ordinal). Only a target that is that quoted name (with role
# words or a scope clause), or that role alone, carries it: a position the built call drops is not plain.
_PLACED_NAME = re.compile(rf"\bthe\s+(?P<nth>{POSITION_WORD})\s+(?={QUOTED})", re.IGNORECASE)
_PLACED_ROLE = re.compile(
    rf"\bthe\s+(?P<nth>{POSITION_WORD})\s+(?=(?:{ROLE_NOUNS})\b(?!\s*[\"“'「]))", re.IGNORECASE
)
_ROLE_MARK = "§role§"


# 'Click the "Edit" link in the first row', 'Click the favorite button on the first article', 'Click "Add to
# cart" for the second product': the control inside that item of the page's main list or table
# (autoqa.target_items; a noun other than row/item/entry/line must name what the list holds). Only nouns for
# things listed: "on the first page" or "in the second tab" name no item.
_LISTED_NOUNS = (
    "row", "item", "entry", "line", "result", "card", "tile", "article", "post", "product", "record",
    "listing", "comment", "task", "todo", "order", "user", "book", "issue", "ticket", "email", "file",
    "contact", "review", "story", "message", "invoice", "customer", "project", "course", "recipe", "song",
    "track",
)  # fmt: skip
_IN_ITEM = re.compile(
    rf"\s+(?:in|on|for|from|inside|within|of)\s+(?:the\s+(?P<nth>{POSITION_WORD})\s+(?P<noun>{'|'.join(_LISTED_NOUNS)})"
    rf"|(?P<row>row|item|entry|line)\s+(?P<num>\d{{1,3}}))(?=$|\s|[.,;:!?])",
    re.IGNORECASE,
)
_THE_ROLE = re.compile(rf"\bthe\s+(?=(?:{ROLE_NOUNS})\b(?!\s*[\"“'「]))", re.IGNORECASE)
_NOT_PLACEABLE = re.compile(r"^(?:[a-z-]+=|#|\[|//)", re.IGNORECASE)


def _item_scoped_reading(sentence: str) -> Built:
    clause = _IN_ITEM.search(sentence)
    if clause is None:
        return None
    position = position_of(clause.group("nth")) if clause.group("nth") else int(clause.group("num"))
    noun = (clause.group("noun") or clause.group("row")).lower()
    if not position:
        return None
    rest = f"{sentence[: clause.start()]}{sentence[clause.end() :]}"
    action = parse_plain_text(rest)
    if action is None:
        # "Check the checkbox in the second row": a role alone, named by the item it is in
        role = _THE_ROLE.search(rest)
        marked = (
            parse_plain_text(f'{rest[: role.start()]}the "{_ROLE_MARK}" {rest[role.end() :]}')
            if role
            else None
        )
        target = marked.args.get("target") if marked is not None else None
        if marked is None or not isinstance(target, str) or not target.startswith(f'"{_ROLE_MARK}" '):
            return None
        action = PlainAction(marked.tool, {**marked.args, "target": target.removeprefix(f'"{_ROLE_MARK}" ')})
    item = item_target(position, noun=noun)  # a "row" of a list or a table, as "the 3rd row shows" reads
    if action.tool == "assert_text_present" and set(action.args) == {"text"}:
        # 'Verify "Active" is visible in the second row': the row's text, as 'the 2nd row shows "Active"'
        return "assert_text_in", {"target": item, "text": action.args["text"]}
    target = action.args.get("target")
    if not isinstance(target, str) or _NOT_PLACEABLE.match(target):
        return None
    if split_scope(target)[1] is not None or split_item_scope(target)[1] is not None:
        return None  # already in a row or region: one scope a target
    return action.tool, {**action.args, "target": item_scoped_target(target, item)}


# "Verify checkbox 2 is checked", "Click button 3": a role word and a number, the position among those.
_ROLE_NUMBER = re.compile(
    rf"\b(?:the\s+)?(?P<role>{ROLE_NOUNS})\s+(?P<num>\d{{1,2}})(?=$|\s|[.,;:!?])", re.IGNORECASE
)


# Role words whose elements demo pages name "<Role> <number>" ("Option 2" in a dropdown, "Tab 3"): a step
# writing that says what the element reads, so it names it; a position there is "the second option".
_NAMED_BY_NUMBER = frozenset(("option", "tab"))


def _placed_reading(sentence: str) -> Built:
    in_item = _item_scoped_reading(sentence)
    if in_item is not None:
        return in_item
    numbered = _ROLE_NUMBER.search(sentence)
    if (
        numbered is not None
        and int(numbered.group("num")) > 0
        and not _ROLE_NUMBER.search(sentence, numbered.end())
    ):
        role = numbered.group("role")
        if role.lower() in _NAMED_BY_NUMBER:  # "Option 2" is what that option says, not where it is
            name = f'the "{role} {numbered.group("num")}" {role.lower()}'
            named_so = parse_plain_text(sentence[: numbered.start()] + name + sentence[numbered.end() :])
            return (named_so.tool, named_so.args) if named_so is not None else None
        nth = ordinal_words(int(numbered.group("num")))
        spelled = (
            f"{sentence[: numbered.start()]}the {nth} {numbered.group('role')}{sentence[numbered.end() :]}"
        )
        return _placed_reading(spelled)
    named = _PLACED_NAME.search(sentence)
    found = named or _PLACED_ROLE.search(sentence)
    position = position_of(found.group("nth")) if found else None
    if found is None or position is None:
        return None
    mark = f'"{_ROLE_MARK}" ' if named is None else ""
    rest = f"{sentence[: found.start()]}the {mark}{sentence[found.end() :]}"
    if named is not None:
        quoted = re.match(QUOTED, sentence[found.end() :])
        wanted = unquote(quoted.group(0)).strip() if quoted else ""
    else:
        wanted = _ROLE_MARK
    action = parse_plain_text(rest)
    target = action.args.get("target") if action is not None else None
    if action is None or not isinstance(target, str) or not wanted:
        return None
    head, within = split_scope(target)
    spelled = role_target(wanted, "").strip()
    if head == wanted:
        head = spelled
    if not head.startswith(spelled):
        return None  # the position would land on another element than the one it was written for
    head = head.removeprefix(spelled).strip() if named is None else head
    if not head:
        return None  # the call kept no role word: "the first link" would be the first anything
    placed = f"{ordinal_words(position)} {head}"
    return action.tool, {**action.args, "target": scoped_target(placed, within) if within else placed}


# 'Log in as "standard_user" with password "secret_sauce"', 'Sign in with username "admin" and password
# {{PASSWORD}}': the login form's user field, its password field, its submit button. The form is the one
# holding a password field; its one text or email field is the user's, its one submit button submits it
# (two of either are ambiguous and fail: a sign-up form's second password, a "Sign in with Google" button).
# A macro of three calls, no claim: a later step says where the login leads.
LOGIN_FORM = "form:has(input[type=password])"
LOGIN_USER = f"css={LOGIN_FORM} input:is([type=text], [type=email], :not([type]))"
LOGIN_PASSWORD = f"css={LOGIN_FORM} input[type=password]"
LOGIN_SUBMIT = f"css={LOGIN_FORM} :is(button:not([type=button]):not([type=reset]), input[type=submit])"
_LOG_IN = r"(?:log\s*in|login|sign\s*in|signin)"
_LOGIN_START = re.compile(rf"\s*(?:\d{{1,3}}[.)]\s*)?{_LOG_IN}\b", re.IGNORECASE)
_USER_WORD = r"(?:the\s+)?(?:username|user\s*name|user|e-?mail(?:\s+address)?|login|account)"
_LOGIN = re.compile(
    rf"^(?:{_LOG_IN}\s+(?:as\s+|with\s+{_USER_WORD}\s+)(?:{_USER_WORD}\s+)?{value_group('user')}"
    rf"(?:\s*,)?\s+(?:and|with)\s+(?:the\s+)?password\s+{value_group('password')}"
    # "Login as student "kenji@uni.example" / "Kanji#88"": the kind of user says nothing the form checks
    rf"|{_LOG_IN}\s+as\s+(?:(?:an?\s+|the\s+)?[a-z]+\s+(?=[\"“']))?{value_group('user2')}\s*/\s*"
    rf"{value_group('password2')})\s*$",
    re.IGNORECASE,
)


# "Log in as standard_user with password secret_sauce", "Log in with tomsmith / SuperSecretPassword!": with
# both given, each one word is the value itself (no description of a user is one word beside a password).
_LOGIN_BARE = re.compile(
    rf"^(?P<verb>{_LOG_IN})\s+(?:as|with)\s+(?:{_USER_WORD}\s+)?(?P<user>{PLACEHOLDER}|[^\s\"“”/,{{]+)"
    rf"(?P<mid>(?:\s*,)?\s+(?:and|with)\s+(?:the\s+)?password\s+|\s*/\s*)(?P<pw>{PLACEHOLDER}|[^\s\"“”{{]+)$",
    re.IGNORECASE,
)


def _quoted_unless_placeholder(value: str) -> str:
    return value if re.fullmatch(PLACEHOLDER, value) else f'"{value}"'


def _login(text: str, optional: bool) -> tuple[PlainAction, ...] | None:
    # Read as written: normalizing drops a last "!" or ".", which may be the password's own (quote it then).
    bare = _LOGIN_BARE.match(" ".join(text.split()))
    text = _normalize(text)
    if bare and not bare.group("pw").endswith((".", "!", "?", ",", ";", ":")):
        user, password = (_quoted_unless_placeholder(bare.group(g)) for g in ("user", "pw"))
        text = f"{bare.group('verb')} as {user}{bare.group('mid')}{password}"
    m = _LOGIN.match(text)
    if m is None:
        return None
    user = unquote(m.group("user") or m.group("user2"))
    password = unquote(m.group("password") or m.group("password2"))
    if not user.strip() or not password:
        return None
    return (
        PlainAction("fill", {"target": LOGIN_USER, "value": user}, optional),
        PlainAction("fill", {"target": LOGIN_PASSWORD, "value": password}, optional),
        PlainAction("click", {"target": LOGIN_SUBMIT}, optional),
    )


# 'Click "Add Element" 3 times', 'Press Tab twice': the same click or key press, that many times in a row
# (each one its own call, so a press that fails fails the step there). Only actions a person repeats so:
# 'Verify "Saved" appears 3 times' is a count, and a fill twice is one fill.
_TIMES = re.compile(
    r"^(?P<rest>.*\S)\s+(?:(?P<n>\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+times|(?P<word>twice|thrice))"
    r"(?:\s+in\s+a\s+row)?\s*\.?$",
    re.IGNORECASE,
)
_COUNT_WORDS = {"two": 2, "twice": 2, "three": 3, "thrice": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                "eight": 8, "nine": 9, "ten": 10}  # fmt: skip
_REPEATABLE = frozenset({"click", "press_key"})
MAX_REPEATS = 20
"""More presses than this in one step is a script, not a step a person writes."""


def _repeated(text: str, optional: bool) -> tuple[PlainAction, ...] | None:
    m = _TIMES.match(_normalize(text))
    if m is None:
        return None
    word = (m.group("n") or m.group("word")).lower()
    times = int(word) if word.isdigit() else _COUNT_WORDS[word]
    action = parse_plain_text(m.group("rest"), optional=optional)
    if action is None or action.tool not in _REPEATABLE or not 1 <= times <= MAX_REPEATS:
        return None
    return (action,) * times


# "| Type 2109 into "Library card number" | Field shows 2109 |", 'Tick "Notify me" | Checkbox is checked': an
# expected result that names its element only by its kind is about the element the step's action just used,
# when that action used one of that kind; never an element found some other way. A word before the kind must
# be a word of that element's name ('Set Pick-up date to … | Date field shows …').
_THAT_ELEMENT = re.compile(
    r"(?:expected(?:\s+result)?\s*:\s*)?(?:verify\s+(?:that\s+)?)?(?:the\s+|this\s+|that\s+|its\s+)?"
    r"(?P<word>(?!(?:is|shows|reads|contains|displays|has|should|now)\b)[\w-]+\s+)?(?P<noun>field|input|box|text\s*box|checkbox|"
    r"check\s*box|toggle|switch|dropdown|drop-down|select|radio(?:\s+button)?)(?:'s)?(?:\s+value)?\s+"
    r"(?P<rest>(?:is|shows|reads|contains|displays|has|should|now)\b.+)",
    re.IGNORECASE,
)
_KIND_OF = {"fill": "field", "set_field": "field", "set_checked": "checkbox", "select_option": "dropdown"}
_KIND_WORDS = {
    "field": ("field", "input", "box", "textbox", "text box"),
    "checkbox": ("checkbox", "check box", "toggle", "switch", "radio", "radio button"),
    "dropdown": ("dropdown", "drop-down", "select"),
}
_NAMED_ROLE = re.compile(r'"(?P<name>[^"]+)"(?:\s+(?P<role>[a-z]+(?:\s+[a-z]+)?))?')


def _about_that_element(part: str, previous: PlainAction, optional: bool) -> PlainAction | None:
    m = _THAT_ELEMENT.fullmatch(_normalize(part))
    kind = _KIND_OF.get(previous.tool)
    target = previous.args.get("target")
    if m is None or kind is None or not isinstance(target, str):
        return None
    noun = " ".join(m.group("noun").lower().split())
    if noun not in _KIND_WORDS[kind]:
        return None
    named = _NAMED_ROLE.fullmatch(target)
    if named is None and ('"' in target or "=" in target or not re.fullmatch(r"[\w'’ .&/-]{1,80}", target)):
        return None  # a scoped, positioned or escape-hatch target is not put back into a sentence
    name = named.group("name") if named else target
    word = (m.group("word") or "").strip().lower()
    if word and word not in re.split(r"[\s/-]+", name.lower()):
        return None  # "Date field" after a fill of "Pick-up date": a word of its name; another word, another
    return parse_plain_text(
        f'Verify the "{name}" {(named and named.group("role")) or kind} {m.group("rest")}', optional=optional
    )


# "Tab to the "Yoga" checkbox and press Space; it has aria-checked true", 'Click the "Open now" filter,
# then aria-checked should be "true"', "Press Enter on it": "it", or an attribute with no element of its own,
# is the element the step's last action used — walking back over keys pressed without one, which go to that
# element (it has the focus). Never across steps, and never a scoped, positioned or escape-hatch target.
_ITS_ATTRIBUTE = re.compile(
    # an attribute only markup has, or any with "its": "the title is …" after a click is the page's title
    rf"(?:then\s+|and\s+|now\s+)*(?:its\s+(?P<a>{ATTRIBUTE_WORD})|(?:the\s+)?(?P<a2>aria-[a-z]+|tabindex|autocomplete))\s*"
    r"(?:(?:should\s+(?:now\s+)?be|"
    r"(?:is\s+)?(?:now\s+)?(?:becomes|changes\s+to|turns|switches\s+to|is\s+set\s+to|goes\s+to)|is(?:\s+now)?|=|:)\s*)"
    r"(?P<v>\"[^\"]*\"|'[^']*'|“[^”]*”|[\w.#/-]+)",
    re.IGNORECASE,
)
_IT_CLAIM = re.compile(
    r"(?:then\s+|and\s+|now\s+)*(?:(?:verify|check|confirm|ensure)\s+(?:that\s+)?)?it(?:\s+now)?\s+"
    r"(?P<rest>(?:is|has|gets|should|becomes|must)\b.+)",
    re.IGNORECASE,
)
_TO_BE = re.compile(r"^(?:should\s+(?:now\s+)?be|becomes|must\s+be)\s+", re.IGNORECASE)
_ON_IT = re.compile(r"(?<=\s)(?:it)(?=\s*$|\s+(?:again|twice|once)\b)", re.IGNORECASE)


def _last_element(actions: list[PlainAction | None]) -> str | None:
    """The element the last action used, as a step names it ('"Filters"', '"Yoga" checkbox'), or None."""
    for action in reversed(actions):
        if action is None:
            return None
        target = action.args.get("target")
        if action.tool == "press_key" and target is None:
            continue  # a key pressed on whatever has the focus: the element before it
        if not isinstance(target, str) or action.tool in ("navigate", "history"):
            return None
        named = _NAMED_ROLE.fullmatch(target)
        if named is not None:
            return target
        if '"' in target or "=" in target or not re.fullmatch(r"[\w'’ .&/…-]{1,80}", target):
            return None  # a scoped, positioned or escape-hatch target is not put back into a sentence
        return f'"{target}"'
    return None


def _about_it(part: str, actions: list[PlainAction | None], optional: bool) -> PlainAction | None:
    sentence = _normalize(part)
    its = _ITS_ATTRIBUTE.fullmatch(sentence)
    it = _IT_CLAIM.fullmatch(sentence)
    on_it = _ON_IT.search(sentence) if its is None and it is None else None
    if its is None and it is None and on_it is None:
        return None
    element = _last_element(actions)
    if element is None:
        return None
    if its is not None:
        return parse_plain_text(
            f"Verify {element} has {its.group('a') or its.group('a2')}={_quoted(its.group('v'))}",
            optional=optional,
        )
    if it is not None:
        rest = re.sub(
            r"^(?:should\s+(?:now\s+)?be|becomes|must\s+be)\s+", "is ", it.group("rest"), flags=re.IGNORECASE
        )
        return parse_plain_text(f"Verify {element} {rest}", optional=optional)
    assert on_it is not None
    return parse_plain_text(sentence[: on_it.start()] + element + sentence[on_it.end() :], optional=optional)


def _quoted(value: str) -> str:
    return value if value[:1] in "\"'“" else f'"{value}"'


def _part_actions(part: str, optional: bool) -> list[PlainAction | None]:
    """A part of a step that chains several: one action, or the claims or fills it chains itself ('… and
    verify "x" is shown and "y" is visible', 'Fill A "a", B "b" and press Save'); [None] if not plain."""
    single = parse_plain_text(part, optional=optional)
    if single is not None:
        return [single]
    many = parse_plain_actions(part, optional=optional, nested=True)
    return list(many) if many else [None]


def parse_plain_actions(
    text: str, *, optional: bool = False, nested: bool = False
) -> tuple[PlainAction, ...] | None:
    """The tool calls of one step's sentence: one, or one per part of a step that chains several
    ('Type "Hi" in the message box and press Enter'); None unless every part is plain."""
    read = _read_actions(text, optional, nested)
    # each caller gets arguments of its own: a reading is shared by every step of the same text
    return None if read is None else tuple(replace(a, args=copy.deepcopy(a.args)) for a in read)


# A step is read by the loader, the planner, the executor, the recorder and the drift check, and a suite
# repeats its steps (a login in every spec): one reading per distinct sentence per process.
@functools.lru_cache(maxsize=4096)
def _read_actions(text: str, optional: bool, nested: bool) -> tuple[PlainAction, ...] | None:
    cells = None if nested else step_columns(text)
    if cells is not None:
        read = _columns_reading(cells, optional)
        if read is not None or cells.strong or _data_shaped(cells.data):
            return read
    single = parse_plain_text(text, optional=optional)
    if single is not None:
        return (single,)
    # (not normalized first: a last "!" may be the password's own, and _login decides that)
    login = _login(text, optional) or (
        _login(canonical(" ".join(text.split())), optional) if _LOGIN_START.match(text) else None
    )
    if login is not None:
        return login
    repeated = _repeated(text, optional)
    if repeated is not None:
        return repeated
    actions: list[PlainAction | None] = []
    # As written first; then in canonical wording ("On the Alerts page, click "x" and accept the alert": the
    # place before the first action is dropped before the parts are read).
    for parts in (split_actions(_normalize(text)), split_actions(_normalize(canonical(_normalize(text))))):
        if len(parts) < 2:
            continue
        # a part may chain claims or fills itself; a part of a part is read as one action only
        actions = []
        merged = _object_then_verb(parts)
        if len(merged) == 1:  # "Login btn -> click": one step after all
            actions = [parse_plain_text(merged[0], optional=optional)]
            if actions[0] is not None:
                return (actions[0],)
            continue
        for part in merged:
            that = _about_that_element(part, actions[-1], optional) if actions and actions[-1] else None
            if that is None and actions:
                that = _about_it(part, actions, optional)
            if that is not None:
                actions.append(that)
                continue
            actions.extend(
                [parse_plain_text(part, optional=optional)] if nested else _part_actions(part, optional)
            )
        if all(actions):
            break
    if len(actions) < 2 or not all(actions):
        return (
            _two_claims(text, optional)
            or _each_value(text, optional)
            or _columns(text, optional)
            or _conditioned(text, optional)
            or _while_holding(text, optional)
            or _in_empty_field(text, optional)
            or _only_listed(text, optional)
            or _counted_list(text, optional)
        )
    ordered = [a for a in actions if a is not None]
    for i in range(1, len(ordered)):
        # 'Click "Delete" and accept the confirm': the answer is for the dialog that click opens, and a
        # native dialog is answered the moment it opens, so the answer is set up before the click.
        if ordered[i].tool == "dialogs" and ordered[i - 1].tool in _OPENS_DIALOGS:
            ordered[i - 1], ordered[i] = ordered[i], ordered[i - 1]
    return tuple(ordered)


# "Login btn -> click", 'Comment box -> type "LGTM"': a tester's shorthand names the element, then what to do
# with it. A verb alone (or typing alone) after a part that is no step of its own acts on that part.
_VERB_ALONE = re.compile(
    r"^(?P<verb>click|tap|double-click|hover(?:\s+over)?|check|uncheck|tick|untick|clear)(?:\s+(?:it|on\s+it))?$",
    re.IGNORECASE,
)
_TYPE_ALONE = re.compile(rf"^(?P<verb>type|enter|fill\s+in|write)\s+(?P<value>{QUOTED})$", re.IGNORECASE)


# "footer -> "4 items left"": a checklist names a part of the page, then the text it shows.
_SHOWN_ALONE = re.compile(rf"^(?P<text>{QUOTED})$")
_PLACE_ALONE = re.compile(r"^(?:the\s+)?(?P<place>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)$", re.IGNORECASE)


def _object_then_verb(parts: list[str]) -> list[str]:
    out: list[str] = []
    for part in parts:
        shown, place = _SHOWN_ALONE.match(part), _PLACE_ALONE.match(out[-1]) if out else None
        if shown and place and parse_plain_text(out[-1]) is None:
            out[-1] = f"Verify the {place.group('place')} shows {shown.group('text')}"
            continue
        verb, typed = _VERB_ALONE.match(part), _TYPE_ALONE.match(part)
        if out and (verb or typed) and parse_plain_text(out[-1]) is None:
            thing = out.pop()
            if verb:
                out.append(f"{verb.group('verb')} {thing}")
            else:
                assert typed is not None
                article = "" if re.match(r"(?:the|a|an)\s", thing, re.IGNORECASE) else "the "
                out.append(f"{typed.group('verb')} {typed.group('value')} into {article}{thing}")
            continue
        out.append(part)
    return out


# A test-management export's row on one line (autoqa.spec.step_columns): "Type in the Search field || Dune ||
# "Dune Messiah" is listed". The action cell is read as a step; the data cell only as what that action
# enters ("Username: anna / Password: x" into those fields, one value into the field or list the action
# names) or where it goes (a URL for "Navigate to the login page"), never as a claim; the expected cell only
# as claims. Data the action does not use leaves the row to the model: a row is read whole or not at all.
_NAV_VERB = re.compile(r"^(?:navigate|go|open|visit|browse|load|launch|access)\b", re.IGNORECASE)
_ENTER_VERB = re.compile(
    r"^(?P<verb>enter|fill(?:\s+(?:in|out))?|type|input|provide|put|insert|write|set|change|update)\b"
    r"(?:\s+(?:in|into|on|to)\b)?(?P<object>.*)$",
    re.IGNORECASE,
)
_LOG_IN_ROW = re.compile(r"^(?:log\s*in|login|sign\s*in|signin)\b", re.IGNORECASE)
_PASSWORD_KEY = re.compile(r"^(?:password|pwd|pass|passwd|pw)$", re.IGNORECASE)
_CHOOSE_VERB = re.compile(r"^(?:select|choose|pick)\b(?:\s+(?:in|from|on)\b)?(?P<object>.*)$", re.IGNORECASE)
_OBJECT_NAME = re.compile(
    r"^(?:the\s+|a\s+|an\s+)?(?:(?:valid|invalid|wrong|incorrect|correct|new|existing|some|your|their)\s+)?"
    r"(?P<name>[^\W\d_][\w'’ -]{0,40}?)"
    r"(?:\s+(?:field|box|input|text\s*box|textarea|dropdown|drop-down|select|list|combo(?:\s*box)?))?$",
    re.IGNORECASE,
)


def _as_literal(value: str) -> str | None:
    """``value`` in the quotes the grammar reads, or None when it holds both kinds."""
    if '"' not in value:
        return f'"{value}"'
    return f"'{value}'" if "'" not in value else None


def _data_shaped(data: str) -> bool:
    return bool(data) and (data_url(data) is not None or data_pairs(data) is not None)


def _with_data(action: str, data: str, optional: bool) -> list[PlainAction] | None:
    parts = split_actions(_normalize(action))
    if not parts:
        return None
    first, rest = parts[0], parts[1:]
    url = data_url(data)
    if parse_plain_text(first) is not None and not (url is not None and _NAV_VERB.match(first)):
        return None  # the action says all it does: the data cell would be left unread
    pairs = data_pairs(data)
    done: list[PlainAction] = []
    if url is not None and _NAV_VERB.match(first):  # "Go to My orders | /account/orders": the data says where
        built = parse_plain_text(f"Navigate to {url}", optional=optional)
        done = [built] if built is not None and built.tool == "navigate" else []
    elif (
        pairs is not None
        and len(pairs) == 2
        and _LOG_IN_ROW.match(first)
        and _PASSWORD_KEY.match(pairs[1][0])
    ):
        # "Log in || Username: anna / Password: x": the login form's macro, submit included
        (_, user), (_, password) = pairs
        login = _login(f"Log in as {_as_literal(user)} with password {_as_literal(password)}", optional)
        if login is None:
            return None
        done = list(login)
    elif pairs is not None and _ENTER_VERB.match(first):
        for label, value in pairs:
            literal, name = _as_literal(value), _as_literal(label)
            built = (
                parse_plain_text(f"Fill {name} with {literal}", optional=optional)
                if literal and name
                else None
            )
            if built is None or built.tool != "fill" or built.args.get("value") != value:
                return None
            done.append(built)
    else:
        value, literal = data_value(data), _as_literal(data_value(data))
        verb = _ENTER_VERB.match(first) or _CHOOSE_VERB.match(first)
        named = _OBJECT_NAME.match(verb.group("object").strip()) if verb is not None else None
        if verb is None or literal is None or named is None:
            return None
        entering = verb.re is _ENTER_VERB
        name = _as_literal(named.group("name").strip())
        sentence = f"Fill {name} with {literal}" if entering else f"Select {literal} from {name}"
        built = parse_plain_text(sentence, optional=optional) if name else None
        if built is None or value not in (built.args.get("value"), built.args.get("option")):
            return None
        done = [built]
    if not done:
        return None
    for part in rest:
        more = parse_plain_actions(part, optional=optional, nested=True)
        if more is None:
            return None
        done.extend(more)
    return done


_CLAIM_JOIN = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+", re.IGNORECASE)


def _expected_cell(expected: str, last: PlainAction | None, optional: bool) -> list[PlainAction] | None:
    whole = _about_that_element(expected, last, optional) if last else None
    whole = whole or parse_expected_clause(expected, optional=optional)
    if whole is not None:
        return [whole]
    quoted = [(m.start(), m.end()) for m in re.finditer(QUOTED, expected)]
    parts, start = [], 0
    for m in _CLAIM_JOIN.finditer(expected):
        if not any(a <= m.start() < b for a, b in quoted):
            parts.append(expected[start : m.start()])
            start = m.end()
    parts.append(expected[start:])
    if len(parts) < 2:
        return None
    checks = []
    head = ""
    for part in (p.strip() for p in parts):
        if head and re.fullmatch(QUOTED, part):  # 'Results list contains "Dune" and "Dune Messiah"'
            part = f"{head} {part}"
        said = re.match(rf"^(?P<head>.*\S)\s+{QUOTED}$", part)
        head = said.group("head") if said else ""
        check = (_about_that_element(part, last, optional) if last else None) or parse_expected_clause(
            part, optional=optional
        )
        if check is None:
            return None
        checks.append(check)
    return checks


def _columns_reading(cells: StepColumns, optional: bool) -> tuple[PlainAction, ...] | None:
    if not cells.action:
        actions: list[PlainAction] | None = []
    elif cells.data:
        actions = _with_data(cells.action, cells.data, optional)
    else:
        plain = parse_plain_actions(cells.action, optional=optional, nested=True)
        actions = list(plain) if plain is not None else None
    if actions is None:
        return None
    checks = (
        _expected_cell(cells.expected, actions[-1] if actions else None, optional) if cells.expected else []
    )
    if checks is None or not (actions or checks):
        return None
    return (*actions, *checks)


# 'The URL hash is #/completed and "Buy milk" is not visible', 'Verify the list shows "a" and no longer shows
# "b"': two claims joined by "and", the second with its own subject or with the first one's. Both must read
# as checks; an action, or a second half that is no claim ("and looks tidy"), leaves the step the model's.
_CLAIM_VERB = re.compile(r"\s(?:shows|contains|lists|reads|says|displays|is|are|has|should)\s", re.IGNORECASE)
_ELIDED = re.compile(
    r"(?:no\s+longer|does\s+not|doesn't|still|also|now)?\s*(?:shows?|contains?|lists?|reads?|says?|displays?|is|are|"
    r"has|should)\b",
    re.IGNORECASE,
)


_SHARED_PREDICATE = re.compile(
    rf"{QUOTED}(?:\s+(?:[a-z]+\s+)?(?:buttons|links|fields|checkboxes|tabs|items|options|messages|texts|words))?\s+"
    r"(?:are|were|should|must|both|all|remain|stay|become)\b",
    re.IGNORECASE,
)


_BARE_SUBJECT = re.compile(
    rf"(?:{VERIFY}\s+)?(?:the\s+)?{QUOTED}(?:\s+(?!(?:is|are|was|were|has|have|had|shows?|reads?|says?|contains?|"
    r"displays?|lists?|appears?|should|must|can|will|does|do|did|not|no|now|still)\b)[a-z]+){0,2}",
    re.IGNORECASE,
)
"""A first half with no predicate of its own ('Verify "Save"'): it borrows the second half's."""


def _two_claims(text: str, optional: bool) -> tuple[PlainAction, ...] | None:
    """Also an action, then a claim after a comma: "Navigate back using the browser Back button, URL should be
    #/active again" (the claim must read as a check)."""
    quoted = [(m.start(), m.end()) for m in re.finditer(QUOTED, text)]
    for m in re.finditer(r"\s*,\s*(?:and\s+)?|\s+and\s+", text):
        if any(a <= m.start() < b for a, b in quoted):
            continue
        first, second = text[: m.start()].strip(), text[m.end() :].strip()
        if _SHARED_PREDICATE.match(second) or _BARE_SUBJECT.fullmatch(first):
            # 'Verify "Save" and "Cancel" are not shown', 'Verify "Save" and the "Cancel" button are hidden':
            # the predicate is both subjects' (one per text: _each_value), never "Save" shown and the rest not
            continue
        if _ELIDED.match(second):
            verbs = [v for v in _CLAIM_VERB.finditer(first) if not any(a <= v.start() < b for a, b in quoted)]
            if not verbs:
                continue
            subject = first[: verbs[-1].start()].strip()
            second = f"{subject} {second}"
        claims = [parse_plain_text(part, optional=optional) for part in (first, second)]
        comma = "," in m.group(0)
        if all(c is not None for c in claims) and all(
            c is not None and (c.tool.startswith("assert_") or (comma and i == 0))
            for i, c in enumerate(claims)
        ):
            return tuple(c for c in claims if c is not None)
    return None


# One claim of several quoted texts: 'Verify the cart lists "Backpack" and "Bike Light"', 'Verify "Authors"
# and "Books" are shown in the "Library" section', 'the row contains "Lena", "Fischer" and "QA"': each text,
# as the same claim of one would read, and every one must hold. Only texts a claim reads one of (never an
# order, a count, or a pick: "either "a" or "b"").
_VALUES = rf"(?P<values>{QUOTED}(?:\s*,\s*{QUOTED})*\s*,?\s+and\s+{QUOTED})"
_VALUES_AFTER = re.compile(
    rf"(?P<head>.+?\b(?:lists|list|contains|contain|shows|show|includes|include|displays|display|has|have))\s+"
    rf"(?:both\s+)?{_VALUES}(?P<tail>(?:\s+[^\"“”]*)?)",
    re.IGNORECASE,
)
_VALUES_FIRST = re.compile(
    rf"(?P<head>(?:(?:verify|check|confirm|ensure|assert)\s+(?:that\s+)?)?(?:both\s+)?){_VALUES}\s+"
    r"(?:are\s+both|both\s+are|are|should\s+(?:both\s+)?be)\s+(?P<tail>.+)",
    re.IGNORECASE,
)


_NOT_EACH = re.compile(r"\b(?:order|ordered|sorted|either|respectively|only)\b", re.IGNORECASE)
"""Words that make several texts one claim about all of them (an order, a pick), never one per text."""


def _each_value(text: str, optional: bool) -> tuple[PlainAction, ...] | None:
    sentence = _normalize(text)
    after, first = _VALUES_AFTER.fullmatch(sentence), _VALUES_FIRST.fullmatch(sentence)
    match = after or first
    if match is None or _NOT_EACH.search(sentence):
        return None
    values = re.findall(QUOTED, match.group("values"))
    if after is not None:
        parts = [f"{match.group('head')} {value}{match.group('tail') or ''}" for value in values]
    else:
        parts = [f"{match.group('head')}{value} is {match.group('tail')}" for value in values]
    claims = [parse_plain_text(part, optional=optional) for part in parts]
    if not all(c is not None and c.tool.startswith("assert_") for c in claims):
        return None
    return tuple(c for c in claims if c is not None)


# "Verify the tickets table has the columns ID, Subject and Status", "the table columns are Date, Amount",
# "Verify the table has a "Subject" column": each column named has its header on the page (a column header,
# which is how a person reads a column); names quoted or not, split at commas and a last "and". "The column
# headers are A, B" says there are no others: the page's column headers are counted too. The order is not
# claimed unless said, and then it is read inside the table ("in that order").
_COLUMN_NAMES = r"(?P<names>[^,.;:]+?(?:\s*,\s*[^,.;:]+?)*)"
_COLUMNS = re.compile(
    rf"(?:{VERIFY}\s+)?(?:the\s+)?(?:(?:(?:[\w-]+\s+){{0,2}}?(?:table|grid)\s+"
    r"(?:(?:has|have|shows?|contains?|includes?|should\s+(?:have|show))\s+(?:the\s+)?(?:following\s+)?columns?"
    r"|columns?\s+(?:are|should\s+be)|column\s+head(?:er|ing)s\s+(?:are|should\s+be)))"
    r"|(?:table\s+)?column\s+head(?:er|ing)s\s+(?:are|should\s+be|read))"
    rf":?\s+{_COLUMN_NAMES}(?P<order>,?\s+in\s+(?:that|this)\s+order)?",
    re.IGNORECASE,
)
_ONE_COLUMN = re.compile(
    rf"(?:{VERIFY}\s+)?(?:the\s+)?(?:[\w-]+\s+){{0,2}}?(?:table|grid)\s+(?:has|shows|contains|includes|"
    rf"should\s+(?:have|show))\s+(?:a|an|the)\s+(?P<names>{QUOTED})\s+column",
    re.IGNORECASE,
)
_COLUMN_SPLIT = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+", re.IGNORECASE)


# "And the column headers are …", "Then the Send button is disabled when …": a Gherkin keyword before a
# sentence read whole (the chained readings above meet it after canonical wording has dropped it).
_GHERKIN_WORD = re.compile(r"^(?:and|then|but|also)\s+", re.IGNORECASE)


def _columns(text: str, optional: bool) -> tuple[PlainAction, ...] | None:
    sentence = _GHERKIN_WORD.sub("", _normalize(text))
    match = _COLUMNS.fullmatch(sentence) or _ONE_COLUMN.fullmatch(sentence)
    if match is None:
        return None
    names = [unquote(n.strip()) for n in _COLUMN_SPLIT.split(match.group("names")) if n.strip()]
    # a name is a header's few words, never a sentence of its own ("Date, then click Save")
    if not names or any(len(n.split()) > 4 or not n.strip() or '"' in n for n in names):
        return None
    claims = [
        parse_plain_text(f'Verify the "{n}" column header is visible', optional=optional) for n in names
    ]
    if not all(c is not None and c.tool == "assert_element_visible" for c in claims):
        return None
    read = [c for c in claims if c is not None]
    if re.search(r"\b(?:are|be|read)\s*:?\s*$", sentence[: match.start("names")], re.IGNORECASE):
        # "the column headers are A, B": those and no others (a column more fails the step)
        read.append(
            PlainAction("assert_count", {"target": "role=columnheader", "count": len(names)}, optional)
        )
    if match.groupdict().get("order"):
        if len(names) < 2:
            return None
        read.append(PlainAction("assert_order", {"texts": names, "target": "role=table"}, optional))
    return tuple(read)


# "The Send button is disabled when the message box is empty", "the "Next" button stays disabled until "Date
# of birth" is filled in": a control's state under a condition the step says holds now. Both are checked,
# the condition first (a field that is not empty makes the step fail, never pass on the button alone); a
# condition no plain check reads ("while the form has errors", "until the review is done") is the agent's.
_CONDITIONED = re.compile(
    r"(?P<claim>.+?\b(?:is|are|stays?|remains?|should\s+(?:be|stay|remain)|must\s+be)\s+(?:still\s+)?"
    r"(?:disabled|enabled|greyed\s+out|inactive|active))\s+(?P<how>when|while|if|until|as\s+long\s+as)\s+"
    r"(?P<cond>.+)",
    re.IGNORECASE,
)
_FILLED = re.compile(
    r"\s+(?:is|are|has\s+been)\s+(?:filled(?:\s+in|\s+out)?|entered|given|provided)$", re.IGNORECASE
)
_TICKED = re.compile(r"\s+(?:is|are|has\s+been)\s+(?:checked|ticked|selected)$", re.IGNORECASE)


def _conditioned(text: str, optional: bool) -> tuple[PlainAction, ...] | None:
    match = _CONDITIONED.fullmatch(_GHERKIN_WORD.sub("", _normalize(text)))
    if match is None:
        return None
    claim = re.sub(
        r"\b(?:stays?|remains?|should\s+(?:be|stay|remain)|must\s+be)\s+(?:still\s+)?",
        "is ",
        match.group("claim"),
        flags=re.IGNORECASE,
    )
    cond = match.group("cond")
    if match.group("how").lower() == "until":  # "until X is filled in": X is not, now
        if _FILLED.search(cond):
            cond = _FILLED.sub(" is empty", cond)
        elif _TICKED.search(cond):
            cond = _TICKED.sub(" is not checked", cond)
        else:
            return None
    claim = re.sub(rf"^{VERIFY}\s+", "", claim, flags=re.IGNORECASE)
    state = parse_plain_text(f"Verify {claim}", optional=optional)
    holds = parse_plain_text(f"Verify {cond}", optional=optional)
    if state is None or state.tool != "assert_enabled" or holds is None:
        return None
    if holds.tool == "assert_value" and holds.args.get("expected") == "":
        return (holds, state)
    if holds.tool == "assert_checked" or (holds.tool == "assert_enabled" and holds.args.get("target")):
        return (holds, state)
    return None


# "Press Escape while the "Help" dialog is open", "Press Enter while the "Search" field is focused": an action
# under a state the step says holds; the state is checked first (never assumed), then the action runs.
_WHILE = re.compile(r"(?P<act>.+?)\s+while\s+(?P<cond>.+?\s+(?:is|are)\s+(?:still\s+)?\S+)", re.IGNORECASE)


def _while_holding(text: str, optional: bool) -> tuple[PlainAction, ...] | None:
    match = _WHILE.fullmatch(_GHERKIN_WORD.sub("", _normalize(text)))
    if match is None:
        return None
    act = parse_plain_text(match.group("act"), optional=optional)
    holds = parse_plain_text(f"Verify {match.group('cond')}", optional=optional)
    if act is None or act.tool.startswith("assert_") or holds is None or not holds.tool.startswith("assert_"):
        return None
    return (holds, act)


# "Press Enter in the empty new todo input", 'Type "x" in the empty "Notes" field': "empty" says the field is
# empty now, so that is checked first (a field still holding the last item's text fails the step), then the
# action on the field named without the word.
_IN_EMPTY = re.compile(r"(?P<act>.+?\s(?:in|into|inside)\s+the\s+)empty\s+(?P<field>\S.*)", re.IGNORECASE)


def _in_empty_field(text: str, optional: bool) -> tuple[PlainAction, ...] | None:
    match = _IN_EMPTY.fullmatch(_GHERKIN_WORD.sub("", _normalize(text)))
    if match is None:
        return None
    act = parse_plain_text(match.group("act") + match.group("field"), optional=optional)
    empty = parse_plain_text(f"Verify the {match.group('field')} is empty", optional=optional)
    if act is None or act.tool not in ("press_key", "fill") or empty is None or empty.tool != "assert_value":
        return None
    if empty.args.get("target") != act.args.get("target"):
        return None  # the check must be on the very field the action uses
    return (empty, act)


# 'Verify only "Book dentist" is listed', 'The list shows only "a" and "b"', '"x" is the only item': the main
# list's items are those and no others: each text in the list, and the list's item count.
_ONLY_TEXTS = rf"{QUOTED}(?:\s*,\s*(?:and\s+)?{QUOTED}|\s+and\s+{QUOTED})*"
_ONLY = re.compile(
    rf"(?:{VERIFY}\s+)?(?:"
    rf"only\s+(?P<texts>{_ONLY_TEXTS})\s+(?:is|are)\s+(?:still\s+|now\s+)?(?:listed|left(?:\s+in\s+the\s+list)?|"
    r"(?:shown|displayed|visible)\s+in\s+the\s+list|in\s+the\s+list)"
    rf"|the\s+(?:(?P<noun>[a-z][a-z-]+)\s+)?list\s+(?:now\s+|still\s+)?(?:shows|contains|lists|has)\s+"
    rf"(?:only\s+(?P<texts_after>{_ONLY_TEXTS})|(?P<texts_first>{_ONLY_TEXTS})\s+only)"
    rf"|(?P<one>{QUOTED})\s+is\s+(?:now\s+|still\s+)?the\s+only\s+(?:item|entry|todo|task|result)"
    r"(?:\s+(?:in\s+the\s+list|listed|left|shown))?"
    r")",
    re.IGNORECASE,
)


def _only_listed(text: str, optional: bool) -> tuple[PlainAction, ...] | None:
    match = _ONLY.fullmatch(_GHERKIN_WORD.sub("", _normalize(text)).rstrip("."))
    if match is None:
        return None
    groups = ("one", "texts", "texts_after", "texts_first")
    written = next((match.group(g) for g in groups if match.group(g)), "")
    texts = [unquote(t) for t in re.findall(QUOTED, written)]
    if not texts or any(not t.strip() for t in texts) or len(set(texts)) != len(texts):
        return None
    noun = match.group("noun")
    listed = [
        PlainAction("assert_text_in", {"target": list_target(noun=noun), "text": t}, optional) for t in texts
    ]
    count = PlainAction("assert_count", {"target": items_target(noun=noun), "count": len(texts)}, optional)
    return (*listed, count)


# 'The cart should list 2 items: "Backpack" and "Bike Light"', 'Verify the list has 2 items: "a" and "b"': the
# count as the grammar reads "the cart has 2 items", then each text where it reads "the cart shows "x"". The
# texts must be as many as the count says, each written once (else the step contradicts itself).
_COUNTED_LIST = re.compile(
    rf"(?:{VERIFY}\s+)?(?P<subject>(?:the|your)\s+[^\W\d_][\w'’ -]{{0,40}}?)\s+(?:(?:should|must)\s+)?"
    r"(?:has|have|lists?|shows?|contains?|displays?)\s+(?P<count>\d{1,3})\s+(?P<noun>[^\W\d_][\w-]*)\s*:\s*"
    rf"(?P<texts>{_ONLY_TEXTS})",
    re.IGNORECASE,
)


def _counted_list(text: str, optional: bool) -> tuple[PlainAction, ...] | None:
    match = _COUNTED_LIST.fullmatch(_GHERKIN_WORD.sub("", _normalize(text)).rstrip("."))
    if match is None:
        return None
    texts = [unquote(t) for t in re.findall(QUOTED, match.group("texts"))]
    if len(texts) != int(match.group("count")) or len(set(texts)) != len(texts) or not all(texts):
        return None
    subject = match.group("subject")
    claim = f"Verify {subject} has {match.group('count')} {match.group('noun')}"
    counted = parse_plain_text(claim, optional=optional)
    if counted is None or counted.tool != "assert_count":
        return None
    shown = [parse_plain_text(f'Verify {subject} shows "{t}"', optional=optional) for t in texts]
    if not all(a is not None and a.tool == "assert_text_in" for a in shown):
        return None
    return (counted, *(a for a in shown if a is not None))


_OPENS_DIALOGS = frozenset({"click", "press_key", "fill", "navigate", "select_option", "set_checked"})


def parse_expected_clause(text: str, *, optional: bool = False) -> PlainAction | None:
    """An Expected clause as an assertion: ``"Saved" is visible`` reads as ``Verify "Saved" is visible``."""
    for candidate in (text, f"Verify {text}", f"验证{text}"):
        if not claims(candidate):
            continue  # an action ("Click …") is never an Expected clause
        action = parse_plain_text(candidate, optional=optional)
        if action is not None:
            return action
    return None


def parse_plain_step(step: Step) -> PlainStep | None:
    """All tool calls of ``step`` when it is entirely plain, else None (the agent runs the spec)."""
    if step.notes:
        return None
    main = parse_plain_actions(step.text, optional=step.optional)
    if main is None:
        return None
    actions = list(main)
    for clause in step.expected:
        check = parse_expected_clause(clause, optional=step.optional)
        if check is None:
            return None
        actions.append(check)
    return PlainStep(step.index, tuple(actions))
