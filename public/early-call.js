/*
 * The page's first ERP call, sent while the app's own code is still loading: a shared statement
 * link, a bookmark or a reload start the answer ~0.2 s sooner than the route could. Plain script
 * (no bundler, no modules), loaded async from index.html; the app's client takes the request over
 * (src/api/client.ts takeEarly) — nothing is sent twice — and one nobody takes is aborted after 10 s.
 * Without a session the call simply fails (401) and the app sends the user to /login as usual.
 * The calls and their parameters mirror src/api/first-calls.ts; tests/structure/early-call.test.ts
 * runs this file against that module, so the two cannot drift apart.
 */
/* global window, location, fetch, Response, AbortController, setTimeout */
(function () {
  'use strict';
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
  if (!calls.length || typeof fetch !== 'function' || typeof AbortController !== 'function') return;
  var early = (window.__earlyErp = window.__earlyErp || {});
  // The body keeps arriving before anyone reads it (a body nobody reads stops the download once
  // the browser's buffer is full): one branch of a tee is read right away, the other one keeps
  // every chunk for the app — a failure mid-way still reaches it.
  function flowing(res) {
    if (!res.body || typeof res.body.tee !== 'function') return res;
    var branches = res.body.tee();
    var drain = branches[0].getReader();
    (function pump() {
      drain.read().then(function (r) {
        if (!r.done) pump();
      }, function () {});
    })();
    return new Response(branches[1], { status: res.status, statusText: res.statusText, headers: res.headers });
  }
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
    }).then(flowing);
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
