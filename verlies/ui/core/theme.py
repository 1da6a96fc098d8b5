"""The page's styles, one home (issue 39): the page's stylesheet (:data:`CSS`, one <style>
element in an HTML widget), the run panels' shared block (:data:`PANEL_CSS`) and each
panel's own styles after it (``BALANCE_CSS``, ``SKILL_CSS``, ``SUGGEST_CSS``,
``DRAFTS_CSS``, ``IMPACT_CSS``, ``SWEEP_CSS``, ``PRINT_CSS``). Colours from render.style.
A few one-line rules still travel with the HTML they style (the deck editor's tables,
the sweep's heat map, the log's order)."""

from __future__ import annotations

from verlies.cards.model import Color, TileKind
from verlies.render import style as st


def _seat_rules() -> list[str]:
    """Seat colours as classes (chips, log dots, player cards) and the player to move's card
    highlighted from the state line (``data-seat``), so a turn change re-sends no card."""
    rules = []
    for seat, color in enumerate(st.PLAYER):
        rules.append(f".vl-c{seat} {{ background: {color}; }}\n")
        rules.append(f".vl-player-card.vl-p{seat} {{ border-left-color: {color}; }}\n")
        rules.append(
            f'.vl-play:has(.vl-state[data-over="0"][data-seat="{seat}"]) '
            f".vl-player-card.vl-seat-{seat} {{ box-shadow: 0 0 0 2px {st.GOLD}; "
            "background: #fff8e3; }\n"
        )
    return rules


#: The hints below the state line (``hint_...`` in i18n), chosen by its ``data-hint``.
HINTS = ("place", "turn", "draw", "decide", "chance", "bot", "over")


def _hint_rules() -> list[str]:
    """The hint that fits (``data-hint`` of the state line) shown, the others not."""
    return [
        f'.vl-play:has(.vl-state[data-hint="{k}"]) .vl-hints > p[data-hint="{k}"] '
        "{ display: block; }\n"
        for k in HINTS
    ]


