import type { Context } from "hono";
import type { TestAnalytics } from "../../contract/api";
import { SHARE_MESSAGES } from "../../contract/messages";
import { liftSentence, recommendationOf } from "../../contract/reading";
import type { AppEnv } from "../env";
import { ERROR_PAGE_STYLE } from "../lib/error-page";
import { escapeHtml } from "../lib/text";
import { reportOf } from "../services/shares";

// The public report page of a shared test (GET /report/{token}): server-rendered and small, so that
// link previews (which run no JavaScript) read its title and verdict. The same analytics and the same
// sentences as the test page (contract/reading.ts); no session ids, no emails, nothing of the account.

const M = SHARE_MESSAGES;
// Each version's colour and dash, as the test page's chart draws them.
const STROKES = ["#4f46e5", "#d97706", "#059669", "#db2777", "#0891b2", "#7c3aed", "#65a30d", "#dc2626"];
const DASHES = ["", "6 4", "1 4", "8 3 2 3", "3 3", "10 4", "2 2", "12 2"];

/** Never cached anywhere (a revoked link must stop at once) and never indexed. */
const HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "private, no-store",
  "x-robots-tag": "noindex",
};

const STYLE = `body{margin:0;padding:16px;font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;line-height:1.5}
main{max-width:760px;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:16px 20px}
h1{font-size:1.5rem;overflow-wrap:anywhere}h2{font-size:1rem;margin:24px 0 8px}.rec{background:#eef2ff;border-radius:8px;padding:12px;font-weight:600}
div{overflow-x:auto}table{border-collapse:collapse;width:100%}th,td{text-align:right;padding:6px;border-bottom:1px solid #e2e8f0}
th:first-child{text-align:left}svg{width:100%;height:auto}ul.key{display:flex;flex-wrap:wrap;gap:16px;padding:0;list-style:none}
i{display:inline-block;width:18px;border-top:3px solid;vertical-align:middle;margin-right:6px}footer{margin-top:24px;font-size:.8rem;color:#64748b}
@media (max-width:480px){thead{display:none}table,tr,th,td{display:block}tr{border:1px solid #e2e8f0;border-radius:8px;margin:8px 0;padding:4px 8px}
th,td{border:0}td{display:flex;justify-content:space-between}td::before{content:attr(data-label);color:#64748b}}
@media print{body{padding:0}main{border:0}}`;

const percent = (fraction: number) => `${((Number.isFinite(fraction) ? fraction : 0) * 100).toFixed(1)} %`;
const count = (value: number) => value.toLocaleString("en-US");
const money = (amount: number, currency: string) =>
  `${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;

type Arm = TestAnalytics["arms"][number];
const versionName = (arm: Arm) => (arm.name ? `${arm.label} · ${arm.name}` : arm.label);

/** Each version's cumulative conversion rate over the series, as lines of an inline SVG. */
function chartOf(analytics: TestAnalytics): string {
  const points = analytics.series.points;
  if (points.length === 0) return `<p>${escapeHtml(M.noChart)}</p>`;
  const [width, height, pad] = [640, 220, 28];
  const lines = analytics.arms.map((_, arm) => {
    let visitors = 0;
    let conversions = 0;
    return points.map((point) => {
      visitors += point.visitors[arm] ?? 0;
      conversions += point.conversions[arm] ?? 0;
      return visitors === 0 ? 0 : conversions / visitors;
    });
  });
  const top = Math.max(0.01, ...lines.flat()) * 1.1;
  // One hour of data is one point per version: drawn as dots in the middle, since a line needs two.
  const x = (i: number) =>
    points.length === 1 ? width / 2 : pad + (i * (width - 2 * pad)) / (points.length - 1);
  const y = (rate: number) => height - pad - (rate / top) * (height - 2 * pad);
  const paths = lines
    .map((rates, arm) => {
      if (rates.length === 1)
        return `<circle cx="${x(0).toFixed(1)}" cy="${y(rates[0] ?? 0).toFixed(1)}" r="5" fill="${STROKES[arm]}"/>`;
      const d = rates
        .map((rate, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(rate).toFixed(1)}`)
        .join("");
      const dash = DASHES[arm] ? ` stroke-dasharray="${DASHES[arm]}"` : "";
      return `<path d="${d}" fill="none" stroke="${STROKES[arm]}" stroke-width="2.5"${dash}/>`;
    })
    .join("");
  const axis = `<line x1="${pad}" y1="${height - pad}" x2="${width - pad}" y2="${height - pad}" stroke="#cbd5e1"/>
<text x="${pad}" y="${pad - 10}" font-size="12" fill="#64748b">${percent(top)}</text>
<text x="${pad}" y="${height - 8}" font-size="12" fill="#64748b">0 %</text>`;
  const summary = analytics.arms
    .map((arm, i) => `${arm.label}: ${percent(lines[i]?.at(-1) ?? 0)}`)
    .join(", ");
  const key = analytics.arms
    .map((arm, i) => `<li><i style="border-color:${STROKES[i]}"></i>${escapeHtml(versionName(arm))}</li>`)
    .join("");
  return `<svg viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(`${M.chart}: ${summary}`)}">${axis}${paths}</svg>
<ul class="key">${key}</ul>`;
}

