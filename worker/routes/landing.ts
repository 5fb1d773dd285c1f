import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { SIGNED_IN_COOKIE } from "../auth/session-cookies";
import type { AppEnv } from "../env";

/**
 * `GET /`: the landing page as pre-rendered at build time (scripts/prerender-landing.ts), in its
 * signed-in or signed-out version by the hint cookie the SPA also reads, with the year and host of the
 * visit written in. It loads no JavaScript; the app's code comes with the first page of the app.
 */
export async function landingPage(c: Context<AppEnv>): Promise<Response> {
  const signedIn = getCookie(c, SIGNED_IN_COOKIE) === "1";
  const url = new URL(c.req.url);
  const page = await c.env.ASSETS.fetch(
    new URL(`/prerendered/landing-${signedIn ? "signed-in" : "signed-out"}`, url),
  );
  const filled = new HTMLRewriter()
    .on("[data-current-year]", {
      element: (element) => {
        element.setInnerContent(String(new Date().getUTCFullYear()));
      },
    })
    .on("[data-request-host]", {
      element: (element) => {
        element.setInnerContent(url.host);
      },
    })
    .transform(page);
  const headers = new Headers(filled.headers);
  // One URL, two versions: browsers and caches must not mix them up.
  headers.delete("etag");
  headers.set("cache-control", "private, no-cache");
  headers.set("vary", "Cookie");
  return new Response(filled.body, { status: page.status, headers });
}