CSS = f"""
<style>
.vl-app {{
  background: #efe6d2; border-radius: 10px; padding: 6px 10px 12px 10px;
  font-family: {st.FONT}; color: {st.INK}; max-width: 1120px;
}}
.vl-header {{
  background: linear-gradient(90deg, #2c2520, #4a3b2e); border-radius: 8px;
  padding: 6px 12px; align-items: center; margin-bottom: 6px;
}}
.vl-header .widget-checkbox label, .vl-header .widget-label {{ color: #f3e7c9; }}
.vl-title {{ flex: 1; }}
.vl-header > .vl-title, .vl-header > .widget-html:first-child {{ flex: 1 1 auto; }}
.vl-title-main {{ font-size: 22px; font-weight: bold; color: {st.GOLD}; letter-spacing: .5px; }}
.vl-title-sub {{ font-size: 14px; color: #e0d2b0; margin-left: 6px; }}
.vl-table {{ gap: 12px; align-items: flex-start; }}
.vl-left {{ flex: 0 0 auto; }}
.vl-side {{ flex: 1 1 360px; min-width: 340px; max-width: 430px; gap: 6px; }}
.vl-board {{ border-radius: 6px; box-shadow: 0 2px 8px rgba(0,0,0,.35); cursor: pointer; }}
.vl-board-tools {{ margin-top: 4px; }}
/* Shared tables' bar (table_view.py): long invite links break anywhere, never sideways. */
.vl-table-bar, .vl-table-bar .widget-html, .vl-table-bar .widget-html-content {{
  min-width: 0; max-width: 100%; white-space: normal;
}}
.vl-table-link-list {{ padding-left: 18px; margin: 4px 0; }}
.vl-table-link {{ overflow-wrap: anywhere; word-break: break-all; }}
.vl-table-now {{ font-weight: bold; overflow-wrap: anywhere; }}
.vl-table-copy {{ height: auto; line-height: 22px; padding: 0 8px; margin-left: 4px; }}
.vl-board-tools .jupyter-button, .vl-board-tools .widget-toggle-button {{ padding: 0; }}
.vl-board-info {{
  position: absolute !important; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap;
}}
.vl-controls {{
  margin-top: 6px; background: #fbf7ee; border-radius: 8px; padding: 4px 6px;
  border: 1px solid #d9ccb0; box-sizing: border-box;
}}
.vl-controls-row {{ align-items: center; flex-wrap: wrap; }}
.vl-controls .jupyter-button {{ padding: 0 7px; margin: 2px 2px; }}
.vl-controls .widget-checkbox {{ margin: 0 4px; }}
.vl-controls .widget-play {{ width: auto; }}
.vl-controls .widget-slider .widget-label {{ width: auto; min-width: 60px; }}
.vl-status, .vl-message, .vl-place-box, .vl-chance, .vl-actions, .vl-players-box {{
  margin: 0 !important;
}}
.vl-state {{
  background: #2c2520; color: #f6f0e2; border-radius: 8px; padding: 8px 10px;
  font-size: 15px; line-height: 1.35;
}}
.vl-state .vl-pos {{
  display: block; text-align: right; font-size: 11px; color: #c9b994; line-height: 1.1;
}}
.vl-state .vl-small {{ color: #c9b994; }}
.vl-round {{ color: {st.GOLD}; font-weight: bold; }}
.vl-chip {{
  display: inline-block; min-width: 20px; height: 20px; border-radius: 10px; text-align: center;
  font-weight: bold; font-size: 12px; line-height: 20px; color: {st.INK}; margin-right: 6px;
  border: 1px solid rgba(0,0,0,.45); vertical-align: middle;
}}
.vl-chip-s {{ min-width: 10px; height: 10px; border-radius: 5px; margin-right: 4px; }}
.vl-hints > p {{
  display: none; font-size: 13px; color: #4a3b2e; padding: 0 4px; margin: 0; line-height: 1.35;
}}
.vl-hints-box {{ margin: 0 !important; }}
.vl-app .widget-html-content {{ line-height: 1.35; }}
.vl-note {{
  background: #e8f1e0; border-left: 4px solid #4d8a3a; padding: 4px 8px; font-size: 13px;
}}
.vl-error {{
  background: #f8e1dd; border-left: 4px solid {st.DANGER}; padding: 4px 8px; font-size: 13px;
  display: block;
}}
.vl-ok {{ color: #2f6b2a; font-size: 12px; }}
.vl-h {{
  font-weight: bold; font-size: 13px; text-transform: uppercase; letter-spacing: .6px;
  color: #6b563d; margin: 2px 0;
}}
.vl-small {{ font-size: 12px; color: #6b5a45; }}
/* the autosave line keeps its height while still empty: "Saved at step 1" appearing moved
   the whole page down by a line (issue 24 item 9) */
.vl-autosave {{ min-height: 1.35em; line-height: 1.35; }}
.vl-app a.vl-file-link {{ color: #1a5fb4; text-decoration: underline; margin-right: 12px; }}
.vl-place-box, .vl-chance, .vl-actions, .vl-actions-head, .vl-otable {{
  background: #fbf7ee; border: 1px solid #d9ccb0; border-radius: 8px; padding: 6px 8px;
}}
.vl-drawn {{ display: flex; gap: 10px; align-items: center; font-size: 13px; line-height: 1.4; }}
.vl-drawn-row {{ gap: 10px; align-items: center; }}
.vl-drawn-pic {{ border-radius: 6px; box-shadow: 0 1px 4px rgba(0,0,0,.4); }}
.vl-odds {{ font-weight: bold; color: #7a3d00; }}
.vl-context {{ font-size: 13px; margin: 2px 0 4px 0; color: #4a3b2e; }}
.vl-orows {{ max-height: 190px; overflow-y: auto; }}
.vl-orows > p[data-pass="1"] {{ background: #cfe8c4; font-weight: bold; }}
.vl-orows > p[data-pass="0"] {{ color: #7a6a52; }}
.vl-passes {{
  margin: 2px 0; padding: 1px 6px; border-radius: 4px; background: #cfe8c4; color: #1d4d12;
  font-weight: bold; font-size: 13px;
}}
.vl-orows > p {{
  display: flex; align-items: center; gap: 6px; font-size: 12px; line-height: 18px; margin: 0;
}}
.vl-orows > p > span {{
  flex: 0 0 190px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
}}
.vl-orows > p:hover > span {{ white-space: normal; }}
.vl-orows > p > i {{
  flex: 1 1 auto; height: 10px; background: #e7dcc4; border-radius: 5px; overflow: hidden;
}}
.vl-orows > p > i > i {{ display: block; width: 100%; height: 100%; background: #c98a1b; }}
.vl-orows > p > b {{
  flex: 0 0 52px; text-align: right; font-weight: normal; font-variant-numeric: tabular-nums;
}}
.vl-chance-controls {{ align-items: stretch; gap: 4px; min-width: 0; }}
.vl-what-if-row, .vl-pick-row {{ min-width: 0; max-width: 100%; gap: 4px; }}
.vl-what-if-row {{ align-items: center; }}
.vl-what-if {{ min-width: 0; }}
.vl-what-if select {{ min-width: 0; width: 100%; }}
.vl-roll {{ font-weight: bold; font-size: 14px; }}
.vl-chance-controls .widget-hbox {{ align-items: center; }}
.vl-actions-list .jupyter-button {{ text-align: left; justify-content: flex-start; margin: 1px 0; }}
.vl-actions-head, .vl-otable {{ margin-top: 6px; }}
.vl-bot-options ol {{ margin: 2px 0 0 0; padding-left: 22px; font-size: 12px; color: #4a3b2e; }}
.vl-bot-options li {{ line-height: 1.4; }}
.vl-players-box {{ gap: 6px; }}
.vl-players-box .widget-html {{ margin: 0; }}
.vl-players-box .widget-html > .widget-html-content {{ overflow: visible; }}
.vl-player-card {{
  background: #fffdf7; border: 1px solid #d9ccb0; border-left: 6px solid #999; border-radius: 8px;
  padding: 5px 8px; font-size: 13px; line-height: 1.45; margin: 0 !important;
}}
.vl-player-card:has(.vl-out) {{ opacity: .8; }}
.vl-ctl {{ color: #7a6a52; font-size: 12px; }}
.vl-values {{ display: flex; gap: 4px; flex-wrap: wrap; margin: 2px 0; }}
.vl-val {{
  border: 1px solid; border-radius: 10px; padding: 0 6px; font-size: 12px; background: #fff;
}}
.vl-val::before {{
  content: ""; display: inline-block; width: 8px; height: 8px; border-radius: 4px;
  margin-right: 4px; background: currentColor;
}}
.vl-val-staerke {{ border-color: {st.GEM[Color.RED]}; }}
.vl-val-staerke::before {{ background: {st.GEM[Color.RED]}; }}
.vl-val-geist {{ border-color: {st.GEM[Color.BLUE]}; }}
.vl-val-geist::before {{ background: {st.GEM[Color.BLUE]}; }}
.vl-val-geschick {{ border-color: {st.GEM[Color.GREEN]}; }}
.vl-val-geschick::before {{ background: {st.GEM[Color.GREEN]}; }}
.vl-coin {{
  display: inline-block; width: 11px; height: 11px; border-radius: 6px; background: {st.GOLD};
  border: 1px solid {st.GOLD_EDGE}; vertical-align: -1px;
}}
.vl-treasure {{ background: #f3ead2; border-radius: 4px; padding: 0 4px; margin-right: 2px; }}
.vl-badge {{ border-radius: 4px; padding: 0 5px; font-size: 11px; font-weight: bold; color: #fff; }}
.vl-injured {{ background: {st.DANGER}; }}
.vl-escaped {{ background: {st.EMBLEM_COLOR[TileKind.EXIT]}; }}
.vl-leftbehind {{ background: #555; }}
.vl-winner {{ background: #b8860b; }}
.vl-decks {{ font-size: 11px; color: #6b5a45; }}
.vl-log-head {{ align-items: center; gap: 12px; margin-top: 8px; }}
.vl-log-box {{
  background: #fffdf7; border: 1px solid #d9ccb0; border-radius: 8px; padding: 4px 8px;
  max-height: 260px; overflow-y: auto !important; font-size: 13px;
  /* a flex column: the parts' "order" (log_order_css) puts the newest part on top; a
     block box would ignore it and show the oldest part first */
  display: flex !important; flex-direction: column !important;
}}
.vl-log-box > .widget-html {{ margin: 0; display: block; flex: 0 0 auto; }}
.vl-log-box > .widget-html > .widget-html-content {{ line-height: 1.35; white-space: normal; }}
.vl-log details > summary {{
  cursor: pointer; padding: 1px 0; list-style: none; display: flex; align-items: baseline;
}}
.vl-log details > summary::-webkit-details-marker {{ display: none; }}
.vl-log details[open] > summary {{ font-weight: bold; }}
.vl-rule, .vl-log summary::before {{
  display: inline-block; min-width: 38px; font-family: monospace; font-size: 11px;
  font-weight: inherit;
  background: #4a3b2e; color: #f6f0e2; border-radius: 4px; padding: 0 4px; margin-right: 4px;
  text-align: center;
}}
.vl-log summary::before {{ content: attr(data-rule); flex: 0 0 auto; }}
.vl-log summary + p {{
  background: #f3ead2; border-radius: 4px; padding: 4px 8px; margin: 2px 0 4px 24px;
  font-size: 12px; line-height: 1.35;
}}
.vl-log summary > i {{
  order: -1; flex: 0 0 auto; align-self: center;
  display: inline-block; width: 10px; height: 10px; border-radius: 5px; margin-right: 4px;
  border: 1px solid rgba(0,0,0,.4);
}}
.vl-more {{ color: #7a6a52; font-size: 12px; padding: 2px 0; }}
.vl-rules {{ font-size: 13px; line-height: 1.5; max-width: 900px; }}
.vl-rule-row {{ padding: 2px 0; border-bottom: 1px solid #e3d8bf; }}
.vl-rule-card {{ margin-top: 12px; }}
.vl-setup {{ gap: 4px; padding: 8px; }}
.vl-form-label {{ display: inline-block; width: 110px; font-weight: bold; font-size: 13px; }}
.vl-download-link {{ font-size: 13px; }}
{"".join(_seat_rules())}
{"".join(_hint_rules())}
/* Every screen (issue 12): the page measures the room it has (a container query: in
   JupyterLab beside its sidebars too, not the window), stacks the side panel under the
   board below about 1,000 px, and shrinks the board (CSS zoom: the canvas maps clicks
   through its drawn size) so that 390 px still show it whole, without sideways scrolling. */
.vl-app {{ container-type: inline-size; container-name: vl-app; box-sizing: border-box; }}
.vl-header {{ flex-wrap: wrap; row-gap: 4px; }}
.vl-tabs .lm-TabBar-content {{ flex-wrap: wrap; }}
.vl-tabs .lm-TabBar {{ min-height: fit-content; }}
@container vl-app (max-width: 1040px) {{
  .vl-table {{ flex-direction: column; align-items: stretch; }}
  .vl-side {{ max-width: none !important; min-width: 0 !important; width: auto; flex: 1 1 auto; }}
}}
@container vl-app (max-width: 680px) {{
  .vl-left, .vl-controls {{ width: 100% !important; min-width: 0 !important; }}
  .vl-left > .widget-vbox:first-child {{ max-width: 100%; }}
  .vl-history {{ width: 100% !important; max-width: 100%; }}
  .vl-board {{ zoom: .84; }}
  .vl-title-main {{ font-size: 18px; }}
  .vl-title-sub {{ display: none; }}
  .vl-drawn-row {{ flex-wrap: wrap; }}
  .vl-seat-row {{ flex-wrap: wrap; }}
  .vl-seat-row > .widget-dropdown {{ flex: 1 1 140px; min-width: 0; }}
}}
@container vl-app (max-width: 560px) {{ .vl-board {{ zoom: .68; }} }}
@container vl-app (max-width: 460px) {{ .vl-board {{ zoom: .54; }} }}
@container vl-app (max-width: 360px) {{ .vl-board {{ zoom: .46; }} }}
/* The branches beside the time slider (branches_view.py). */
.vl-branches {{ gap: 2px; margin: 2px 0; }}
.vl-branches > .widget-hbox {{ align-items: center; flex-wrap: wrap; }}
.vl-branches-head {{ font-size: 12px; font-weight: bold; color: #4a3b2e; margin: 0 6px 0 4px; }}
.vl-branch-list {{ flex-wrap: wrap; gap: 2px; }}
.vl-branch-item {{ border: 1px solid #d9ccb0; border-radius: 4px; }}
.vl-branch-item .jupyter-button {{ margin: 0; height: 24px; line-height: 24px; }}
.vl-branch-current {{ background: #4a3b2e; color: #f6f0e2; font-weight: bold; }}
.vl-branch-tools {{ align-items: center; flex-wrap: wrap; gap: 4px; }}
.vl-branch-tools .widget-label {{ width: auto; min-width: 0; }}
.vl-compare table {{ border-collapse: collapse; font-size: 12px; }}
.vl-compare th, .vl-compare td {{ padding: 1px 6px; border-bottom: 1px solid #e3d8bf; }}
.vl-compare td.vl-diff {{ background: #f6dca0; font-weight: bold; }}
/* The state line's data attributes show and hide the panels: no message of their own. */
.vl-play:has(.vl-state[data-chance="0"]) .vl-chance,
.vl-play:has(.vl-state[data-human="0"]) .vl-actions,
.vl-play:not(:has(.vl-state[data-pending="place"][data-over="0"])) .vl-place-box,
.vl-play:has(.vl-state[data-human="0"]) .vl-place-buttons,
.vl-play:has(.vl-state[data-dice="1"]) .vl-roll-card,
.vl-play:has(.vl-state[data-dice="0"]) .vl-roll-die {{ display: none !important; }}
/* Narrow screens (issue 24 item 1): the deck editor and the variants fit the page's
   width instead of scrolling sideways in a box of their own; rows wrap, fixed widths
   give way (the widgets' own widths are inline styles, hence !important), no label or
   variant text is cut. */
.verlies-deck-editor {{ max-width: 100%; box-sizing: border-box; }}
.verlies-deck-editor .widget-hbox {{ flex-wrap: wrap; max-width: 100%; }}
.verlies-deck-editor .widget-box {{ min-width: 0 !important; max-width: 100%; }}
.verlies-deck-editor .widget-inline-hbox, .verlies-deck-editor .widget-select {{
  max-width: 100%; }}
.verlies-deck-editor .widget-label {{ overflow: visible; white-space: normal; }}
.verlies-deck-editor .jupyter-button {{ max-width: 100%; height: auto; min-height: 28px;
  white-space: normal; }}
.vl-variants {{ max-width: 100%; }}
.vl-variants .widget-checkbox {{ height: auto; max-width: 100%; align-items: flex-start; }}
.vl-variants .widget-checkbox label {{ white-space: normal; overflow: visible;
  text-overflow: clip; height: auto; line-height: 1.35; padding: 3px 0; }}
.vl-variants .widget-checkbox input {{ margin-top: 6px; }}
.vl-setup .widget-hbox {{ flex-wrap: wrap; max-width: 100%; }}
.verlies-variants .widget-hbox {{ flex-wrap: wrap; max-width: 100%; }}
.verlies-variants .widget-html {{ flex: 1 1 14em; min-width: 0; }}
.verlies-variants .widget-html-content {{ white-space: normal; overflow: visible;
  line-height: 1.3; height: auto; }}
.verlies-deck-editor .widget-html-content {{ max-width: 100%; overflow-x: auto; }}
@media (max-width: 500px) {{
  .verlies-deck-editor .verlies-composition th, .verlies-deck-editor .verlies-composition td {{
    padding: 1px 3px !important; font-size: 12px; }}
}}
@media (max-width: 860px) {{
  .verlies-deck-editor.widget-vbox > .widget-inline-hbox,
  .verlies-deck-editor.widget-vbox > .widget-box,
  .verlies-deck-editor .widget-vbox > .widget-inline-hbox,
  .verlies-deck-editor .widget-vbox > .widget-box {{
    align-self: stretch; width: auto !important; }}
  .verlies-deck-editor .widget-hbox > .widget-inline-hbox,
  .verlies-deck-editor .widget-hbox > .widget-box {{
    flex: 1 1 100%; width: auto !important; min-width: 0 !important; }}
  .verlies-deck-editor .widget-hbox > .jupyter-button {{ width: auto !important; }}
}}
</style>
"""

