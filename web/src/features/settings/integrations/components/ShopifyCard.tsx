import { ANALYTICS_INTEGRATION_MESSAGES as M } from "@contract/messages";
import pixelSource from "@integrations/shopify/pixel.js?raw";
import { useId } from "react";
import { CopyButton } from "@/components/split-tests/CopyButton";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { shopifyPixel } from "@/features/settings/integrations/shopify-pixel";
import { useSiteKey } from "@/lib/tracking/site-tag";

/** Shopify's checkouts: SplitLink's custom pixel with the workspace's site key, to paste in Shopify. */
export function ShopifyCard() {
  const headingId = useId();
  const siteKey = useSiteKey();
  const pixel = siteKey ? shopifyPixel(pixelSource, siteKey, window.location.origin) : null;
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle id={headingId} className="text-lg">
          {M.shopifyTitle}
        </CardTitle>
        <CardDescription>{M.shopifyDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-start gap-2">
          <pre
            data-testid="shopify-pixel"
            className="max-h-64 min-w-0 flex-1 overflow-auto whitespace-pre rounded-lg bg-foreground p-4 text-background text-xs leading-relaxed"
          >
            <code>{pixel ?? "Loading…"}</code>
          </pre>
          {pixel && <CopyButton text={pixel} label={M.shopifyCopy} successMessage={M.shopifyCopied} />}
        </div>
      </CardContent>
    </Card>
  );
}
