// The one-tag tracker served at /t.js. Plain ES2017 with no dependencies, kept small (a test parses
// it as ES2017). On any page it remembers sessionId/variant from the URL in the site's localStorage;
// on the conversion page (or any page when the test has none) it sends the beacon once.
// It runs on other people's pages: nothing it does may throw there, even with storage blocked.
export const TRACKER_SCRIPT = `(function () {
  try {
    run(document.currentScript);
  } catch (e) {}

  function run(script) {
    var testId = script && script.getAttribute("data-test");
    if (!testId) return;
    var goal = script.getAttribute("data-conversion-url");
    var key = "splitlink:" + testId;
    var params = new URLSearchParams(location.search);
    var sessionId = params.get("sessionId");
    var variant = params.get("variant");
    if (sessionId && variant && /^[A-H]$/.test(variant)) {
      remember(key, testId + "|" + variant + "|" + sessionId);
    } else {
      var parts = recall(key).split("|");
      if (parts.length !== 3) return;
      variant = parts[1];
      sessionId = parts[2];
    }
    if (goal && !isCurrentPage(goal)) return;
    var endpoint = new URL("/functions/v1/conversions", script.src).href;
    // A text/plain body keeps the cross-site beacon a simple request (no preflight).
    var body = JSON.stringify({ splitTestId: testId, sessionId: sessionId, variant: variant });
    if (navigator.sendBeacon && navigator.sendBeacon(endpoint, body)) return;
    if (!window.fetch) return;
    fetch(endpoint, { method: "POST", body: body, keepalive: true, mode: "no-cors", headers: { "content-type": "text/plain" } })
      .catch(function () {});
  }
  // Storage can be missing, blocked by privacy settings (access throws) or full (writes throw).
  function remember(key, value) {
    try { window.localStorage.setItem(key, value); } catch (e) {}
  }
  function recall(key) {
    try { return window.localStorage.getItem(key) || ""; } catch (e) { return ""; }
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