#: The Balance and Deck tabs' run panels (A/B run, balance across skill, suggestions,
#: which card matters, sweep a number): one look for all (issue 20). A panel's box has
#: ``vl-panel`` (a section below another: ``vl-panel-section`` too), its settings row
#: ``vl-panel-controls`` of ``vl-panel-field`` boxes (a label over its input) and
#: ``vl-panel-buttons``, its progress a :class:`verlies.ui.runs.panel_view.ProgressRow`, a
#: table that turns into blocks on a narrow screen ``vl-panel-table`` (each value under its
#: column's name, from the cells' ``data-col``). Controls wrap instead of shrinking; labels
#: and buttons take the width of their words, so a panel reads at 390 px as at 1,280 px.
#: A panel's own styles come after this block (same selectors' weight: they win).
PANEL_CSS = """<style>
.vl-panel { box-sizing: border-box; max-width: 100%; min-width: 0; }
.vl-panel.vl-panel-section { margin-top: 18px; border-top: 1px solid #ccc; padding-top: 8px; }
.vl-panel .vl-panel-heading { font-size: 1.15em; font-weight: 600; }
.vl-panel .vl-panel-controls { display: flex; flex-flow: row wrap; gap: 6px 14px;
  align-items: flex-end; max-width: 100%; }
.vl-panel .vl-panel-field { width: auto; min-width: 0; max-width: 100%; margin: 0; }
.vl-panel .vl-panel-field .widget-label { width: auto; min-width: 0; max-width: 100%;
  overflow: visible; white-space: normal; line-height: 1.3; margin: 0 0 2px 0;
  height: auto; }
.vl-panel .vl-panel-field .widget-text, .vl-panel .vl-panel-field .widget-dropdown {
  width: 7.5em; margin: 0; }
.vl-panel .vl-panel-field input, .vl-panel .vl-panel-field select { width: 100%; }
.vl-panel .vl-panel-buttons { display: flex; flex-flow: row wrap; gap: 6px; width: auto;
  max-width: 100%; margin: 0; }
.vl-panel .jupyter-button { width: auto; min-width: max-content; max-width: 100%;
  padding: 0 12px; margin: 0; overflow: visible; }
.vl-panel .vl-progress-row { display: flex; flex-flow: row wrap; gap: 4px 10px;
  align-items: center; max-width: 100%; }
.vl-panel .vl-progress-row .widget-progress { width: 12em; max-width: 100%; margin: 0; }
.vl-panel .widget-html, .vl-panel .widget-html-content { max-width: 100%;
  white-space: normal; overflow-wrap: anywhere; height: auto; }
.vl-panel .vl-panel-failed { color: #b3261e; }
.vl-panel .vl-panel-table { overflow-x: auto; max-width: 100%; }
.vl-panel .vl-panel-table table { font-size: 0.92em; border-collapse: collapse; }
.vl-panel .vl-panel-table td, .vl-panel .vl-panel-table th { padding: 2px 6px;
  overflow-wrap: normal; word-break: normal; vertical-align: top; }
@media (max-width: 600px) {
  /* a narrow screen: each table row is a block, every value under its column's name */
  .vl-panel .vl-panel-table table, .vl-panel .vl-panel-table tbody,
  .vl-panel .vl-panel-table tr, .vl-panel .vl-panel-table td { display: block; }
  .vl-panel .vl-panel-table tr:first-child { display: none; }
  .vl-panel .vl-panel-table tr { border-top: 1px solid #ddd; padding: 3px 0; }
  .vl-panel .vl-panel-table td { text-align: left !important; padding: 0 4px; }
  .vl-panel .vl-panel-table td:first-child { font-weight: 600; }
  .vl-panel .vl-panel-table td:not(:first-child)::before {
    content: attr(data-col) ": "; color: #555; }
}
</style>"""


