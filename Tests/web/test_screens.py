"""The playground draws app screens: a navigation bar with the title and a back button named after the screen
below, a list, a tab bar on tab stacks with the selected tab marked, and presented screens as sheets."""

from __future__ import annotations

from conftest import wait_for

BARS = """const card = document.querySelector(`#pg-stage .card[data-screen="${arguments[0]}"]`);
    if (!card || card.hidden) return null;
    const text = (selector) => card.querySelector(selector)?.textContent ?? null;
    return {back: text('.navbar .back'), title: text('.navbar .title'), done: text('.navbar .done'),
            rows: card.querySelectorAll('.rows li').length, sheet: card.classList.contains('sheet'),
            tabs: [...card.querySelectorAll('.tabbar .tab-item')].map((tab) => tab.textContent),
            selected: card.querySelector('.tabbar .selected')?.textContent ?? null}"""


def test_a_page_has_a_back_button_named_after_the_screen_below_and_a_sheet_has_done(page):
    detail = wait_for(page, f"const bars = (() => {{ {BARS} }})(); return bars", "Detail")
    assert detail == {"back": "‹ Home", "title": "Detail", "done": "", "rows": 14, "sheet": False, "tabs": [],
                      "selected": None}, detail
    page.find_element("css selector", '[data-command="push"]').click()
    pushed = wait_for(page, """const f = window.segue.playground.stage.drawn?.frame;
        return f && f.phase === 'DONE' && f.to.screen""")
    bars = wait_for(page, f"const bars = (() => {{ {BARS} }})(); return bars", pushed)
    assert bars["back"] == "‹ Detail" and bars["title"] == pushed, bars
    page.find_element("css selector", '[data-command="present"]').click()
    sheet = wait_for(page, """const f = window.segue.playground.stage.drawn?.frame;
        return f && f.phase === 'DONE' && f.to.screen !== arguments[0] && f.to.screen""", pushed)
    bars = wait_for(page, f"const bars = (() => {{ {BARS} }})(); return bars", sheet)
    assert bars["sheet"] and bars["done"] == "Done" and bars["back"] == "", bars


def test_a_tab_stack_shows_its_tab_bar_with_the_selected_tab_marked(page):
    page.execute_script("""const kind = document.getElementById('pg-kind');
        kind.value = 'tabs'; kind.dispatchEvent(new Event('change'));""")
    wait_for(page, "return window.segue.playground.state?.tabs?.length === 3")
    bars = wait_for(page, f"const bars = (() => {{ {BARS} }})(); return bars", "Tab 1")
    assert bars["tabs"] == ["Tab 1", "Tab 2", "Tab 3"] and bars["selected"] == "Tab 1" and bars["back"] == "", bars
    page.find_element("css selector", '[data-command="selectTab"][data-tab="1"]').click()
    bars = wait_for(page, f"""const f = window.segue.playground.stage.drawn?.frame;
        if (!f || f.phase !== 'DONE') return null;
        const bars = (() => {{ {BARS} }})(); return bars""", "Tab 2")
    assert bars["selected"] == "Tab 2", bars
