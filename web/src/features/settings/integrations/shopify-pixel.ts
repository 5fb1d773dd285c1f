/**
 * The Shopify pixel (integrations/shopify/pixel.js) ready to paste: the workspace's site key and this
 * deployment's origin in place of the file's defaults.
 */
export function shopifyPixel(source: string, siteKey: string, appOrigin: string): string {
  return source
    .replace(/const SPLITLINK_ORIGIN = "[^"]*";/, `const SPLITLINK_ORIGIN = ${JSON.stringify(appOrigin)};`)
    .replace(/const SITE_KEY = "[^"]*";/, `const SITE_KEY = ${JSON.stringify(siteKey)};`);
}