function tableOf(analytics: TestAnalytics): string {
  const currency = analytics.currency;
  const revenue = analytics.primaryMetric === "revenue_per_visitor" && currency !== null;
  const titles = [M.columns.visitors, M.columns.conversions, M.columns.rate as string].concat(
    revenue ? [M.columns.revenue, M.columns.perVisitor] : [],
  );
  const head = [M.columns.version, ...titles]
    .map((title) => `<th scope="col" role="columnheader">${escapeHtml(title)}</th>`)
    .join("");
  const rows = analytics.arms
    .map((arm) => {
      const cells = [count(arm.visitors), count(arm.conversions), percent(arm.rate)].concat(
        revenue && currency
          ? [money(arm.revenue.total, currency), money(arm.revenue.perVisitor, currency)]
          : [],
      );
      // Each cell names its column: on a phone the rows are cards, with no header row above them.
      // The roles are said outright: a table displayed as blocks loses them in some browsers.
      const labelled = cells.map(
        (cell, i) => `<td role="cell" data-label="${escapeHtml(titles[i] ?? "")}">${escapeHtml(cell)}</td>`,
      );
      return `<tr role="row"><th scope="row" role="rowheader">${escapeHtml(versionName(arm))}</th>${labelled.join("")}</tr>`;
    })
    .join("");
  // Wider than the screen only between 480 px and the table's width: a region the keyboard can reach.
  return `<div tabindex="0" role="region" aria-label="${escapeHtml(M.versions)}"><table role="table"><thead><tr role="row">${head}</tr></thead><tbody role="rowgroup">${rows}</tbody></table></div>`;
}

function liftsOf(analytics: TestAnalytics): string {
  const metric = analytics.primaryMetric;
  const items = analytics.arms.flatMap((arm) => {
    const vs = metric === "revenue_per_visitor" ? arm.revenue.vsControl : arm.vsControl;
    return vs ? [`<li>${escapeHtml(liftSentence(arm.label, vs.relativeLift, metric))}</li>`] : [];
  });
  return items.length > 0 ? `<h2>${escapeHtml(M.lift)}</h2><ul>${items.join("")}</ul>` : "";
}

function page(title: string, description: string, body: string, style: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<meta property="og:type" content="website"><meta property="og:title" content="${escapeHtml(title)}">
<meta property="og:description" content="${escapeHtml(description)}">
<style>${style}</style></head>
<body>${body}</body></html>`;
}

/** GET /report/{token}: the shared test's results, or 404 once the link is revoked (or never was). */
export async function reportPage(c: Context<AppEnv>) {
  const now = Date.now();
  const report = await reportOf(c.env, c.req.param("token") ?? "", now);
  if (!report) {
    const body = `<main role="alert"><h1>${escapeHtml(M.gone)}</h1></main>`;
    return c.html(page(M.goneTitle, M.gone, body, ERROR_PAGE_STYLE), 404, HEADERS);
  }
  const { test, analytics } = report;
  const title = M.pageTitle(test.name);
  const recommendation = recommendationOf(analytics, now).text;
  const asOf = `${new Date(now).toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const body = `<main>
<h1>${escapeHtml(title)}</h1>
<h2>${escapeHtml(M.recommendation)}</h2><p class="rec">${escapeHtml(recommendation)}</p>
${liftsOf(analytics)}
<h2>${escapeHtml(M.versions)}</h2>${tableOf(analytics)}
<h2>${escapeHtml(M.chart)}</h2>${chartOf(analytics)}
<footer>${escapeHtml(M.asOf(asOf))}</footer>
</main>`;
  return c.html(page(title, recommendation, body, STYLE), 200, HEADERS);
}
