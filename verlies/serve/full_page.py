"""The "table is full" page: what a visitor sees when the server's kernel cap is reached.

A small page of its own (no scripts, no outside requests), in German and English at once:
the server does not know the visitor's language before the app runs. It reloads itself
after a minute; reloading costs the server nothing while it is still full.
"""

from __future__ import annotations

from html import escape

from verlies.i18n import text

#: Seconds before the page tries again by itself (and the Retry-After a client may honour).
RETRY_SECONDS = 60
LANGUAGES = ("de", "en")

STYLE = """
body { font-family: system-ui, sans-serif; background: #2b2118; color: #f4ead5;
       margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center; }
main { max-width: 34rem; padding: 2rem; }
section + section { border-top: 1px solid #6b5840; margin-top: 1.5rem; padding-top: 1rem; }
h1 { font-size: 1.5rem; margin: 0 0 .5rem; }
a { color: #f7c873; }
.auto { color: #c9b89a; font-size: .9rem; }
"""


def page_html(
    title_key: str,
    sections: list[str],
    main_class: str,
    *,
    style: str | None = None,
    refresh: int | None = None,
) -> str:
    """The server's own small pages (table full, too busy, too long, refused address): one
    document, German and English ``sections`` one after the other, the title in both
    languages (``title_key``), reloading itself after ``refresh`` seconds if given."""
    titles = " · ".join(escape(text(title_key, lang)) for lang in LANGUAGES)
    again = f'<meta http-equiv="refresh" content="{int(refresh)}">' if refresh is not None else ""
    return (
        '<!DOCTYPE html>\n<html lang="de"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        # no icon to fetch: a browser would ask for /favicon.ico, which this server refuses
        # (403, an error in the visitor's console on a page that is already an answer)
        '<link rel="icon" href="data:,">'
        f"{again}<title>{titles}</title><style>{STYLE if style is None else style}</style></head>"
        f'<body><main class="{main_class}">{"".join(sections)}</main></body></html>\n'
    )


def full_page(retry_seconds: int = RETRY_SECONDS, *, free_in: int | None = None) -> str:
    """The whole HTML document (escaped words from verlies.i18n, keys ``page.full.*``).
    ``free_in``: seconds until a place is likely free (the kernel manager's estimate from
    its lifetime rules); the page then says so and tries again that soon."""
    if free_in is not None:
        retry_seconds = max(1, min(int(free_in), retry_seconds))
    sections = []
    for lang in LANGUAGES:
        title = escape(text("page.full.title", lang))
        body = escape(text("page.full.text", lang))
        when = (
            f'<p class="when">{escape(text("page.full.when", lang, seconds=retry_seconds))}</p>'
            if free_in is not None
            else ""
        )
        retry = escape(text("page.full.retry", lang))
        auto = escape(text("page.full.auto", lang, seconds=retry_seconds))
        sections.append(
            f'<section lang="{lang}"><h1>{title}</h1><p>{body}</p>{when}'
            f'<p><a href="">{retry}</a></p><p class="auto">{auto}</p></section>'
        )
    return page_html("page.full.title", sections, "verlies-table-full", refresh=retry_seconds)
