import { InfoIcon } from "lucide-react";

const LOCAL_HOSTNAMES: ReadonlySet<string> = new Set(["localhost", "127.0.0.1"]);

/** Only on a local run, where a stand-in for Cloudflare verifies *.localhost domains. */
export function LocalDomainsNote() {
  if (!LOCAL_HOSTNAMES.has(window.location.hostname)) return null;
  return (
    <p className="flex items-start gap-2 text-muted-foreground text-xs">
      <InfoIcon className="mt-px size-3.5 shrink-0" aria-hidden />
      <span>
        Running locally without a Cloudflare API token: a domain ending in <code>.localhost</code> (such as{" "}
        <code>go.example.localhost</code>) becomes active when you press Verify.
      </span>
    </p>
  );
}
