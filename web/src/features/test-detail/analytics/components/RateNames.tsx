/** What each rate on the page means, since the page shows two. */
export function RateNames() {
  return (
    <p className="text-muted-foreground text-xs" data-testid="rate-names">
      Conversion rate per visitor: conversions ÷ unique visitors, the figure the verdict uses. Conv. Rate per
      click (as on the dashboard): conversions ÷ clicks, where a visitor who clicks twice counts twice.
    </p>
  );
}
