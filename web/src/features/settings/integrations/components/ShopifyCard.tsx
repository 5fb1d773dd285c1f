import pixelSource from "@integrations/shopify/pixel.js?raw";
import { useId } from "react";
import { CardLoadState } from "@/components/CardLoadState";
import { CopyButton } from "@/components/split-tests/CopyButton";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { INTEGRATION_CARD_MESSAGES as M } from "@/features/settings/integrations/messages";
import { shopifyPixel } from "@/features/settings/integrations/shopify-pixel";
import { useSiteKey } from "@/lib/tracking/site-tag";

/** Shopify's checkouts: SplitLink's custom pixel with the workspace's site key, to paste in Shopify. */
export function ShopifyCard() {
  const headingId = useId();
  const { siteKey, status, retry } = useSiteKey();
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
        {pixel ? (
          <div className="flex items-start gap-2">
            {/* A read-only field: it scrolls, and a keyboard can reach it and select the code. */}
            <textarea
              data-testid="shopify-pixel"
              aria-label={M.shopifyCode}
              readOnly
              rows={12}
              spellCheck={false}
              value={pixel}
              className="min-w-0 flex-1 resize-y rounded-lg bg-foreground p-4 font-mono text-background text-xs leading-relaxed"
            />
            <CopyButton text={pixel} label={M.shopifyCopy} successMessage={M.shopifyCopied} />
          </div>
        ) : (
          <CardLoadState failed={status === "failed"} failedMessage={M.shopifyLoadFailed} onRetry={retry} />
        )}
      </CardContent>
    </Card>
  );
}
