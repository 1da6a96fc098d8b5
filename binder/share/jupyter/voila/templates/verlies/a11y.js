/* Two things the kernel's widgets cannot do by themselves (issue 24 items 6 and 8).
   1. The page keeps its language: a click on DE or EN is remembered in this browser
      (localStorage), and a reload or an opened link shows the page in that language again
      (the kernel starts in German; this presses the remembered button once it is there).
      A link's "?lang=en" (or "de") wins and is remembered too.
   2. ipywidgets' Play control draws icon-only buttons without names: they get names
      (aria-label and title) in the page's language, again after every redraw; other
      icon-only buttons are named by their tooltip. */
(() => {
  const KEY = "verlies.lang";
  const NAMES = {
    de: ["Automatisch spielen", "Pause", "Anhalten", "Wiederholen"],
    en: ["Play automatically", "Pause", "Stop", "Repeat"],
  };
  const store = (lang) => { try { localStorage.setItem(KEY, lang); } catch (e) { /* private mode */ } };
  const stored = () => { try { return localStorage.getItem(KEY); } catch (e) { return null; } };
  const asked = new URLSearchParams(window.location.search).get("lang");
  if (asked === "de" || asked === "en") store(asked);
  const active = () => {
    const b = document.querySelector(".vl-lang .mod-active");
    return b ? b.textContent.trim().toLowerCase() : null;
  };
  let restored = false;
  const restore = () => {
    if (restored) return;
    const want = stored();
    const buttons = Array.from(document.querySelectorAll(".vl-lang button"));
    if (!buttons.length || !active()) return;
    restored = true;
    if (want !== "de" && want !== "en" || want === active()) return;
    const button = buttons.find((b) => b.textContent.trim().toLowerCase() === want);
    if (button) button.click();
  };
  const name = () => {
    const lang = active() === "en" ? "en" : "de";
    document.querySelectorAll(".vl-autoplay").forEach((play) => {
      play.querySelectorAll("button").forEach((b, i) => {
        const label = NAMES[lang][i];
        if (label && b.getAttribute("aria-label") !== label) {
          b.setAttribute("aria-label", label);
          b.setAttribute("title", label);
        }
      });
    });
  };
  // Icon-only buttons (board tools, undo, steps …): Font Awesome's glyph would be their
  // name ("\uf060"); the glyph is hidden from the tree and the tooltip becomes the name.
  const iconNames = () => {
    document.querySelectorAll(".jupyter-button i.fa").forEach((icon) => {
      if (icon.getAttribute("aria-hidden") !== "true") icon.setAttribute("aria-hidden", "true");
    });
    document.querySelectorAll(".jupyter-button[title]").forEach((b) => {
      const own = b.textContent.replace(/[\ue000-\uf8ff]/g, "").trim();
      const tip = b.getAttribute("title");
      if (!own && tip && tip !== "null" && b.getAttribute("aria-label") !== tip) {
        b.setAttribute("aria-label", tip);
      }
    });
  };
  document.addEventListener("click", (event) => {
    const b = event.target instanceof Element && event.target.closest(".vl-lang button");
    if (b && event.isTrusted) store(b.textContent.trim().toLowerCase());
  }, true);
  let queued = false;
  const look = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; restore(); name(); iconNames(); });
  };
  const start = () => new MutationObserver(look).observe(document.body,
    { childList: true, subtree: true, attributes: true, attributeFilter: ["class", "title"] });
  if (document.body) start(); else document.addEventListener("DOMContentLoaded", start);
})();
