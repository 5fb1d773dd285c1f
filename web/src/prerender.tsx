// Build-time entry (scripts/prerender-landing.ts): the landing page as static HTML, one per session state.
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { LandingView } from "@/features/landing/LandingView";

export type LandingVariant = "signed-in" | "signed-out";

export function renderLanding(status: LandingVariant): string {
  return renderToStaticMarkup(
    <StaticRouter location="/">
      <LandingView status={status} />
    </StaticRouter>,
  );
}
