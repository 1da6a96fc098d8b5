/* Nothing lost (verlies/ui/play/autosave_store.py, autosave_view.py): included by index.html.j2.
 *
 * 1. Who this browser is: a random id kept in localStorage, sent to the kernel with the
 *    page's query string (?resume=<record id>) and time zone through the hidden text field
 *    .vl-client, until the kernel's .vl-autosave line names the id back.
 * 2. The kernel's connection: every websocket to /api/kernels/<id>/channels is watched. A
 *    status message "restarting"/"dead" (the kernel process died; the server started a bare
 *    one) or a socket closed and not opened again within a few seconds (the server went
 *    away) shows a banner with the words the page put in .vl-autosave's data attributes
 *    while the kernel was alive: "The game server restarted - reload to resume at step N".
 *    The server says "dead" too when it ends a kernel a page is connected to (a shutdown
 *    request, culling: verlies/serve/kernels.py), then closes the socket.
 *    Once the banner is up the page takes no more input: everything but the banner is
 *    inert, and keys, clicks and touches outside it are stopped before any widget sees
 *    them (the page's own shortcut keys too): a dead kernel's page must not answer "ok".
 *    Words the kernel never wrote come from #vl-lost-words (verlies/serve/banner_words.py),
 *    in the page's language.
 * 3. Closing the tab warns while .vl-autosave says data-unsaved="1" (played here, not
 *    over, and the last write to the store failed).
 * 4. The heartbeat: a kernel (or server) that is frozen but still reachable keeps its
 *    socket open and says nothing, so 2. never fires. Every HEARTBEAT_MS the page asks
 *    the kernel a kernel_info_request on its control channel (a v1 frame on the page's
 *    own socket; ipykernel answers control on a thread of its own, so a kernel busy with
 *    long work still answers: only a stopped or hung process does not). When no answer
 *    came within the bound, the page asks the server (GET /api/kernels/<id>, the
 *    kernel's own route). The bound follows observed times only, no fixed floor: FACTOR
 *    times the slowest of the kernel's last KEEP answers or of the server's answer now,
 *    whichever is longer, so a machine that is slow for everything waits longer. It is
 *    judged only once MIN_ANSWERS answers were seen (a bound from fewer is a guess), and
 *    a beat is missed when it is still unanswered past a bound the server's answer of
 *    that moment took part in. MISSES missed checks in a row (each at its own tick,
 *    each with its own server answer) and the banner says
 *    the game server does not answer (reload to resume) and the page takes no input;
 *    it goes, and the page takes input again, when the kernel answers. A kernel that
 *    died (2.) is said over it and never goes.
 * 5. A page whose widgets did not draw. Voila shows a widget only once its model came from
 *    the kernel; when the model is not there it writes "Error displaying widget: model not
 *    found" where the page should be and logs "widget model not found" (seen rarely, on a
 *    loaded machine, the page left blank and silent); a model it never gets leaves the
 *    page blank without a word. Both are caught here: the message, and a page still
 *    without its widget (.vl-app) after the kernel sent every widget's state and the page
 *    stopped changing over several heartbeat answers (4.) in a row. A page
 *    with nothing drawn (.vl-app missing) is reloaded once by itself (a new kernel; the
 *    work is in the store, nothing is lost), and a second failure, or a page drawn in
 *    part, gets the banner (the page's language, Reload) and takes no input. The message
 *    goes to the console as a warning with its details, not as an error.
 * Jinja reads this file: no double braces, no brace-percent, no brace-hash in it.
 */
