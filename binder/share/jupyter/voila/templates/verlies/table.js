// Shared tables' invite links (issue 23, verlies/ui/table/table_view.py): the kernel writes each
// link as "?table=…&seat=…" (it does not know the address the browser used); here each is
// made the page's own origin and path plus that query, so it can be sent as it stands, and
// its "Copy" button puts it on the clipboard (a hidden text field where the clipboard API
// is refused) and says so on the button.
(() => {
  const absolute = (a) => {
    const q = a.getAttribute("data-query") || a.getAttribute("href") || "";
    if (!q.startsWith("?")) return;
    a.setAttribute("data-query", q);
    const url = window.location.origin + window.location.pathname + q;
    if (a.getAttribute("href") !== url) a.setAttribute("href", url);
    if (a.textContent !== url) a.textContent = url;
  };
  const fill = () => document.querySelectorAll("a.vl-table-link").forEach(absolute);
  const fallback = (text) => {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  };
  document.addEventListener("click", (event) => {
    const b = event.target instanceof Element && event.target.closest(".vl-table-copy");
    if (!b) return;
    const a = b.parentElement && b.parentElement.querySelector("a.vl-table-link");
    if (!a) return;
    absolute(a);
    const done = () => { b.textContent = b.getAttribute("data-done") || b.textContent; };
    const text = a.getAttribute("href");
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, () => { if (fallback(text)) done(); });
    } else if (fallback(text)) {
      done();
    }
  });
  let queued = false;
  const look = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; fill(); });
  };
  const start = () => new MutationObserver(look).observe(document.body,
    { childList: true, subtree: true });
  if (document.body) start(); else document.addEventListener("DOMContentLoaded", start);
})();
