/** Browsers keep Secure cookies on https and on localhost (a secure context) only. */
export function isSecureRequest(url: URL): boolean {
  return url.protocol === "https:" || url.hostname === "localhost" || url.hostname.endsWith(".localhost");
}

/** The value of one cookie, without parsing the rest of the header. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

export function serializeCookie(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${name}=${value}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}
