// ES2017 in var style on purpose: the tag runs on other people's pages, in older browsers too (biome.json
// turns off the rules that would ask for newer syntax, and the one against document.cookie).
// The tracker served at /t.js, in two forms (docs/conversions.md). Plain ES2017 with no dependencies
// (tests/web/tag.test.ts parses it as such), minified into dist/t.js by web/tag/vite.config.ts and
// served as a static asset: no Worker runs for it. It runs on other people's pages: nothing it does may throw
// there, even with storage or cookies blocked.
//
// The site tag, `data-site="{key}"`, goes on every page of the marketer's site. On a page reached through
// a split link it keeps the test's session and variant first-party (a cookie on the site's registrable
// domain, local storage as fallback) and takes them out of the address bar; it asks SplitLink for the
// account's goals (GET /t/goals/{key}) and converts only where a test's goal says so.
//
// The per-test snippet of the specification, `data-test="{id}"` (with `data-conversion-url`, the goal
// page, matched as `data-match` says), converts on that page, or, without one, on a page the session was
// forwarded to. Both forms give the visit as `splitlink.sessionId()` and `splitlink.variant()`, which a
// landing page passes on to a goal page on another site (`?sessionId=…&variant=…`, never `splitTestId`).
//
// For both, a page reached straight from the split link is a landing page and never converts by itself:
// the session arrived in its address from another site (or from none), not from a page of this site
// that carried it. An explicit `splitlink.convert({ value, currency })` (or a tag with `data-convert`)
// converts for a test whose goal is the call. The tag reports where it runs, once a day per browser,
// test and kind, with host and path only and the site key (POST /t/seen, counted only for a test of that
// key's workspace; a per-test snippet without data-site sends none): the test page's setup checklist. A beacon the
// server refused for now (429, 5xx, no network) is kept and sent again, on this page and the next.
//
// Integrations (issue #36, docs/integrations/): on any page with the tag, links to Stripe Payment Links and
// <stripe-buy-button>s carry the newest visit's session as client_reference_id, so a Stripe sale is
// attributed without code; where the workspace switched it on (the goals say `ga4: true`), each visit of
// a live test is reported once per page to the page's own gtag and dataLayer. The key can also come as
// `t.js?site={key}`, for Tag Manager's injected script, which has no attributes.
(() => {
  var KEY = "splitlink:";
  var COOKIE = "splitlink";
  var PARAMS = ["sessionId", "variant", "splitTestId"];
  var DAY = 86400000;
  try {
    run(document.currentScript);
  } catch (_e) {}

  function run(script) {
    if (!script) return;
    var src = new URL(script.src);
    var site = script.getAttribute("data-site") || src.searchParams.get("site");
    var testId = script.getAttribute("data-test");
    if (!site && !testId) return;
    var origin = src.origin;
    var domain = cookieDomain();
    var visits = load();
    var arrival = arrivalOf(new URLSearchParams(location.search), testId, visits, domain);
    if (arrival) visits = save(domain, visits, arrival);
    var value = valueFrom({
      amount: script.getAttribute("data-amount"),
      currency: script.getAttribute("data-currency"),
    });
    var api = (window.splitlink = window.splitlink || {});
    // Calls made before the tag loaded, kept by the snippet's first line.
    var queued = api.q || [];
    api.q = null;
    resend(origin);
    try {
      if (visits.length) stripe(visits[0].s);
    } catch (_e) {}
    // The visit a page passes on to a goal page on another site: the test's own for the per-test snippet,
    // else the newest (also the server-side API's session).
    var own = testId ? visitFor(testId, visits, arrival) : visits[0];
    api.sessionId = () => (own ? own.s : null);
    api.variant = () => (own ? own.v : null);
    if (testId) return perTest(script, origin, site, testId, arrival, visits, value, api, queued, own);
    if (arrival) cleanAddress();
    var calls = queued;
    api.convert = (options) => {
      calls.push(options || {});
    };
    // Before the goals load: a visitor who clicks on at once must not take the landing page's sighting along.
    if (arrival && arrival.landing && arrival.t) seen(origin, site, arrival.t, "landing");
    getGoals(origin, site, (tests, ga4) => {
      if (ga4) report(tests, visits, arrival);
      for (var j = 0; j < tests.length; j++) {
        var test = tests[j];
        var visit = visitFor(test.id, visits, arrival);
        var converts = visit && !(arrival && arrival.landing && arrival.s === visit.s);
        if (test.goal === "page" && matches(test.url, test.match, test.query)) {
          seen(origin, site, test.id, "goal");
          if (converts) convert(origin, test.id, visit, value);
        }
        if (test.goal === "call" && !test.event && visit && script.hasAttribute("data-convert"))
          convert(origin, test.id, visit, value);
        var metrics = test.metrics || [];
        for (var m = 0; m < metrics.length; m++) {
          if (converts && metrics[m].url && matches(metrics[m].url, metrics[m].match, metrics[m].query))
            convert(origin, test.id, visit, value, metrics[m].name);
        }
      }
      api.convert = (options) => {
        called(origin, tests, visits, arrival, options || {});
      };
      for (var c = 0; c < calls.length; c++) api.convert(calls[c]);
    });
  }

  // A call without a goal converts the test's primary (the specification's explicit conversion); a named
  // goal ({ goal: "signup" }) converts as the site tag's call does, for this test, whose metrics only the
  // site's goals name: without data-site it counts nothing and says why. The goal page is matched as
  // data-match says (the test's conversionUrlMatch; equals without it).
  function perTest(script, origin, site, testId, arrival, visits, value, api, queued, visit) {
    api.convert = (options) => {
      try {
        options = options || {};
        var test = options.test || testId;
        var named = options.goal;
        if (named && site)
          return getGoals(origin, site, (tests) => {
            called(origin, tests, visits, arrival, Object.assign({}, options, { test: test }));
          });
        var v = visitFor(test, visits, arrival);
        if (v && !named) convert(origin, test, v, valueFrom(options));
        else uncounted(test, named, v && "a named goal needs the tag's data-site.");
      } catch (_e) {}
    };
    for (var q = 0; q < queued.length; q++) api.convert(queued[q]);
    var landing = Boolean(arrival && arrival.landing);
    if (landing) seen(origin, site, testId, "landing");
    var goal = script.getAttribute("data-conversion-url");
    var reached = goal && matches(goal, script.getAttribute("data-match"));
    if (reached) seen(origin, site, testId, "goal");
    if (script.hasAttribute("data-manual") || !visit || landing) return;
    if (goal ? reached : arrival) convert(origin, testId, visit, value);
  }

  // The session in this page's address: the test (when the link said it), variant and session, and
  // whether this page is where the split link landed the visitor.
  function arrivalOf(params, testId, visits, domain) {
    var s = params.get("sessionId");
    var v = params.get("variant");
    if (!s || !v || !/^[A-H]$/.test(v) || s.length > 128) return null;
    var linked = params.get("splitTestId");
    var t = linked || testId || "";
    return {
      t: t.slice(0, 64),
      v: v,
      s: s,
      a: Date.now(),
      p: location.pathname,
      landing: Boolean(linked) && isLanding(s, visits, domain),
    };
  }

  // The split link's redirect always adds splitTestId; an address with sessionId and variant alone was
  // passed on by the site (the specification's flow), however soon after the landing page and whether or
  // not its tag ran. With splitTestId too, it was passed on when the tag saw the session on another page
  // of the site within the hour, or the referrer is same-site and carried the session, or is another host
  // of the site (a browser sends another host only its origin). Anything else is the split link's doing.
  function isLanding(session, visits, domain) {
    for (var i = 0; i < visits.length; i++) {
      var visit = visits[i];
      if (visit.s === session && visit.p !== location.pathname && Date.now() - visit.a < DAY / 24)
        return false;
    }
    var ref;
    try {
      ref = new URL(document.referrer);
    } catch (_e) {
      return true;
    }
    if (!sameSite(ref.hostname, domain)) return true;
    return !(ref.search.indexOf(encodeURIComponent(session)) >= 0 || ref.host !== location.host);
  }

  function visitFor(testId, visits, arrival) {
    if (arrival && (arrival.t === testId || !arrival.t)) return arrival;
    for (var i = 0; i < visits.length; i++) if (visits[i].t === testId) return visits[i];
    return null;
  }

  // An explicit call, once the goals are known: for each test the browser came through (or `test` alone).
  function called(origin, tests, visits, arrival, options) {
    try {
      var sent = 0;
      for (var k = 0; k < tests.length; k++) {
        var t = tests[k];
        var v = visitFor(t.id, visits, arrival);
        if (!v || (options.test && options.test !== t.id)) continue;
        sent += convertCall(origin, t, v, options);
      }
      if (!sent) uncounted(options.test, options.goal);
    } catch (_e) {}
  }

  // A call converts a test's metrics whose named call it is ({ goal: "signup" }), and its primary when
  // that is the named call, or any call (a call without a goal, or with one none of its metrics names).
  // With `test`, a call without a goal converts that test's primary whatever its goal (the
  // specification's explicit conversion). Answers how many it sent.
  function convertCall(origin, test, visit, options) {
    var sent = 0;
    var value = valueFrom(options);
    var metrics = test.metrics || [];
    var named = false;
    for (var i = 0; i < metrics.length; i++) {
      if (options.goal && metrics[i].event === options.goal) {
        convert(origin, test.id, visit, value, metrics[i].name);
        named = true;
        sent += 1;
      }
    }
    var primary = options.goal
      ? test.goal === "call" && (test.event ? test.event === options.goal : !named)
      : options.test || (test.goal === "call" && !test.event);
    if (primary) {
      convert(origin, test.id, visit, value);
      sent += 1;
    }
    return sent;
  }

  function convert(origin, testId, visit, value, metric) {
    var done = KEY + "done:" + testId + ":" + visit.s + (metric ? ":" + metric : "");
    if (recall(done)) return;
    remember(done, "1");
    var body = { splitTestId: testId, sessionId: visit.s, variant: visit.v };
    if (value) {
      body.amount = value.amount;
      body.currency = value.currency;
    }
    if (metric) body.metric = metric;
    var pending = KEY + "pending:" + testId + (metric ? ":" + metric : "");
    send(origin + "/functions/v1/conversions", JSON.stringify(body), pending, 0);
  }

  // A call that counts nothing says why (or as `why` says), in the console, and never throws.
  function uncounted(test, goal, why) {
    try {
      console.info(
        "SplitLink: splitlink.convert(" +
          (goal ? '{ goal: "' + goal + '" }' : "") +
          ") counted nothing: " +
          (why ||
            (goal ? "no test this browser came through counts the goal " + goal + ", or " : "") +
              "this browser did not come through the split link of " +
              (test ? "test " + test : "a test whose goal is a call from your page") +
              ", so no visit of it is stored on this site."),
      );
    } catch (_e) {}
  }

  function valueFrom(options) {
    var amount = options.value != null ? options.value : options.amount;
    if (amount == null || amount === "" || !Number.isFinite(Number(amount)) || !options.currency) return null;
    return { amount: Number(amount), currency: String(options.currency).toUpperCase() };
  }

  // Google's event for third-party test tools (experience_impression, exp_variant_string at most 100
  // characters) and a dataLayer event for Tag Manager: once per page for each live test the visitor came
  // through, named by the test's id and the visit's version.
  function report(tests, visits, arrival) {
    for (var i = 0; i < tests.length; i++) {
      var visit = visitFor(tests[i].id, visits, arrival);
      if (!visit || visit.t !== tests[i].id) continue;
      var name = ("SPLITLINK-" + visit.t + "-" + visit.v).slice(0, 100);
      try {
        if (typeof window.gtag === "function")
          window.gtag("event", "experience_impression", { exp_variant_string: name });
      } catch (_e) {}
      try {
        if (window.dataLayer && typeof window.dataLayer.push === "function")
          window.dataLayer.push({
            event: "splitlink_exposure",
            splitlink_test: visit.t,
            splitlink_variant: visit.v,
            exp_variant_string: name,
          });
      } catch (_e) {}
    }
  }

  // Stripe Payment Links and buy buttons carry the session as client_reference_id (at most 200 letters,
  // digits, - and _), never replacing one the page set: now, for elements added later, and at a click.
  function stripe(session) {
    if (!/^[\w-]{1,200}$/.test(session) || !document.querySelectorAll) return;
    var LINKS = 'a[href^="https://buy.stripe.com/"],stripe-buy-button';
    var mark = (element) => {
      try {
        if (element.tagName === "STRIPE-BUY-BUTTON") {
          if (!element.getAttribute("client-reference-id"))
            element.setAttribute("client-reference-id", session);
          return;
        }
        var url = new URL(element.href);
        if (url.host !== "buy.stripe.com" || url.searchParams.get("client_reference_id")) return;
        url.searchParams.set("client_reference_id", session);
        element.href = url.href;
      } catch (_e) {}
    };
    var markAll = (root) => {
      if (root.matches && root.matches(LINKS)) mark(root);
      var found = root.querySelectorAll ? root.querySelectorAll(LINKS) : [];
      for (var i = 0; i < found.length; i++) mark(found[i]);
    };
    markAll(document);
    if (window.MutationObserver)
      new MutationObserver((changes) => {
        for (var i = 0; i < changes.length; i++)
          for (var j = 0; j < changes[i].addedNodes.length; j++) markAll(changes[i].addedNodes[j]);
      }).observe(document.documentElement, { childList: true, subtree: true });
    document.addEventListener(
      "click",
      (event) => {
        var link = event.target && event.target.closest && event.target.closest("a[href]");
        if (link) mark(link);
      },
      true,
    );
  }

  // Once a day per browser, test and kind: where the tag runs, without the query or anything of the visitor.
  // The server counts it only for a test of the workspace the site key names: without one, nothing is sent.
  function seen(origin, site, testId, kind) {
    if (!site) return;
    var key = KEY + "seen:" + kind + ":" + testId;
    if (Date.now() - Number(recall(key) || 0) < DAY) return;
    remember(key, String(Date.now()));
    post(
      origin + "/t/seen",
      JSON.stringify({ siteKey: site, testId: testId, kind: kind, url: location.origin + location.pathname }),
    );
  }

  function getGoals(origin, site, then) {
    if (!window.fetch) return;
    fetch(origin + "/t/goals/" + encodeURIComponent(site))
      .then((response) => (response.ok ? response.json() : { tests: [] }))
      .then((body) => {
        then(body.tests || [], body.ga4 === true);
      })
      .catch(() => {});
  }

  function resend(origin) {
    var keys = storageKeys();
    for (var i = 0; i < keys.length; i++) {
      var key = keys[i];
      if (key.indexOf(KEY + "pending:") === 0)
        send(origin + "/functions/v1/conversions", recall(key), key, 0);
    }
  }

  // A text/plain body keeps the cross-site request simple (no preflight), and its answer readable.
  function send(endpoint, body, key, attempt) {
    if (!window.fetch) {
      if (navigator.sendBeacon) navigator.sendBeacon(endpoint, body);
      return;
    }
    remember(key, body);
    post(endpoint, body)
      .then((response) => {
        if (response.status === 429 || response.status >= 500) throw response.status;
        forget(key);
      })
      .catch(() => {
        if (attempt < 4)
          setTimeout(() => {
            send(endpoint, body, key, attempt + 1);
          }, 10000 << attempt);
      });
  }

  function post(endpoint, body) {
    return fetch(endpoint, {
      method: "POST",
      body: body,
      keepalive: true,
      headers: { "content-type": "text/plain" },
    });
  }

  // A goal from /t/goals names its query (everything from the first ? or #) only as a length and hash
  // (contract/tracking.ts tagPageGoal); a goal written on the page (data-conversion-url) names it whole.
  // A match other than starts_with and contains (data-match left out, or mistyped) is equals.
  function matches(goal, match, query) {
    try {
      var url = new URL(goal, location.href);
      // The page's query without the split link's parameters, which a page the session was forwarded to
      // keeps in its address with the per-test snippet (the site tag takes them out).
      var search = location.search
        .slice(1)
        .split("&")
        .filter((part) => PARAMS.indexOf(part.split("=")[0]) < 0)
        .join("&");
      search = search && "?" + search;
      if (match !== "starts_with" && match !== "contains")
        return (
          url.host === location.host &&
          trim(url.pathname) === trim(location.pathname) &&
          (query ? hasHidden(search, query) : !url.search || url.search === search)
        );
      var goalText = goal.replace(/^https?:\/\//i, "");
      var pageText = location.href.replace(/^https?:\/\//i, "").replace(/#.*$/, "");
      for (var at = pageText.indexOf(goalText); at >= 0; at = pageText.indexOf(goalText, at + 1)) {
        if (match === "starts_with" && at !== 0) return false;
        if (!query || hasHidden(pageText.substr(at + goalText.length, query.length), query)) return true;
      }
      return false;
    } catch (_e) {
      return false;
    }
  }
  function hasHidden(text, query) {
    return text.length === query.length && textHash(text) === query.hash;
  }
  // The same 53-bit hash as contract/tracking.ts textHash (cyrb53).
  function textHash(text) {
    var h1 = 0xdeadbeef;
    var h2 = 0x41c6ce57;
    for (var i = 0; i < text.length; i++) {
      var code = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ code, 2654435761);
      h2 = Math.imul(h2 ^ code, 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return 4294967296 * (2097151 & h2) + (h1 >>> 0);
  }
  function trim(path) {
    return path.replace(/\/+$/, "") || "/";
  }

  // The address bar without the split link's parameters; every other parameter stays.
  function cleanAddress() {
    try {
      var url = new URL(location.href);
      for (var i = 0; i < PARAMS.length; i++) url.searchParams.delete(PARAMS[i]);
      history.replaceState(history.state, "", url.pathname + url.search + url.hash);
    } catch (_e) {}
  }

  // The widest domain the browser lets this page set a cookie on: its registrable domain (the browser
  // refuses public suffixes such as co.uk). Empty for an IP address or a one-label host.
  function cookieDomain() {
    var labels = location.hostname.split(".");
    if (labels.length < 2 || /^[\d.]+$/.test(location.hostname)) return "";
    try {
      for (var i = labels.length - 2; i >= 0; i--) {
        var candidate = labels.slice(i).join(".");
        document.cookie = COOKIE + "_probe=1; domain=" + candidate + "; path=/; SameSite=Lax";
        if (document.cookie.indexOf(COOKIE + "_probe=1") >= 0) {
          document.cookie = COOKIE + "_probe=; domain=" + candidate + "; path=/; max-age=0";
          return candidate;
        }
      }
    } catch (_e) {}
    return "";
  }
  function sameSite(host, domain) {
    return domain
      ? host === domain || host.slice(-domain.length - 1) === "." + domain
      : host === location.hostname;
  }

  // The visits of split links, newest first, at most five: in a cookie on the registrable domain (so
  // www. and checkout. share them) and in local storage.
  function load() {
    var text = "";
    try {
      var match = document.cookie.match(/(?:^|; )splitlink=([^;]*)/);
      if (match) text = decodeURIComponent(match[1]);
    } catch (_e) {}
    try {
      var visits = JSON.parse(text || recall(KEY + "visits") || "[]");
      return Object.prototype.toString.call(visits) === "[object Array]" ? visits : [];
    } catch (_e) {
      return [];
    }
  }
  function save(domain, visits, arrival) {
    var kept = [{ t: arrival.t, v: arrival.v, s: arrival.s, a: arrival.a, p: arrival.p }];
    for (var i = 0; i < visits.length && kept.length < 5; i++)
      if (visits[i] && visits[i].t !== arrival.t) kept.push(visits[i]);
    var text = JSON.stringify(kept);
    remember(KEY + "visits", text);
    try {
      document.cookie =
        COOKIE +
        "=" +
        encodeURIComponent(text) +
        "; path=/; max-age=2592000; SameSite=Lax" +
        (domain ? "; domain=" + domain : "") +
        (location.protocol === "https:" ? "; Secure" : "");
    } catch (_e) {}
    return kept;
  }

  // Storage can be missing, blocked by privacy settings (access throws) or full (writes throw).
  function remember(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch (_e) {}
  }
  function recall(key) {
    try {
      return window.localStorage.getItem(key) || "";
    } catch (_e) {
      return "";
    }
  }
  function forget(key) {
    try {
      window.localStorage.removeItem(key);
    } catch (_e) {}
  }
  function storageKeys() {
    try {
      return Object.keys(window.localStorage);
    } catch (_e) {
      return [];
    }
  }
})();
