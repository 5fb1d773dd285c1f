export const DOMAIN_MESSAGES = {
  notSignedIn: "You must be logged in to add a domain",
  empty: "Please enter a domain",
  invalidFormat: "Invalid domain format. Please enter a valid domain.",
  duplicate: "This domain is already registered in our system.",
  // Not in the specification: the same refusal for a domain claimed here, saying nothing of who holds
  // it or whether it is verified, and that an unverified claim does not last.
  duplicateClaim:
    "This domain is already registered in our system. A domain that is never verified is released after 7 days.",
  // Not in the specification: the app's own hosts cannot be anyone's custom domain.
  reserved: "This domain belongs to SplitLink and cannot be added.",
  notFound: "Domain not found",
  verificationError: (message?: string) => `Verification error: ${message || "Unknown error"}`,
  // Not in the specification: Cloudflare's own refusals and outages, passed on to the user.
  cloudflareRefused: (message: string) => `Cloudflare refused the request: ${message}`,
  cloudflareUnexpected: (status: number) =>
    `Cloudflare sent an unexpected answer (HTTP ${status}). Please try again later.`,
  cloudflareUnreachable: "Could not reach Cloudflare. Please try again later.",

  // Status messages by domain status; {host} is the fallback origin custom domains CNAME to.
  statusNew: (host: string) => `Add a CNAME record pointing to ${host} to verify your domain.`,
  statusPending: "Domain is pending verification. Please check your DNS settings.",
  statusActive: "Domain is verified and active.",
  statusError: "Domain verification failed. Please check your DNS settings.",
  statusMissing: "Pending verification",
  statusOther: "Pending verification. Please add the required CNAME record to your DNS settings.",

  // Toasts of the Domains screen.
  loadFailed: "Failed to load domains",
  added: "Domain added successfully",
  addFailed: "Failed to add domain",
  deleted: "Domain deleted successfully",
  deleteFailed: "Failed to delete domain",
  checking: "Checking DNS records...",
  verified: "Domain verified successfully",
  verificationFailed: "Domain verification failed",
  verifyRequestFailed: "Failed to verify domain",
  // Not in the specification: Verify pressed again and again (each check asks Cloudflare).
  checkRateLimited: "Too many domain checks. Please wait a minute and try again.",
  cnameCopied: "CNAME record copied to clipboard",
  // Not in the specification: the fallback of a domain's root and unknown paths (issue #33).
  fallbackUrl: "The fallback URL must be a valid http or https URL",
} as const;
