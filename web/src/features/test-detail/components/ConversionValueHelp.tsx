import { Link } from "react-router-dom";

const code = "rounded bg-muted px-1 py-0.5 font-mono text-xs";

/** The other ways to send a conversion: with the order's value, from a single-page checkout, from a server. */
export function ConversionValueHelp() {
  return (
    <div className="grid gap-2 text-muted-foreground text-sm">
      <p>
        <span className="font-medium text-foreground">Counting revenue?</span> On the thank-you page, add the
        order's total to the tag: <code className={code}>data-amount="49.99" data-currency="EUR"</code>.
      </p>
      <p>
        In a single-page checkout, add <code className={code}>data-manual</code> to the tag and call{" "}
        <code className={code}>splitlink.convert({'{ amount: 49.99, currency: "EUR" }'})</code> once the order
        is placed.
      </p>
      <p>
        Ad blockers hide some tags: your server can report each order itself with the{" "}
        <code className={code}>sessionId</code> the split link added to the page's address (
        <Link to="/docs/api#recordConversion" className="underline underline-offset-2">
          POST /api/v1/conversions
        </Link>
        ).
      </p>
    </div>
  );
}