# ---- each panel's own styles, after PANEL_CSS (moved here from the panels, issue 39) ----

#: The tab's own styles, after the run panels' shared ones (theme.PANEL_CSS): what to
#: watch takes the width of its words, the verdict stands out, the charts fit the width.
BALANCE_CSS = """<style>
.vl-balance .vl-balance-watch .widget-dropdown { width: max-content; max-width: 100%; }
.vl-balance .vl-balance-watch select { width: auto; flex: 0 1 auto; max-width: 100%; }
.vl-balance .vl-balance-verdict { font-size: 1.05em; font-weight: 600; }
.vl-balance .vl-balance-table td, .vl-balance .vl-balance-table th { hyphens: auto; }
.vl-balance .vl-balance-size { margin-top: 10px; border-top: 1px solid #ddd;
  padding-top: 6px; max-width: 100%; }
.vl-balance .vl-diff { max-width: 760px; margin: 8px 0; }
.vl-balance .vl-diff-title { font-weight: 600; margin-bottom: 2px; }
.vl-balance .bqplot { max-width: 100%; min-width: 0; }
</style>"""

#: The section's own styles, after the run panels' shared ones (theme.PANEL_CSS; there the
#: controls wrap and the tables become blocks when narrow).
SKILL_CSS = """<style>
.vl-skill .vl-skill-tables .widget-dropdown { width: max-content; max-width: 100%; }
.vl-skill .vl-skill-tables select { width: auto; flex: 0 1 auto; max-width: 100%; }
.vl-skill .vl-skill-robust { font-size: 1.05em; font-weight: 600; }
.vl-skill .vl-skill-says { padding-left: 1.2em; margin: 4px 0; }
.vl-skill .vl-skill-unbalanced { font-weight: 600; color: #8a2b00; }
.vl-skill .vl-skill-title { font-weight: 600; margin: 10px 0 2px 0; }
.vl-skill .vl-skill-table td, .vl-skill .vl-skill-table th { text-align: left; }
.vl-skill .vl-skill-cell .vl-skill-rate { font-weight: 600; white-space: nowrap; }
.vl-skill .vl-skill-cell .vl-skill-ci { display: block; font-size: 0.85em; color: #444;
  white-space: nowrap; }
.vl-skill .vl-skill-legend { font-size: 0.9em; color: #444; }
@media (max-width: 600px) {
  .vl-skill .vl-skill-cell .vl-skill-ci { display: inline; }
}
</style>"""

