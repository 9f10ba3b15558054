/**
 * In-page instrumentation for the benchmark, installed with page.addInitScript before the app's
 * own scripts run. Plain JS in a string (not a serialized TS function: tsx's helpers would not
 * exist in the page).
 *
 * Clocks: everything is in the page's performance.now() timeline (the same origin as resource
 * timing entries and event.timeStamp), so no Node↔browser clock mapping is needed.
 *
 * - window.__bench.api: resource-timing entries of /api/erp/<op> calls (PerformanceObserver,
 *   buffered). `responseEnd` = the last byte of the ERP answer arrived in the renderer's network
 *   stack: the start of every "answer → first rows" figure.
 * - "painted" = a requestAnimationFrame callback followed by a MessageChannel task, i.e. the first
 *   task after the frame that contains the DOM change has been produced (rAF runs right before
 *   style/layout/paint; the posted task runs after it).
 * - watchFirst(name, selector, text?): a MutationObserver reports when `selector` first matches (and,
 *   with `text`, its text contains it); the mark is { inserted, painted }. 'rows' (first accounts
 *   row, tr[data-row-id]) is armed at page start.
 * - lastClick / lastEnter: event.timeStamp of the latest click / Enter keydown (the start of the
 *   network figures: "click Giriş yap → …", "Enter in the invoice box → …").
 * - arm() + settle(): one interaction (keystroke or click). t0 = event.timeStamp of the first
 *   beforeinput / click after arm(); every DOM mutation after it schedules an "after paint" probe;
 *   settle() waits until the DOM has been quiet for `quietMs` (and, when given, `untilSelector`
 *   matches — or no longer matches with `untilAbsent`) and returns the time from t0 to the last
 *   paint that showed a change (or to the next paint when nothing changed) — for a keystroke the
 *   filtered rows painted, however the page splits its work into frames — and `firstMs`, t0 to the
 *   first frame after the event (the typed character on screen: the input latency).
 */
export const PROBE_SCRIPT = String.raw`(() => {
  if (window.__bench) return;
  const B = (window.__bench = { api: [], marks: {}, cur: null, errors: [] });
  const afterPaint = (cb) =>
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => cb(performance.now());
      ch.port2.postMessage(0);
    });
  B.afterPaint = () => new Promise((r) => afterPaint(r));
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        // An ERP call (/api/erp/<op>), or Özet's figures worked out by the gateway (op "overview").
        const m = /\/api\/(?:erp\/([a-z_]+)|(overview)$)/.exec(e.name);
        if (m) B.api.push({ op: m[1] || m[2], start: e.startTime, responseStart: e.responseStart, responseEnd: e.responseEnd, bytes: e.encodedBodySize || e.transferSize || 0 });
      }
    }).observe({ type: 'resource', buffered: true });
  } catch (err) {
    B.errors.push(String(err));
  }
  B.watchFirst = (name, selector, text) => {
    delete B.marks[name];
    const check = () => {
      const el = document.querySelector(selector);
      if (!el || (text && !(el.textContent || '').includes(text))) return false;
      const inserted = performance.now();
      afterPaint((painted) => (B.marks[name] = { inserted, painted }));
      return true;
    };
    const start = () => {
      if (check()) return;
      const mo = new MutationObserver(() => {
        if (check()) mo.disconnect();
      });
      mo.observe(document, { subtree: true, childList: true, characterData: !!text });
    };
    start();
  };
  B.waitMark = (name, timeoutMs) =>
    new Promise((resolve, reject) => {
      const t0 = performance.now();
      const tick = () => {
        if (B.marks[name]) return resolve(B.marks[name]);
        if (performance.now() - t0 > timeoutMs) return reject(new Error('timeout waiting for ' + name));
        setTimeout(tick, 10);
      };
      tick();
    });
  B.arm = () => {
    if (B.cur) B.cur.mo.disconnect();
    const s = { t0: null, firstPaint: null, last: null, lastMutation: 0, mutated: false, mo: null };
    s.mo = new MutationObserver(() => {
      if (s.t0 === null) return;
      s.lastMutation = performance.now();
      s.mutated = true;
      afterPaint((t) => (s.last = t));
    });
    s.mo.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    B.cur = s;
  };
  const start = (e) => {
    const s = B.cur;
    if (!s || s.t0 !== null) return;
    s.t0 = e.timeStamp;
    afterPaint((t) => (s.firstPaint = t));
  };
  document.addEventListener('click', (e) => (B.lastClick = e.timeStamp), true);
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') B.lastEnter = e.timeStamp;
  }, true);
  document.addEventListener('beforeinput', start, true);
  document.addEventListener('click', start, true);
  B.settle = (quietMs, timeoutMs, untilSelector, untilAbsent) =>
    new Promise((resolve) => {
      const s = B.cur;
      const begin = performance.now();
      const tick = () => {
        const now = performance.now();
        const timedOut = now - begin > timeoutMs;
        const reached = !untilSelector || !!document.querySelector(untilSelector) !== !!untilAbsent;
        const painted = reached && s.t0 !== null && s.firstPaint !== null && (!s.mutated || (s.last !== null && s.last >= s.lastMutation));
        if ((painted && now - Math.max(s.lastMutation, s.last || 0) >= quietMs) || timedOut) {
          s.mo.disconnect();
          B.cur = null;
          const end = Math.max(s.firstPaint || 0, s.last || 0);
          resolve({ ms: s.t0 === null ? null : end - s.t0, firstMs: s.t0 === null || s.firstPaint === null ? null : s.firstPaint - s.t0, mutated: s.mutated, timedOut });
          return;
        }
        setTimeout(tick, 10);
      };
      tick();
    });
  B.watchFirst('rows', 'tr[data-row-id]');
  /** Visible text that must never appear in the UI. */
  B.badText = () => {
    const text = document.body.innerText;
    return ['NaN', 'undefined', 'Invalid Date', '[object Object]'].filter((w) => text.includes(w));
  };
})();`;

/** Shapes returned by the probe's functions (for page.evaluate typing). */
export interface ProbeMark {
  inserted: number;
  painted: number;
}
export interface ProbeApiEntry {
  op: string;
  start: number;
  responseStart: number;
  responseEnd: number;
  bytes: number;
}
export interface ProbeSettle {
  ms: number | null;
  /** t0 → the first frame after the event (for a keystroke: the character painted in the box). */
  firstMs: number | null;
  mutated: boolean;
  timedOut: boolean;
}
