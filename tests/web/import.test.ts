import type { ImportRowOutcome } from "@contract/api";
import { csvText, IMPORT_CHUNK_ROWS, parseCsv, readImportFile } from "@contract/imports";
import { describe, expect, it } from "vitest";
import { fileParts, outcomeCsv } from "@/features/import/outcome-csv";

// The Import links screen's file: read as the Worker reads it, sent in parts, its outcome saved as CSV.

describe("an import's file on screen", () => {
  it("reads quoted cells with commas, quotes and line breaks, and a byte-order mark", () => {
    const text =
      '\uFEFFname,url_a\r\n"Sale, ""big""",https://shop.example/a\n"Two\nlines",https://shop.example/b\n\n';
    expect(parseCsv(text)).toEqual([
      ["name", "url_a"],
      ['Sale, "big"', "https://shop.example/a"],
      ["Two\nlines", "https://shop.example/b"],
    ]);
    expect(parseCsv(csvText(parseCsv(text)))).toEqual(parseCsv(text));
  });

  it("reads a row's tags separated by commas (as the events export writes them), | or ;", () => {
    const file = readImportFile(
      'name,url_a,tags\nPoster,https://shop.example/a,"spring, email|qr; spring"\n',
    );
    expect("links" in file && file.links[0]?.tags).toEqual(["spring", "email", "qr"]);
  });

  it("sends a long file in parts of its header and up to 25 rows, numbered from where each starts", () => {
    const records = [
      ["name", "url_a"],
      ...Array.from({ length: 120 }, (_, i) => [`L${i}`, `https://s.example/${i}`]),
    ];
    const parts = fileParts(records, IMPORT_CHUNK_ROWS);
    expect(parts.map((part) => part.offset)).toEqual([0, 25, 50, 75, 100]);
    const last = readImportFile(parts[4]?.csv ?? "");
    expect("links" in last && last.links.map((link) => link.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `L${i + 100}`),
    );
  });

  it("saves the outcome per row, a formula-looking cell kept as text", () => {
    const row: ImportRowOutcome = {
      row: 1,
      name: "=HYPERLINK()",
      urls: ["https://shop.example/a"],
      slug: "spring",
      domain: null,
      tags: ["a", "b"],
      status: "refused",
      reason: "This custom slug is already taken for this domain",
      testId: null,
      link: null,
    };
    expect(parseCsv(outcomeCsv([row]))).toEqual([
      ["row", "name", "urls", "slug", "domain", "tags", "status", "reason", "link"],
      ["1", "'=HYPERLINK()", "https://shop.example/a", "spring", "", "a|b", "refused", row.reason, ""],
    ]);
  });
});
