"""The deck editor's deck section: the deck's name, reading a deck file, and the download
links (named after the deck).

:class:`DeckFiles` holds these widgets and shows what the editor model says about them; the
name field's edits go through the model like every other edit (validated, undoable).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from verlies.ui.core.share import download_link
from verlies.ui.deck.editor_html import esc
from verlies.ui.deck.editor_model import MAX_UPLOAD_BYTES, EditorModel, file_stem
from verlies.ui.deck.editor_model import text as _t


def _upload_entries(value: Any) -> list[dict[str, Any]]:
    """FileUpload's value (ipywidgets 8: a tuple of dicts) as a list of dicts."""
    return [dict(v) for v in value or ()]


def _error(message: str) -> str:
    return f"<span class='verlies-error' style='color:#b3261e'>{esc(message)}</span>"


class DeckFiles:
    """The deck's name field, the upload button and the download links.

    ``quiet()`` tells whether the editor is setting widgets from code (no edit then);
    ``changed()`` is called after the draft changed here (a file read, a new name).
    """

    def __init__(
        self, model: EditorModel, quiet: Callable[[], bool], changed: Callable[[], None]
    ) -> None:
        W = widgets
        self.model = model
        self._quiet = quiet
        self._changed = changed
        self.links_shown = False
        self._clearing = False  # emptying the upload button is no upload
        self.title = W.HTML()
        self.deck_name = W.Text(continuous_update=False, layout=W.Layout(width="420px"))
        self.deck_name.add_class("verlies-deck-name")
        self.name_status = W.HTML()
        self.upload = W.FileUpload(
            accept=".toml,text/plain", multiple=False, layout=W.Layout(width="auto")
        )
        self.prepare_button = W.Button(icon="download", layout=W.Layout(width="auto"))
        self.download = W.HTML()
        self.file_status = W.HTML()
        self.deck_name.observe(self._on_name, "value")
        self.upload.observe(self._on_upload, "value")
        self.prepare_button.on_click(lambda _b: self.prepare_download())
        self.widget = W.VBox(
            [
                self.title,
                W.HBox([self.deck_name, self.name_status]),
                W.HBox([self.upload, self.prepare_button]),
                self.download,
                self.file_status,
            ]
        )

    def relabel(self, lang: str) -> None:
        self.title.value = f"<h4>{esc(_t('files', lang))}</h4>"
        self.deck_name.description = _t("deck_name", lang)
        self.upload.description = _t("upload", lang)
        self.prepare_button.description = _t("prepare", lang)

    def show_name(self) -> None:
        """The field shows the draft's name (after an undo, a reset, a file read)."""
        if self.deck_name.value != self.model.draft.name:
            self.deck_name.value = self.model.draft.name

    def stale(self) -> None:
        """The draft changed: links prepared before would download the old deck."""
        if self.links_shown:
            self.links_shown = False
            self.download.value = f"<small>{esc(_t('stale', self.model.lang))}</small>"

    # ---- the deck's name ---------------------------------------------------------------------

    def set_name(self, name: str) -> bool:
        """Rename the draft as typing a name and pressing Enter does; True if it took it."""
        if self.deck_name.value == name:
            self._on_name({"new": name})
        else:
            self.deck_name.value = name
        return self.model.parse.ok and self.model.draft.name == name.strip()

    def _on_name(self, change: dict[str, Any]) -> None:
        if self._quiet():
            return
        lang = self.model.lang
        done = self.model.edit_deck_name(str(change["new"]))
        if done is None:
            self.name_status.value = ""
            return
        if not done:
            self.name_status.value = _error(_t("bad_name", lang, msg=self.model.parse_message()))
            return
        self.name_status.value = (
            f"<span style='color:#1b7f3b'>{esc(_t('renamed', lang, name=self.model.draft.name))}"
            "</span>"
        )
        self._changed()

    # ---- files ---------------------------------------------------------------------------------

    def prepare_download(self) -> None:
        """Fill the download links (whole deck and changes only), named after the deck."""
        draft, lang = self.model.draft, self.model.lang
        stem = file_stem(draft.name)
        self.download.value = (
            download_link(draft.dumps(), f"{stem}.toml", _t("download_deck", lang))
            + " · "
            + download_link(draft.dumps_patch(), f"{stem}-patch.toml", _t("download_patch", lang))
        )
        self.links_shown = True

    def load_bytes(self, data: bytes, name: str = "<upload>") -> bool:
        """Load a deck file's bytes into the draft. A file too large or not a valid deck
        shows its (located) error and leaves the draft unchanged."""
        ok, message = self.model.load(data, name)
        if not ok:
            self.file_status.value = _error(message)
            return False
        self._changed()
        self.file_status.value = f"<span style='color:#1b7f3b'>{esc(message)}</span>"
        return True

    def _on_upload(self, change: dict[str, Any]) -> None:
        if self._quiet() or self._clearing:
            return
        entries = _upload_entries(change["new"])
        if not entries:
            return
        entry = entries[0]
        name = str(entry.get("name") or "<upload>")
        size = int(entry.get("size") or 0)
        content = entry.get("content", b"")
        if size > MAX_UPLOAD_BYTES or len(content) > MAX_UPLOAD_BYTES:
            too_large = _t(
                "too_large",
                self.model.lang,
                name=name,
                size=max(size, len(content)),
                max=MAX_UPLOAD_BYTES,
            )
            self.file_status.value = _error(too_large)
        else:
            self.load_bytes(bytes(content), name)
        self._clearing = True
        try:
            self.upload.value = ()  # the same file can be chosen again
        finally:
            self._clearing = False


__all__ = ["DeckFiles"]
