"""The branches beside the time slider (a thin widget view over
:mod:`verlies.ui.play.branches_model` and :class:`verlies.tree.GameTree`): one button per branch
to show it, one to delete it, the shown branch's name to edit, and a comparison with
another branch."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from verlies.tree import BranchError, Deleted, GameTree
from verlies.ui.core.said import Words, error_words
from verlies.ui.core.words import t
from verlies.ui.play.app_model import AppModel
from verlies.ui.play.branches_model import BranchRow, branch_rows, comparison_html

if TYPE_CHECKING:
    from verlies.game import Game


class BranchesPanel:
    """Shows the branches of the page model's tree (:meth:`show`); a switch, a delete, a
    rename move the model's history (``AppModel.history_moved``)."""

    def __init__(self, model: AppModel) -> None:
        self.model = model
        self.on_moved: Callable[[], None] = model.history_moved
        #: Says a refusal (a name taken, the branch shown deleted) as words: a function of
        #: the language, so the page says it again in the other language on a switch.
        self.on_error: Callable[[Words], None] = lambda w: model.say("page", w, error=True)
        self.lang = "de"
        self.designer = False  # the page's designer mode: treasures' values shown
        self.title = widgets.HTML()
        self.title.add_class("vl-branches-title")
        self.list = widgets.HBox()
        self.list.add_class("vl-branch-list")
        self.name = widgets.Text(continuous_update=False, layout=widgets.Layout(width="130px"))
        self.name.add_class("vl-branch-name")
        self.name.observe(self._renamed, "value")
        self.other = widgets.Dropdown(options=[], layout=widgets.Layout(width="auto"))
        self.other.add_class("vl-branch-compare")
        self.other.observe(lambda _c: self._compare(), "value")
        self.comparison = widgets.HTML()
        self.comparison.add_class("vl-compare-box")
        tools = widgets.HBox([self.name, self.other])
        tools.add_class("vl-branch-tools")
        # a deleted branch can be brought back (issue 24 item 4): this button, until the
        # next change of the branches
        self.undelete = widgets.Button(icon="undo", layout=widgets.Layout(width="auto"))
        self.undelete.add_class("vl-branch-undelete")
        self.undelete.layout.display = "none"
        self.undelete.on_click(lambda _b: self.restore())
        self._deleted: Deleted | None = None
        self.widget = widgets.VBox(
            [widgets.HBox([self.title, self.list]), self.undelete, tools, self.comparison]
        )
        self.widget.add_class("vl-branches")
        self._shown: tuple[BranchRow, ...] = ()
        self._quiet = False

    # ---- the tree --------------------------------------------------------------------------

    @property
    def tree(self) -> GameTree | None:
        """The model's tree (the page model owns it)."""
        return self.model.tree

    def follow(self, _game: Game | None = None) -> str | None:
        """Take in the page game's changes (:meth:`AppModel.follow`)."""
        return self.model.follow()

    def set_tree(self, tree: GameTree) -> None:
        """Show ``tree`` (the model's from now on)."""
        self.model.tree = tree
        self.forget_deleted()

    def forget_deleted(self) -> None:
        """Another game arrived: a deleted branch of the game before is not brought back
        into it."""
        self._deleted = None
        self.undelete.layout.display = "none"

    def _run(self, fn: Callable[..., object], *args: object) -> bool:
        try:
            fn(*args)
        except BranchError as e:
            self.on_error(error_words(e))
            return False
        return True

    def switch(self, name: str) -> None:
        if self.tree is not None and self._run(self.tree.switch, name):
            self.on_moved()

    def delete(self, name: str) -> None:
        tree = self.tree
        if tree is None:
            return
        try:
            self._deleted = tree.delete(name)
        except BranchError as e:
            self.on_error(error_words(e))
            return
        self.on_moved()

    def restore(self) -> None:
        """Bring the branch deleted last back."""
        gone, self._deleted = self._deleted, None
        if self.tree is not None and gone is not None and self._run(self.tree.restore, gone):
            self.on_moved()

    def _renamed(self, change: dict[str, Any]) -> None:
        if self._quiet or self.tree is None:
            return
        new = str(change["new"])
        if new.strip() and new.strip() != self.tree.current:
            if not self._run(self.tree.rename, self.tree.current, new):
                # refused (said): the field shows the branch's name again, and the page
                # keeps the refusal (a move clears the page's message)
                self._quiet = True
                try:
                    self.name.value = self.tree.current
                finally:
                    self._quiet = False
                return
        self.on_moved()

    def _compare(self) -> None:
        tree = self.tree
        if self._quiet or tree is None:
            return
        other = self.other.value
        if not other or other not in tree.names or other == tree.current:
            self.comparison.value = ""
            return
        # both at the step shown (docs/decisions.md, "Comparing branches")
        at = tree.game.step_count
        self.comparison.value = comparison_html(
            tree.game, tree.compare(tree.current, other, at), self.lang, at, self.designer
        )

    # ---- showing ---------------------------------------------------------------------------

    def show(self, lang: str, designer: bool = False) -> None:
        """The list and tools as the tree is now. A step on the shown branch sends nothing
        here: its length is the slider's; the list is rebuilt only when branches come, go,
        are renamed or switched."""
        tree = self.tree
        if tree is None:
            return
        self.lang = lang
        self.designer = designer
        rows = branch_rows(tree, lang)
        title = f'<span class="vl-branches-head">{t("branches", lang)}</span>'
        if self.title.value != title:
            self.title.value = title
        if rows != self._shown:
            self._shown = rows
            self.list.children = [self._item(row, lang) for row in rows]
        self._show_tools(tree, lang)
        if self.other.value:
            self._compare()
        elif self.comparison.value:
            self.comparison.value = ""
        self._show_undelete(tree, lang)
        # one branch: nothing to name, compare or switch to, only the list's one entry
        display = "" if len(rows) > 1 else "none"
        tools = self.widget.children[2]
        if tools.layout.display != display:
            tools.layout.display = display

    def _item(self, row: BranchRow, lang: str) -> widgets.HBox:
        """A branch in the list: its button (a click shows it) and, unless shown, delete."""
        b = widgets.Button(
            description=row.label,
            tooltip=f"{t('branch_switch', lang)}: {row.title}",
            layout=widgets.Layout(width="auto"),
        )
        b.add_class("vl-branch")
        if row.current:
            b.add_class("vl-branch-current")
        b.on_click(lambda _b, n=row.name: self.switch(n))
        parts = [b]
        if row.can_delete:
            d = widgets.Button(
                icon="times",
                tooltip=t("branch_delete", lang),
                layout=widgets.Layout(width="auto"),
            )
            d.add_class("vl-branch-delete")
            d.on_click(lambda _b, n=row.name: self.delete(n))
            parts.append(d)
        item = widgets.HBox(parts)
        item.add_class("vl-branch-item")
        return item

    def _show_tools(self, tree: GameTree, lang: str) -> None:
        """The shown branch's name and the branches to compare it with (their changes
        here are the page's, not a person's: :attr:`_quiet`)."""
        self._quiet = True
        try:
            # each on its own: "Name" is the same word in both languages, and the compare
            # field's label stayed "Vergleichen mit" on the English page (issue 24 item 6)
            if self.name.description != t("branch_rename", lang):
                self.name.description = t("branch_rename", lang)
            if self.other.description != t("branch_compare", lang):
                self.other.description = t("branch_compare", lang)
            if self.name.value != tree.current:
                self.name.value = tree.current
            others = [n for n in tree.names if n != tree.current]
            options = [(t("branch_compare_none", lang), ""), *[(n, n) for n in others]]
            if list(self.other.options) != options:
                keep = self.other.value if self.other.value in others else ""
                self.other.options = options
                self.other.value = keep
        finally:
            self._quiet = False

    def _show_undelete(self, tree: GameTree, lang: str) -> None:
        """ "Bring back branch X" while the branch deleted last can come back."""
        gone = self._deleted
        if gone is not None and gone.name in tree.names:  # a new branch took its name
            gone = self._deleted = None
        undelete = "none" if gone is None else ""
        if gone is not None:
            self.undelete.description = t("branch_undelete", lang, name=gone.name)
        if self.undelete.layout.display != undelete:
            self.undelete.layout.display = undelete
