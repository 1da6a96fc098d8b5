// A browser that keeps no cookies from this server cannot reach the page's kernel (the
// server answers a kernel's routes only for the browser cookie its page was served with:
// verlies/serve/routes.py). The page response also sets "verlies-cookies", which this
// script can read: when it is missing and a cookie the script sets itself is not kept
// either (a page served without the check cookie by another setup is not told off), the
// page says why it cannot play, in German and English, at its top
// (verlies/serve/cookie_check.py writes the words).
(() => {
  if (/(^|;\s*)verlies-cookies=/.test(document.cookie)) return;
  document.cookie = "verlies-cookie-probe=1; path=/; max-age=60; SameSite=Strict";
  const kept = /(^|;\s*)verlies-cookie-probe=/.test(document.cookie);
  document.cookie = "verlies-cookie-probe=; path=/; max-age=0; SameSite=Strict";
  if (kept) return;
  const words = JSON.parse(document.getElementById("vl-cookie-words").textContent);
  const show = () => {
    if (document.getElementById("vl-cookie-notice")) return;
    const box = document.createElement("div");
    box.id = "vl-cookie-notice";
    box.setAttribute("role", "alert");
    box.style.cssText =
      "position:sticky;top:0;z-index:10000;box-sizing:border-box;width:100%;" +
      "padding:.75rem 1rem;background:#7a1f12;color:#fff8ec;font:15px/1.4 system-ui,sans-serif;" +
      "overflow-wrap:anywhere";
    for (const lang of ["de", "en"]) {
      const part = document.createElement("section");
      part.lang = lang;
      part.style.margin = ".25rem 0";
      const title = document.createElement("strong");
      title.textContent = words[lang].title;
      const body = document.createElement("p");
      body.style.margin = ".2rem 0";
      body.textContent = `${words[lang].text} ${words[lang].fix}`;
      part.append(title, body);
      box.append(part);
    }
    document.body.prepend(box);
    // the page below cannot start without its kernel: hidden, not left as raw widget text
    const hide = document.createElement("style");
    hide.textContent = "body > :not(#vl-cookie-notice) { display: none !important; }";
    document.head.append(hide);
  };
  if (document.body) show();
  else document.addEventListener("DOMContentLoaded", show);
})();
