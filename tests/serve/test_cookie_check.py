"""The words a browser without cookies is shown (verlies/serve/cookie_check.py): the file
the template reads is what the module writes from verlies.i18n, in both languages."""

from __future__ import annotations

import json

from verlies.i18n import text
from verlies.serve import cookie_check, routes


def test_the_template_words_are_the_i18n_words() -> None:
    shown = cookie_check.WORDS_FILE.read_text(encoding="utf-8")
    assert shown == cookie_check.words_json()  # run: python -m verlies.serve.cookie_check
    data = json.loads(shown)
    assert sorted(data) == ["de", "en"]
    for lang in ("de", "en"):
        assert set(data[lang]) == set(cookie_check.KEYS)
        for name, key in cookie_check.KEYS.items():
            assert data[lang][name] == text(key, lang) and data[lang][name].strip()
    assert data["de"]["title"] != data["en"]["title"]


def test_the_check_cookie_is_readable_by_the_page_and_lives_with_the_browser_cookie() -> None:
    check = cookie_check.check_header()
    browser = routes.cookie_header(routes.new_browser())
    assert check.startswith(f"{cookie_check.CHECK}=1;")
    assert "HttpOnly" not in check and "HttpOnly" in browser
    age = [p for p in browser.split("; ") if p.startswith("Max-Age=")]
    assert age and age[0] in check.split("; ")
    assert cookie_check.CHECK != routes.COOKIE
