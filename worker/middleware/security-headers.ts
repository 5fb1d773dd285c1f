import { secureHeaders } from "hono/secure-headers";

/** Headers for every HTML page: no framing, no sniffing, scripts only from this origin. */
export const htmlSecurityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // Radix and sonner set inline styles at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    fontSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: "DENY",
  referrerPolicy: "strict-origin-when-cross-origin",
  crossOriginEmbedderPolicy: false,
});

export const apiSecurityHeaders = secureHeaders({
  referrerPolicy: "no-referrer",
  crossOriginEmbedderPolicy: false,
});
