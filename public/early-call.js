/*
 * The page's first ERP call, sent while the app's own code is still loading: a shared statement
 * link, a bookmark or a reload start the answer ~0.2 s sooner than the route could. Plain script
 * (no bundler, no modules): inlined into index.html by the build (server/early-call-inline.ts), so
 * it runs while the HTML is parsed; the dev server loads it as a file (async). The app's client
 * takes the request over (src/api/client.ts takeEarly) — nothing is sent twice: once the app has
 * started its own calls (window.__earlyErpClosed) this script sends none — and one nobody takes is
 * aborted after 10 s.
 * Without a session the call simply fails (401) and the app sends the user to /login as usual.
 * The calls and their parameters come from src/contract/erp.ts; tests/structure/early-call.test.ts
 * runs this file against that module, so the two cannot drift apart.
 */
/* global window, location, fetch, AbortController, setTimeout, performance */
(function () {
  'use strict';
  if (window.__earlyErpClosed || typeof fetch !== 'function' || typeof AbortController !== 'function') return;
  // Every page load first asks for the alias table and who is logged in (the root and protected
  // routes' loaders): those two small answers are asked for now as well, and the client's getJson
  // takes each over once (src/api/client.ts takeEarlyGet), within 10 s.
  var gets = (window.__earlyGet = window.__earlyGet || {});
  ['config', 'session'].forEach(function (name) {
    if (gets[name]) return;
    gets[name] = {
      response: fetch('/api/' + name, { headers: { 'x-app-request': '1' }, credentials: 'same-origin' }),
      at: typeof performance === 'object' ? performance.now() : 0,
    };
  });
  var path = location.pathname.replace(/\/+$/, '') || '/';
  var calls = [];
  var statement = /^\/accounts\/([^/]+)$/.exec(path);
  if (statement) {
    var id;
    try {
      id = decodeURIComponent(statement[1]).trim();
    } catch {
      return; // a malformed link: the app says so, nothing is asked of the ERP
    }
    if (id) calls.push(['get_cari_extre', { cari_id: id }]);
  } else if (path === '/accounts') calls.push(['get_cari', { firma_ismi: '' }]);
  else if (path === '/') calls.push(['get_cari', { firma_ismi: '' }], ['get_yaslandirma', { firma_ismi: '' }]);
  if (!calls.length) return;
  var early = (window.__earlyErp = window.__earlyErp || {});
  // The body is left to the app: what the browser holds until it is taken over (its first rows and
  // more) is there at once; beyond that the download waits (a page still booting is not made to
  // take in megabytes it cannot use yet — measured: the statement link's first rows come sooner).
  calls.forEach(function (call) {
    var operation = call[0];
    var params = call[1];
    var key = JSON.stringify([operation, Object.keys(params).sort().map(function (k) { return [k, params[k]]; })]);
    if (early[key]) return;
    var controller = new AbortController();
    var response = fetch('/api/erp/' + operation, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-request': '1' },
      body: JSON.stringify(params),
      credentials: 'same-origin',
      signal: controller.signal,
    });
    // A failed call (no session yet: 401; the ERP down) is no answer for a later taker: after the
    // login it would be read as "not logged in". Whoever already took it gets it.
    var forget = function () {
      if (early[key] && early[key].controller === controller) delete early[key];
    };
    response.then(function (res) {
      if (!res.ok) forget();
    }, forget);
    early[key] = { response: response, controller: controller };
    setTimeout(function () {
      if (early[key] && early[key].controller === controller) {
        delete early[key];
        controller.abort();
      }
    }, 10000);
  });
})();
