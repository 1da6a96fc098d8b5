"""A message on the page kept as words to make, not as text made (issue 24 item 6).

A message ("Loaded …", "Link to this position", "Cancelled after …") is made in the
language of the moment it is said; a language switch afterwards would leave it in the old
language. So a :class:`Said` keeps the function that makes the message's HTML from a
language and makes it again on a switch. Whoever sets the widget's value directly (a clear
to "", another text) takes the message over: :meth:`Said.redraw` then leaves it alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: A message: the page's language -> its HTML.
Words = Callable[[str], str]


class Said:
    """The message shown in one HTML widget (``widget.value``)."""

    def __init__(self, widget: Any) -> None:
        self.widget = widget
        self._make: Words | None = None
        self._shown = ""

    def say(self, make: Words, lang: str) -> None:
        """Show ``make(lang)`` now and keep ``make`` for a language switch."""
        self._make = make
        self._shown = make(lang)
        self.widget.value = self._shown

    def redraw(self, lang: str) -> None:
        """The message again in ``lang``, if it is still the one shown."""
        if self._make is None or not self._shown or self.widget.value != self._shown:
            self._make = None  # cleared or replaced since: not ours to redraw
            return
        self._shown = self._make(lang)
        self.widget.value = self._shown


# Icons in messages are Font Awesome's (the widgets' buttons load it), not emoji: an emoji
# is an empty box where no emoji font is installed (issue 24 item 8).
LINK_ICON = '<i class="fa fa-link vl-icon" aria-hidden="true"></i> '
DOWNLOAD_ICON = '<i class="fa fa-download vl-icon" aria-hidden="true"></i> '


def error_words(error: BaseException) -> Words:
    """An error's words (``share.error_text``) as a function of the language."""
    from verlies.ui.core.share import error_text

    return lambda lang: error_text(error, lang)


def no_null_tooltips(root: Any) -> None:
    """Give every widget under ``root`` that has no tooltip an empty one: ipywidgets writes
    a missing tooltip into its label's ``title`` as the word "null", which a person read
    when hovering "Time travel", "ms/step" or "Load" (issue 24 item 6)."""
    stack = [root]
    while stack:
        w = stack.pop()
        children = getattr(w, "children", None)
        if isinstance(children, (tuple, list)):
            stack.extend(children)
        if "tooltip" in getattr(w, "keys", ()) and w.tooltip is None:
            w.tooltip = ""
