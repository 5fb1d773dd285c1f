// The one-tag tracker served at /t.js. Plain ES2017 with no dependencies, kept small (a test parses
// it as ES2017). On any page it remembers sessionId/variant from the URL in the site's localStorage;
// on the conversion page (or any page when the test has none) it sends the beacon once, with the
// order's value from data-amount and data-currency. `splitlink.convert({ amount, currency })` sends it
// from a single-page checkout instead (data-manual: only then). A beacon the server refused for now
// (429, 5xx, no network) is kept and sent again: a few times while the page is open, and on the next
// page of the site that carries the tag (docs/conversions.md, "No real conversion dropped at the door").
// It runs on other people's pages: nothing it does may throw there, even with storage blocked.
export const TRACKER_SCRIPT = `(function () {
  var KEY = "splitlink:";
  try {
    run(document.currentScript);
  } catch (e) {}

  function run(script) {
    var testId = script && script.getAttribute("data-test");
    if (!testId) return;
    var endpoint = new URL("/functions/v1/conversions", script.src).href;
    var params = new URLSearchParams(location.search);
    var sessionId = params.get("sessionId");
    var variant = params.get("variant");
    var fromUrl = sessionId && variant && /^[A-H]$/.test(variant) ? testId + "|" + variant + "|" + sessionId : "";
    if (fromUrl) remember(KEY + testId, fromUrl);
    var api = (window.splitlink = window.splitlink || {});
    api.convert = function (options) {
      try {
        options = options || {};
        var test = options.test || testId;
        convert(endpoint, test, (test === testId && fromUrl) || recall(KEY + test), options);
      } catch (e) {}
    };
    var pending = recall(KEY + "pending:" + testId);
    if (pending) send(endpoint, pending, 0);
    var goal = script.getAttribute("data-conversion-url");
    if (script.hasAttribute("data-manual") || (goal && !isCurrentPage(goal))) return;
    var value = { amount: script.getAttribute("data-amount"), currency: script.getAttribute("data-currency") };
    convert(endpoint, testId, fromUrl || recall(KEY + testId), value);
  }
  function convert(endpoint, testId, session, options) {
    var parts = session.split("|");
    if (parts.length !== 3) return;
    var body = { splitTestId: testId, sessionId: parts[2], variant: parts[1] };
    var amount = options.amount;
    if (amount != null && amount !== "" && isFinite(amount) && options.currency) {
      body.amount = Number(amount);
      body.currency = String(options.currency).toUpperCase();
    }
    send(endpoint, JSON.stringify(body), 0);
  }
  // A text/plain body keeps the cross-site request simple (no preflight), and its answer readable.
  function send(endpoint, body, attempt) {
    var key = KEY + "pending:" + JSON.parse(body).splitTestId;
    if (!window.fetch) {
      if (navigator.sendBeacon) navigator.sendBeacon(endpoint, body);
      return;
    }
    remember(key, body);
    fetch(endpoint, { method: "POST", body: body, keepalive: true, headers: { "content-type": "text/plain" } })
      .then(function (response) {
        if (response.status === 429 || response.status >= 500) throw response.status;
        forget(key);
      })
      .catch(function () {
        if (attempt < 4) setTimeout(function () { send(endpoint, body, attempt + 1); }, 10000 << attempt);
      });
  }
  // Storage can be missing, blocked by privacy settings (access throws) or full (writes throw).
  function remember(key, value) {
    try { window.localStorage.setItem(key, value); } catch (e) {}
  }
  function recall(key) {
    try { return window.localStorage.getItem(key) || ""; } catch (e) { return ""; }
  }
  function forget(key) {
    try { window.localStorage.removeItem(key); } catch (e) {}
  }
  function isCurrentPage(target) {
    try {
      var url = new URL(target, location.href);
      return url.host === location.host && trim(url.pathname) === trim(location.pathname);
    } catch (e) {
      return false;
    }
  }
  function trim(path) { return path.replace(/\\/+$/, "") || "/"; }
})();
`;