(function () {
  "use strict";
  const KEY = "verlies.client";
  const GRACE_MS = 4000;
  let client = null;
  try {
    client = window.localStorage.getItem(KEY);
    if (!client || !/^[0-9a-f]{32}$/.test(client)) {
      const bytes = new Uint8Array(16);
      window.crypto.getRandomValues(bytes);
      client = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
      window.localStorage.setItem(KEY, client);
    }
  } catch (err) {
    client = null; // storage refused (private mode): the resume link still works
  }
  const hello = JSON.stringify({
    client: client,
    query: window.location.search,
    tz: -new Date().getTimezoneOffset(),
  });

  const watch = {
    kernel: null, open: 0, lastOpen: 0, lastClose: 0, lost: null, timer: null, refused: 0,
  };
  window.verliesWatch = watch; // read by the browser tests
  // part 5: whether the widgets' states came, and how long the page has not changed since
  const draw = { states: false, changes: 0, seen: -1, quiet: 0, done: false, expects: false };
  watch.draw = draw;

  function line() {
    return document.querySelector(".vl-autosave");
  }

  function sendHello() {
    const input = document.querySelector(".vl-client input");
    const ack = line();
    if (!input || (ack && client && ack.dataset.client === client)) return;
    if (ack && !client && input.value === hello) return;
    input.value = hello;
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }
  const helloTimer = window.setInterval(() => {
    sendHello();
    const ack = line();
    if (ack && client && ack.dataset.client === client) window.clearInterval(helloTimer);
  }, 500);

  let leaving = false; // a page being left closes its sockets: that is no server restart

  function words() {
    let all = null;
    try {
      all = JSON.parse(document.getElementById("vl-lost-words").textContent);
    } catch (err) {
      all = null;
    }
    const active = document.querySelector(".vl-lang .mod-active");
    // no language buttons (the page did not draw): the language this browser chose last
    // (a11y.js keeps it; a link's ?lang= first)
    let chosen = active ? active.textContent : "";
    if (!active) {
      try {
        chosen = new URLSearchParams(window.location.search).get("lang") ||
          window.localStorage.getItem("verlies.lang") || "";
      } catch (err) {
        chosen = "";
      }
    }
    const lang = chosen.trim().toLowerCase() === "en" ? "en" : "de";
    const fallback = {
      lost: "The game server restarted — reload the page", reload: "Reload", inert: "",
      frozen: "The game server does not answer — reload to resume", frozen_inert: "",
      undrawn: "The page did not finish drawing — reload it",
    };
    return (all && all[lang]) || fallback;
  }

  // Input outside the banner, stopped at the window before any listener of the page.
  const INPUT = ["keydown", "keyup", "keypress", "beforeinput", "input", "change", "paste",
    "drop", "pointerdown", "pointerup", "mousedown", "mouseup", "click", "dblclick",
    "contextmenu", "touchstart", "touchend", "submit"];
  let box = null;
  function refuse(event) {
    if (!watch.lost || (box && event.target instanceof Node && box.contains(event.target))) return;
    event.stopImmediatePropagation();
    if (event.cancelable) event.preventDefault();
    watch.refused += 1;
  }
  INPUT.forEach((type) => window.addEventListener(type, refuse, true));

  const madeInert = new Set();
  let inertWatch = null;
  function makeInert(root) {
    for (const child of Array.from(root.children)) {
      if (child !== box && child.tagName !== "SCRIPT" && !child.inert) {
        child.inert = true;
        madeInert.add(child);
      }
    }
  }

  function unbanner() {
    // only a frozen server's banner goes (it answered again); a dead kernel's stays
    if (watch.lost !== "frozen") return;
    if (inertWatch) inertWatch.disconnect();
    inertWatch = null;
    madeInert.forEach((el) => { el.inert = false; });
    madeInert.clear();
    if (box) box.remove();
    box = null;
    watch.lost = null;
    delete document.documentElement.dataset.verliesLost;
    watch.beat.cleared += 1;
  }

  function banner(why) {
    if (leaving) return;
    if (watch.lost === "frozen" && why !== "frozen") unbanner(); // dead is worse: say it
    if (watch.lost) return;
    watch.lost = why;
    const source = line();
    const said = words();
    const frozen = why === "frozen";
    const undrawnPage = why === "undrawn";
    const text = frozen ? said.frozen : undrawnPage ? said.undrawn
      : source ? source.dataset.lost : said.lost;
    const reload = source ? source.dataset.reload : said.reload;
    box = document.createElement("div");
    box.className = "vl-lost-banner";
    box.dataset.why = why;
    box.setAttribute("role", "alert");
    box.style.cssText =
      "position:fixed;top:0;left:0;right:0;z-index:10000;padding:.7em 1em;" +
      "background:#b3261e;color:#fff;font:600 15px sans-serif;display:flex;gap:1em;" +
      "align-items:center;flex-wrap:wrap;box-shadow:0 2px 6px rgba(0,0,0,.3)";
    const span = document.createElement("span");
    span.className = "vl-lost-text";
    span.textContent = text;
    const button = document.createElement("button");
    button.className = "vl-lost-reload";
    button.textContent = reload;
    button.addEventListener("click", () => window.location.reload());
    const note = document.createElement("span");
    note.className = "vl-lost-inert";
    note.style.cssText = "flex-basis:100%;font-weight:400;font-size:13px";
    note.textContent = frozen ? said.frozen_inert : said.inert;
    box.append(span, button, note);
    document.body.appendChild(box);
    // The page stops taking input: what it shows stays readable, nothing reacts.
    makeInert(document.body);
    inertWatch = new MutationObserver(() => makeInert(document.body));
    inertWatch.observe(document.body, { childList: true });
    document.documentElement.dataset.verliesLost = why;
    button.focus();
  }

  const DEATH = /"execution_state"\s*:\s*"(restarting|autorestarting|dead)"/;
  const decoder = new TextDecoder();
  function inspect(text) {
    if (beat.id && text.indexOf(beat.id) >= 0 && text.indexOf('"kernel_info_reply"') >= 0) {
      answered();
      return;
    }
    if (!draw.states && text.indexOf('"update_states"') >= 0) draw.states = true;
    if (text.indexOf('"status"') >= 0 && DEATH.test(text)) banner("kernel");
  }

  // ---- 4. the heartbeat ------------------------------------------------------------
  const HEARTBEAT_MS = 2000;
  const FACTOR = 8;
  const KEEP = 8; // the kernel's answers the bound follows
  const MIN_ANSWERS = 3; // answers seen before a bound may be judged
  const MISSES = 2; // missed checks in a row before the banner
  const beat = {
    id: null, at: 0, sent: 0, answered: 0, cleared: 0, rtts: [], serverMs: 0, asking: false,
    socket: null, url: null, misses: 0, missedRounds: 0,
  };
  watch.beat = beat; // read by the browser tests
  const beatSession = Array.from(window.crypto.getRandomValues(new Uint8Array(8)),
    (b) => b.toString(16).padStart(2, "0")).join("");
  const encoder = new TextEncoder();

  function v1Frame(channel, parts) {
    // jupyter_server's v1 kernel websocket frame: a count of offsets, the offsets
    // (little-endian 64-bit), then the channel and the message's parts
    const chunks = [encoder.encode(channel), ...parts.map((p) => encoder.encode(JSON.stringify(p)))];
    const count = chunks.length + 1;
    const head = 8 * (1 + count);
    const size = chunks.reduce((n, c) => n + c.length, head);
    const buffer = new ArrayBuffer(size);
    const view = new DataView(buffer);
    view.setBigUint64(0, BigInt(count), true);
    let at = head;
    view.setBigUint64(8, BigInt(at), true);
    chunks.forEach((c, i) => {
      new Uint8Array(buffer, at, c.length).set(c);
      at += c.length;
      view.setBigUint64(8 * (i + 2), BigInt(at), true);
    });
    return buffer;
  }

  function bound() {
    // observed times only: the kernel's slowest recent answer, the server's answer now
    const slowest = beat.rtts.length ? Math.max(...beat.rtts) : 0;
    return FACTOR * Math.max(slowest, beat.serverMs);
  }

  function missed(round) {
    // one miss per check at most; the banner after MISSES checks in a row
    if (round.counted) return;
    round.counted = true;
    beat.misses += 1;
    beat.missedRounds += 1;
    if (beat.misses >= MISSES) banner("frozen");
  }

  function ping() {
    const socket = beat.socket;
    if (!socket || socket.readyState !== Native.OPEN || beat.id) return;
    if (socket.protocol !== "v1.kernel.websocket.jupyter.org") return; // no frame of ours
    beat.sent += 1;
    beat.id = "verlies-beat-" + beatSession + "-" + beat.sent;
    beat.at = performance.now();
    const header = {
      msg_id: beat.id, msg_type: "kernel_info_request", username: "verlies-heartbeat",
      session: beatSession, date: new Date().toISOString(), version: "5.3",
    };
    try {
      socket.send(v1Frame("control", [header, {}, {}, {}]));
    } catch (err) {
      beat.id = null;
    }
  }

  function answered() {
    beat.rtts.push(performance.now() - beat.at);
    if (beat.rtts.length > KEEP) beat.rtts.shift();
    beat.id = null;
    beat.answered += 1;
    beat.misses = 0;
    unbanner();
    drawWatch();
  }

  function askServer() {
    // overdue: how fast does the server answer now? The bound stretches with it.
    if (beat.asking || !beat.url || beat.answered < MIN_ANSWERS) return;
    beat.asking = true;
    const asked = beat.at;
    const round = { counted: false };
    const t0 = performance.now();
    const silent = window.setTimeout(() => {
      // the server does not answer either within the bound: a miss too
      if (beat.id && beat.at === asked) missed(round);
    }, bound());
    window.fetch(beat.url, { credentials: "same-origin", cache: "no-store" })
      .then(() => {
        beat.serverMs = performance.now() - t0;
        window.clearTimeout(silent);
        if (beat.id && beat.at === asked && performance.now() - asked >= bound()) {
          missed(round);
        }
      })
      .catch(() => undefined) // a server gone: its socket closes (2.) and says so
      .finally(() => { beat.asking = false; });
  }

  window.setInterval(() => {
    if (leaving || (watch.lost && watch.lost !== "frozen")) return;
    if (!beat.id) ping();
    else if (performance.now() - beat.at >= bound()) askServer();
  }, HEARTBEAT_MS);

  function closed() {
    watch.open = Math.max(0, watch.open - 1);
    watch.lastClose = Date.now();
    window.clearTimeout(watch.timer);
    watch.timer = window.setTimeout(() => {
      if (watch.open === 0 && watch.lastOpen < watch.lastClose) banner("server");
    }, GRACE_MS);
  }

  const Native = window.WebSocket;
  class Watched extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      const m = /\/api\/kernels\/([0-9a-f-]{36})\/channels/.exec(String(url));
      if (!m) return;
      watch.kernel = m[1];
      const page = new URL(String(url), window.location.href);
      page.protocol = page.protocol === "wss:" ? "https:" : "http:";
      page.search = "";
      page.pathname = page.pathname.replace(/\/channels\/?$/, "");
      this.addEventListener("open", () => {
        watch.open += 1;
        watch.lastOpen = Date.now();
        beat.socket = this; // the heartbeat asks on the socket open now
        beat.url = page.href;
        beat.id = null;
      });
      this.addEventListener("close", closed);
      this.addEventListener("message", (event) => {
        const data = event.data;
        if (typeof data === "string") inspect(data);
        else if (data instanceof ArrayBuffer) inspect(decoder.decode(data));
        else if (data instanceof Blob) data.text().then(inspect);
      });
    }
  }
  window.WebSocket = Watched;

  window.addEventListener("beforeunload", (event) => {
    const el = line();
    if (el && el.dataset.unsaved === "1") {
      event.preventDefault();
      event.returnValue = "";
    }
  });
  window.addEventListener("pagehide", () => {
    leaving = true;
    window.clearTimeout(watch.timer);
  });

  // ---- 5. a page that did not draw -------------------------------------------------
  const UNDRAWN = /widget model not found/;
  const REDRAWN = "verlies.redrawn";
  watch.undrawn = 0; // read by the browser tests
  const nativeError = window.console.error.bind(window.console);
  function said(value) {
    return String(value && value.message !== undefined ? value.message : value);
  }
  function drawn() {
    return document.querySelector(".vl-app") !== null;
  }
  function notDrawn(args) {
    watch.undrawn += 1;
    window.console.warn("verlies: the page did not finish drawing:", ...args.map(said));
    let tries = 0;
    try {
      tries = Number(window.sessionStorage.getItem(REDRAWN) || 0);
    } catch (err) {
      tries = 1; // no storage: no way to stop a loop of reloads, so no reload by itself
    }
    if (!drawn() && tries < 1 && !leaving) {
      try {
        window.sessionStorage.setItem(REDRAWN, String(tries + 1));
      } catch (err) {
        /* said above */
      }
      leaving = true;
      window.location.reload();
      return;
    }
    banner("undrawn");
  }
  window.console.error = function (...args) {
    if (args.some((a) => UNDRAWN.test(said(a)))) notDrawn(args);
    else nativeError(...args);
  };
  // Nothing said, nothing drawn: the widgets' states came, the kernel answers the
  // heartbeat, and the page has not changed over QUIET_BEATS answers in a row. A page
  // still building its widgets changes; a busy browser answers no beat meanwhile (its
  // timers wait too), so a slow machine only waits longer.
  const QUIET_BEATS = 5;
  // Only a page whose notebook shows the explorer (its cell output names .vl-app) is
  // judged by its silence: another notebook served here may draw no widget at all. Voila
  // takes the outputs out of the document once it drew them: read them when it is parsed.
  function expectsApp() {
    if (!draw.expects) {
      const outputs = 'script[type="application/vnd.voila.cell-output+json"]';
      draw.expects = Array.from(document.querySelectorAll(outputs))
        .some((s) => s.textContent.indexOf("vl-app") >= 0);
    }
    return draw.expects;
  }
  function drawWatch() {
    if (draw.done || watch.lost) return;
    if (drawn()) {
      draw.done = true;
      try {
        window.sessionStorage.removeItem(REDRAWN); // a later failure may reload again
      } catch (err) {
        /* nothing kept */
      }
      return;
    }
    if (!draw.states || document.readyState !== "complete" || !expectsApp()) return;
    draw.quiet = draw.changes === draw.seen ? draw.quiet + 1 : 0;
    draw.seen = draw.changes;
    if (draw.quiet >= QUIET_BEATS) {
      draw.done = true;
      notDrawn(["no widget drawn though the kernel sent every widget's state"]);
    }
  }
  document.addEventListener("DOMContentLoaded", expectsApp);
  const startDrawWatch = () => new MutationObserver(() => { draw.changes += 1; })
    .observe(document.documentElement, { childList: true, subtree: true, characterData: true });
  if (document.documentElement) startDrawWatch();
})();