#: The section's own styles, after the run panels' shared ones (theme.PANEL_CSS).
SUGGEST_CSS = """<style>
.vl-suggest .vl-suggest-field .widget-text { width: 7.5em; margin: 0; }
.vl-suggest .vl-suggest-field .widget-textarea { width: 22em; max-width: 100%; margin: 0; }
.vl-suggest .vl-suggest-field textarea { width: 100%; font-family: monospace; }
.vl-suggest .vl-suggest-title { font-weight: 600; margin: 10px 0 2px 0; }
.vl-suggest .vl-suggest-edits { padding-left: 1.2em; margin: 4px 0; }
.vl-suggest .vl-suggest-table td, .vl-suggest .vl-suggest-table th { text-align: left; }
.vl-suggest .vl-suggest-verdict-met { color: #1b6e20; font-weight: 600; }
.vl-suggest .vl-suggest-verdict-missed { color: #b3261e; font-weight: 600; }
.vl-suggest .vl-suggest-stale { color: #b3261e; }
.vl-suggest .vl-suggest-rerun { width: auto; max-width: 100%; }
.vl-suggest .vl-suggest-rerun .widget-label-basic, .vl-suggest .vl-suggest-rerun {
  white-space: normal; height: auto; }
</style>"""

#: The Named drafts panel's own styles.
DRAFTS_CSS = """<style>
.vl-drafts { box-sizing: border-box; max-width: 100%; min-width: 0; margin: 6px 0; }
.vl-drafts .vl-drafts-row { display: flex; flex-flow: row wrap; gap: 6px 10px;
  align-items: flex-end; max-width: 100%; }
.vl-drafts .vl-drafts-field { width: auto; min-width: 0; margin: 0; }
.vl-drafts .vl-drafts-field .widget-label { width: auto; max-width: 100%; white-space: normal;
  line-height: 1.3; margin: 0 0 2px 0; height: auto; }
.vl-drafts .vl-drafts-field .widget-text, .vl-drafts .vl-drafts-field .widget-dropdown {
  width: auto; max-width: 100%; margin: 0; }
.vl-drafts .vl-drafts-field input { width: 12em; max-width: 100%; }
.vl-drafts .vl-drafts-games input { width: 6em; }
.vl-drafts .vl-drafts-field select { width: auto; max-width: 100%; }
.vl-drafts .jupyter-button { width: auto; min-width: max-content; max-width: 100%;
  padding: 0 12px; margin: 0; }
.vl-drafts .widget-html, .vl-drafts .widget-html-content { max-width: 100%; height: auto;
  white-space: normal; overflow-wrap: anywhere; }
.vl-drafts .vl-drafts-verdict { font-weight: 600; }
</style>"""

