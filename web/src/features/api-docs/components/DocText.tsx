import type { ReactNode } from "react";

/**
 * A description from the OpenAPI document, as its Markdown means it: `code` spans (between backticks)
 * as code, the rest as text; nothing else of Markdown appears in SplitLink's descriptions.
 */
export function DocText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let offset = 0;
  for (const [i, part] of text.split("`").entries()) {
    // Between two backticks: a code span, unless the closing backtick is missing.
    const isCode = i % 2 === 1 && offset + part.length < text.length;
    parts.push(
      isCode ? (
        <code
          key={offset}
          className="break-all rounded bg-muted px-1 font-mono text-[0.85em] text-foreground"
        >
          {part}
        </code>
      ) : (
        <span key={offset}>{i % 2 === 1 ? `\`${part}` : part}</span>
      ),
    );
    offset += part.length + 1;
  }
  return <>{parts}</>;
}
