// What Shopify's custom pixel sandbox gives pixel.js as globals, typed by Shopify's own package: the
// pixel is type-checked against it (integrations/tsconfig.json, in `npm run typecheck`).
import type { ExtensionApi } from "@shopify/web-pixels-extension";

declare global {
  const analytics: ExtensionApi["analytics"];
  const browser: ExtensionApi["browser"];
  const init: ExtensionApi["init"];
}