#: The panel's own styles, after the run panels' shared ones (theme.PANEL_CSS): its
#: inputs and lists take the width of their contents.
IMPACT_CSS = """<style>
.vl-impact { margin: 6px 0; }
.vl-impact .vl-impact-field .widget-text, .vl-impact .vl-impact-field .widget-dropdown {
  width: auto; max-width: 100%; margin: 0; }
.vl-impact .vl-impact-field input { width: 6em; }
.vl-impact .vl-impact-field select { width: auto; max-width: 100%; }
.verlies-deck-editor .vl-impact-list { max-width: 100%; }
.verlies-deck-editor .vl-impact-list select { max-width: 100%; }
/* A narrow screen cannot show the list's entries whole: the figures are listed again as a
   table in the list's order, one block per card, every value under its column's name. */
.vl-impact .vl-impact-table { display: none; }
@media (max-width: 700px) {
  .vl-impact .vl-impact-table { display: block; }
  .vl-impact .vl-impact-table table, .vl-impact .vl-impact-table tbody,
  .vl-impact .vl-impact-table tr, .vl-impact .vl-impact-table td { display: block; }
  .vl-impact .vl-impact-table tr:first-child { display: none; }
  .vl-impact .vl-impact-table tr { border-top: 1px solid #ddd; padding: 3px 0; }
  .vl-impact .vl-impact-table td { padding: 0 4px; }
  .vl-impact .vl-impact-table td:first-child { font-weight: 600; }
  .vl-impact .vl-impact-table td:not(:first-child)::before {
    content: attr(data-col) ": "; color: #555; }
}
</style>"""

