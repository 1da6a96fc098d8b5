/* The play page's keyboard (issue 12): Tab leaves the board, and single keys press the
   page's own buttons, so a shortcut does exactly what a click does. The board canvas
   (ipycanvas) swallows every key it sees, Tab too, which trapped the focus in it: this
   listener runs first (capturing, on the window) and keeps Tab and the shortcuts from
   reaching it. Keys typed into a text field, a list or the slider's readout stay there. */
(() => {
  const KEYS = {
    s: ".vl-step", t: ".vl-step-turn", u: ".vl-undo", y: ".vl-redo",
    r: ".vl-roll", b: ".vl-undo-turn",
  };
  const shown = (el) => el && el.offsetParent !== null && !el.disabled;
  const typing = (el) =>
    el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ||
    el instanceof HTMLSelectElement || (el instanceof HTMLElement && el.isContentEditable);
  const press = (selector, n) => {
    const found = Array.from(document.querySelectorAll(selector)).filter(shown);
    const el = found[n || 0];
    if (!el) return false;
    el.click();
    return true;
  };
  window.addEventListener("keydown", (event) => {
    const target = event.target;
    const onBoard = target instanceof HTMLCanvasElement;
    if (event.key === "Tab") {
      if (onBoard) event.stopPropagation(); // the browser moves the focus on
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey || typing(target)) return;
    if (!document.querySelector(".vl-play") || !shown(document.querySelector(".vl-play"))) {
      return;
    }
    const key = event.key.toLowerCase();
    let done = false;
    if (KEYS[key]) done = press(KEYS[key]);
    else if (/^[1-9]$/.test(key)) done = press(".vl-action", Number(key) - 1);
    if (done || onBoard) {
      event.preventDefault();
      event.stopPropagation();
    }
  }, true);
})();
/* One-click downloads (verlies/ui/play/tools_view.py): an export button puts a new
   a.vl-auto-download into the page; follow it once, as a click on it would. And the
   upload button's label without its file count. */
(() => {
  const seen = new Set();
  const follow = () => {
    // the upload button's label: ipywidgets adds how many files it holds, always "(0)"
    // here (the page takes the file at once), which reads as if loading had failed; the
    // deck editor's upload too (issue 24 item 9)
    for (const b of document.querySelectorAll(".vl-upload, .verlies-deck-editor .widget-upload")) {
      for (const n of b.childNodes) {
        if (n.nodeType === 3 && / \(\d+\)$/.test(n.data)) n.data = n.data.replace(/ \(\d+\)$/, "");
      }
    }
    for (const a of document.querySelectorAll("a.vl-auto-download[data-n]")) {
      const key = a.dataset.n + "|" + a.getAttribute("download");
      if (seen.has(key)) continue;
      seen.add(key);
      a.click();
    }
  };
  new MutationObserver(follow).observe(document.documentElement, {
    childList: true, subtree: true,
  });
})();
