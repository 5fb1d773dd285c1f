/** Absolute http(s) URLs only, for the form and the API alike: relative, `javascript:` and `data:` are refused. */
export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0 && !/\s/.test(value)
  );
}