#: The Print panel's own styles: its buttons wrap and take the width of their words.
PRINT_CSS = """<style>
.vl-print .vl-print-row { display: flex; flex-flow: row wrap; gap: 6px 10px; max-width: 100%; }
.vl-print .jupyter-button { width: auto; min-width: max-content; max-width: 100%;
  padding: 0 12px; margin: 0; }
.vl-print .widget-html, .vl-print .widget-html-content { max-width: 100%; height: auto;
  white-space: normal; overflow-wrap: anywhere; }
</style>"""

#: The panel's own styles, after the run panels' shared ones (theme.PANEL_CSS): its
#: inputs take the width of their numbers, the curve the panel's width up to 560 px.
SWEEP_CSS = """<style>
.vl-sweep { margin: 6px 0; }
.vl-sweep .vl-sweep-field .widget-text, .vl-sweep .vl-sweep-field .widget-dropdown {
  width: auto; max-width: 100%; margin: 0; }
.vl-sweep .vl-sweep-field input { width: 5em; }
.vl-sweep .vl-sweep-field select { width: auto; max-width: 100%; }
.vl-sweep .vl-sweep-plot { width: 100%; max-width: 560px; min-width: 0; margin: 0;
  box-sizing: border-box; }
.vl-sweep .vl-sweep-plot .dot { cursor: pointer; }
.vl-sweep .vl-sweep-table-box { max-width: 100%; overflow-x: auto; }
.vl-sweep .vl-sweep-table { border-collapse: collapse; font-size: 12px; }
.vl-sweep .vl-sweep-table th, .vl-sweep .vl-sweep-table td { padding: 1px 6px;
  text-align: right; border-bottom: 1px solid #eee; white-space: nowrap; }
.vl-sweep .vl-sweep-table .vl-now td, .vl-sweep .vl-sweep-table .vl-now th {
  color: #b3261e; font-weight: bold; }
.vl-sweep .vl-sweep-stale { color: #8a6a00; font-weight: bold; }
.vl-sweep .vl-stale .vl-sweep-table, .vl-sweep .vl-stale .vl-heat { opacity: 0.55; }
</style>"""

#: The Balance tab's game-feel section (verlies/ui/balance/feel_view.py).
FEEL_CSS = """<style>
.vl-feel .vl-feel-title { font-weight: 600; margin: 10px 0 2px 0; }
.vl-feel .vl-feel-row { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 10px; }
.vl-feel .vl-feel-row .widget-html { max-width: 100%; }
.vl-feel .vl-feel-row .widget-html-content { white-space: normal; }
.vl-feel button.vl-feel-show { width: auto; max-width: 100%; height: auto;
  min-height: var(--jp-widgets-inline-height, 28px); white-space: normal; }
</style>"""

#: The button's words wrap at 390 px; the lines too.
PEOPLE_CSS = """<style>
.vl-people button.vl-people-show { width: auto; max-width: 100%; height: auto;
  min-height: var(--jp-widgets-inline-height, 28px); white-space: normal; }
.vl-people .widget-html-content { white-space: normal; }
.vl-people ul { margin: 2px 0; padding-left: 1.2em; }
</style>"""
