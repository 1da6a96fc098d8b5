"""A page whose widgets did not draw is never left blank and silent (issue 38 item 2), in a
real browser against a real Voila.

Voila shows the page's widget only once its model came from the kernel; when the model is
not there it writes "Error displaying widget: model not found" in place of the page and
logs "widget model not found". This was seen rarely on a loaded machine (a link's page
stayed blank; tests/browser/test_page_a11y.py in a busy run). Here the failure is made on
purpose: before Voila's script reads the document's cell output, a script of the test
renames the output's widget to a model the kernel does not have. The page's script
(resume.js, part 5) reloads a page that drew nothing once by itself; the second failure
gets the banner in the page's language with Reload, and the page takes no input. The
known failure is a console warning with its details, not an error. Every wait follows
progress.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import ConsoleMessage, Frame, Page
from progress import follow, has, navigate, wait_page

from verlies import i18n

#: Runs before the page's scripts at each load: once the document is parsed up to Voila's
#: script, the cell outputs' widget is renamed to a model nobody has, or (``silent``) its
#: widget view is taken out of the output (the first ``times`` loads of this tab; -1:
#: every load). The page's own scripts are untouched.
_BREAK_JS = """
(times, silent) => {
  const KEY = 'verlies.test.broken';
  const n = Number(sessionStorage.getItem(KEY) || 0);
  sessionStorage.setItem(KEY, String(n + 1));
  if (times >= 0 && n >= times) return;
  new MutationObserver((records, observer) => {
    for (const r of records) for (const node of r.addedNodes) {
      if (node.nodeType !== 1 || node.tagName !== 'SCRIPT' || !/voila\\.js/.test(node.src || ''))
        continue;
      const outputs = 'script[type="application/vnd.voila.cell-output+json"]';
      document.querySelectorAll(outputs).forEach((s) => {
        const nobody = '$1' + '0'.repeat(32);
        s.textContent = silent
          ? s.textContent.replace('application/vnd.jupyter.widget-view+json', 'text/x-none')
          : s.textContent.replace(/("model_id": ")[0-9a-f]{32}/g, nobody);
      });
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}
"""


def _break_documents(page: Page, times: int, *, silent: bool = False) -> list[str]:
    """Break the page's widget on the first ``times`` loads of this tab (-1: every load):
    named as a model nobody has (Voila says "model not found"), or ``silent``: not shown
    as a widget at all (the output's plain text instead; nothing is said). Returns the
    documents loaded, in order (each load's address)."""
    loads: list[str] = []
    page.add_init_script(script=f"({_BREAK_JS})({times}, {str(silent).lower()})")

    def loaded(frame: Frame) -> None:
        if frame == page.main_frame:
            loads.append(frame.url)

    page.on("framenavigated", loaded)
    return loads


def _warnings(page: Page) -> list[str]:
    said: list[str] = []

    def on_console(msg: ConsoleMessage) -> None:
        if msg.type == "warning" and "did not finish drawing" in msg.text:
            said.append(msg.text)

    page.on("console", on_console)
    return said


def test_a_page_that_drew_nothing_reloads_once_and_draws(
    page: Page, page_url: Callable[..., str], voila_server: Any, console_errors: list[str]
) -> None:
    loads = _break_documents(page, times=1)
    warned = _warnings(page)
    navigate(page, page_url(), server=voila_server)
    wait_page(page, server=voila_server)  # the second load drew the page
    assert len(loads) == 2, loads
    assert page.locator(".vl-lost-banner").count() == 0
    assert page.evaluate("window.verliesWatch.lost") is None
    assert warned and "widget model not found" in warned[0]
    # the failure was said as a warning; nothing else went wrong
    assert console_errors == []


def test_a_page_that_fails_again_says_so_in_its_language_and_takes_no_input(
    page: Page, page_url: Callable[..., str], voila_server: Any, console_errors: list[str]
) -> None:
    loads = _break_documents(page, times=-1)
    for lang, url in (("en", page_url() + "?lang=en"), ("de", page_url() + "?lang=de")):
        before = len(loads)
        navigate(page, url, server=voila_server)
        banner = ".vl-lost-banner[data-why='undrawn']"
        follow(page, has(page, banner, "visible"), f"the undrawn banner ({lang})")
        # English: loaded, reloaded by itself, failed again. German: the reload by itself
        # was spent in this tab, so the banner comes at once.
        assert len(loads) - before == (2 if lang == "en" else 1), loads
        assert page.inner_text(".vl-lost-text") == i18n.text("page.lost.undrawn", lang)
        assert page.inner_text(".vl-lost-reload") == i18n.text("page.autosave.reload", lang)
        assert page.inner_text(".vl-lost-inert") == i18n.text("page.lost.inert", lang)
        # the page behind takes no input
        refused = page.evaluate("window.verliesWatch.refused")
        page.mouse.click(5, 300)
        assert page.evaluate("window.verliesWatch.refused") > refused
    # Reload on the banner loads the page again (the server's widget is still named wrong
    # here, so the banner comes back: what counts is that the button reloads).
    before = len(loads)
    page.click(".vl-lost-reload")
    follow(page, lambda: len(loads) > before, "the reload")
    assert console_errors == []


def test_a_page_left_blank_without_a_word_is_caught_by_its_silence(
    page: Page, page_url: Callable[..., str], voila_server: Any, console_errors: list[str]
) -> None:
    """Nothing logged at all: the kernel sent every widget's state, answers the heartbeat,
    and the page stays without its widget and stops changing."""
    loads = _break_documents(page, times=-1, silent=True)
    warned = _warnings(page)
    navigate(page, page_url() + "?lang=en", server=voila_server)
    banner = ".vl-lost-banner[data-why='undrawn']"
    follow(page, has(page, banner, "visible"), "the undrawn banner", server=voila_server)
    assert len(loads) == 2, loads  # reloaded once by itself first
    assert page.inner_text(".vl-lost-text") == i18n.text("page.lost.undrawn", "en")
    assert len(warned) == 2 and all("every widget's state" in w for w in warned), warned
    assert page.locator(".vl-app").count() == 0
    assert console_errors == []
