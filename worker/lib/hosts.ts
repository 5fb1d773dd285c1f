const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * Hosts that serve the app itself (its own domain, local runs, IPs, preview deployments);
 * any other host is a custom domain.
 */
export function isAppHost(hostname: string, appHost: string): boolean {
  return hostname === appHost || hostname === `www.${appHost}` || isLocalOrPreviewHost(hostname);
}

export function isLocalOrPreviewHost(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    IPV4.test(hostname) ||
    hostname.startsWith("[") ||
    hostname.endsWith(".workers.dev")
  );
}
