// A visitor who leaves the page (reload, closed tab, another address) ends its kernel.
// Voila's page sends that shutdown request on "beforeunload" with the "_xsrf" cookie's
// value as the form field; the server accepts it only when the two match (tornado's
// double-submit check). Standalone Voila never sets that cookie (its page handler does not
// ask for a token), so the field went out empty and every shutdown was refused with 403:
// each reload left a kernel of about 100 MB until the idle cull. When there is no such
// cookie, the page makes one: 128 random bits, for this server's paths only, not readable
// by another site (SameSite=Strict). A cookie the server set already is kept as it is.
(() => {
  const base = window.verliesBaseUrl || "/";
  if (/(^|;\s*)_xsrf=[^;]+/.test(document.cookie)) return;
  const bytes = new Uint8Array(16);
  window.crypto.getRandomValues(bytes);
  const token = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `_xsrf=${token}; path=${base}; SameSite=Strict${secure}`;
})();
// Voila sends the shutdown on "beforeunload", which comes before the browser asks "leave
// this page?" (resume.js asks while a game is not saved): a visitor who stays would have
// lost the kernel. Listeners for "beforeunload" added after this script (Voila's bundle
// loads later; resume.js's own warning came before) run on "pagehide" instead, when the
// page really goes.
(() => {
  const add = window.addEventListener;
  window.addEventListener = function (type, listener, options) {
    const moved = type === "beforeunload" ? "pagehide" : type;
    return add.call(this, moved, listener, options);
  };
})();
