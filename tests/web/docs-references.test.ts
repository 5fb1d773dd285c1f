import { describe, expect, it } from "vitest";
import {
  codeSpans,
  folderNamesOf,
  pathsIn,
  resolves,
  testReferences,
  testTitles,
  unknownTestNames,
} from "../../scripts/docs-references";

// The checks `npm run lint` runs on the docs (scripts/check-docs.ts), on a small made-up repository.
const FILES = [
  "README.md",
  "docs/webhooks.md",
  "docs/guarantees.md",
  "scripts/check-imports.ts",
  "contract/api.ts",
  "worker/middleware/body-limit.ts",
  "worker/routes/beacon.ts",
  "worker/queue/producer.ts",
];
const FOLDERS = folderNamesOf(FILES);
const brokenPaths = (markdown: string, doc = "README.md") =>
  codeSpans(markdown).flatMap(({ text }) =>
    pathsIn(text, FOLDERS).filter(
      (path) => !resolves(path, doc.includes("/") ? doc.slice(0, doc.lastIndexOf("/")) : "", FILES),
    ),
  );

describe("the docs' repository paths", () => {
  it("finds a path in backticks that does not exist, and passes those that do", () => {
    const doc = [
      "The limits are in `worker/lib/body-limit.ts` and `worker/middleware/body-limit.ts`; the beacon's",
      "route is `routes/beacon.ts`, its queue `queue/producer` and `queue/consumer`; run",
      "`node scripts/check-imports.ts` and `node scripts/check-paths.ts`; shapes in `@contract/api`.",
    ].join("\n");
    expect(brokenPaths(doc)).toEqual([
      "worker/lib/body-limit.ts",
      "queue/consumer",
      "scripts/check-paths.ts",
    ]);
  });

  it("reads a path from the doc's own folder too, and a bare file name anywhere", () => {
    expect(
      brokenPaths("See `webhooks.md`, `../README.md`, `producer.ts` and `consumer.ts`.", "docs/api.md"),
    ).toEqual(["consumer.ts"]);
  });

  it("reads a code span that runs over a line break, and names the line it starts on", () => {
    const doc =
      "Run\n`node\nscripts/gone.ts` and then `scripts/check-imports.ts`; and\n\n`stray and `scripts/lost.ts`";
    expect(codeSpans(doc)).toEqual([
      { text: "node scripts/gone.ts", line: 2 },
      { text: "scripts/check-imports.ts", line: 3 },
      { text: "stray and", line: 5 },
    ]);
  });

  it("takes URL paths, placeholders, globs, MIME types and fenced code for no repository path", () => {
    const doc = [
      "`GET /api/v1/tests/{id}`, `/api/v1/tests`, `link:{slug}`, `features/<screen>/`, `tests/worker/*`,",
      "`application/json`, `https://splitlink.app/t.js`, `worker/…`",
      "```sh",
      "node scripts/missing.ts `scripts/missing.ts`",
      "```",
    ].join("\n");
    expect(brokenPaths(doc)).toEqual([]);
  });
});

const SOURCE = `
describe("the click consumer", () => {
  it("inserts nothing twice when a batch is delivered again", async () => {});
  it(\`answers 429 after \${LIMIT} beacons\`, async () => {});
  it.each([["a", 1]])("%s: anonymous 401, the owner succeeds", async () => {});
  it("refuses a stranger (403); the invitation stays open", async () => {});
});
describe("one address, one bounded voice (#30)", () => {});
`;
const namesUnknown = (markdown: string) =>
  unknownTestNames(testReferences(markdown), (file) =>
    file === "tests/worker/queue.test.ts" ? testTitles(SOURCE) : null,
  );
const row = (cell: string) => `| guarantee | test |\n| --- | --- |\n| a promise | ${cell} |`;

describe("the test names of docs/guarantees.md", () => {
  it("knows each name a test file holds, as the docs shorten and parameterise them", () => {
    expect(
      namesUnknown(
        row(
          "`tests/worker/queue.test.ts` › the click consumer › inserts nothing twice …; › answers 429 after 100 beacons; " +
            "› {route}: anonymous 401, the owner succeeds; › refuses a stranger (403); the invitation stays open; " +
            "› one address, one bounded voice › (all three tests)",
        ),
      ),
    ).toEqual([]);
  });

  it("names a title no test holds, or a file that does not exist", () => {
    const markdown = `${row("`tests/worker/queue.test.ts` › the click consumer › inserts nothing twice when a batch is redelivered")}
| another | … › answers 429 after 100 beacons in 10 s |
| a third | \`tests/worker/gone.test.ts\` › anything |`;
    expect(namesUnknown(markdown)).toEqual([
      {
        line: 3,
        file: "tests/worker/queue.test.ts",
        title: "inserts nothing twice when a batch is redelivered",
      },
      { line: 4, file: "tests/worker/queue.test.ts", title: "answers 429 after 100 beacons in 10 s" },
      { line: 5, file: "tests/worker/gone.test.ts", title: "anything" },
    ]);
  });
});
