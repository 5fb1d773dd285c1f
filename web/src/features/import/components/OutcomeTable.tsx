import type { ImportRowOutcome } from "@contract/api";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { IMPORT_SCREEN_MESSAGES } from "@/features/import/messages";

const STATUS = {
  ready: { text: IMPORT_SCREEN_MESSAGES.ready, variant: "secondary" },
  created: { text: IMPORT_SCREEN_MESSAGES.created, variant: "success" },
  refused: { text: IMPORT_SCREEN_MESSAGES.refused, variant: "destructive" },
} as const;

/** Where a row's link goes: its new link once made, else its back-half on its domain, else a new slug. */
function shortLinkOf(row: ImportRowOutcome): string {
  if (row.link) return row.link;
  if (!row.slug) return "A new random slug";
  return row.domain ? `${row.domain}/${row.slug}` : `/r/${row.slug}`;
}

/** Each row of the file and what becomes of it: fits a 375 px screen, long URLs wrap. */
export function OutcomeTable({ rows }: { rows: readonly ImportRowOutcome[] }) {
  if (rows.length === 0)
    return <p className="text-muted-foreground text-sm">{IMPORT_SCREEN_MESSAGES.emptyTable}</p>;
  return (
    <Table className="table-fixed" data-testid="import-outcome">
      <TableHeader>
        <TableRow>
          <TableHead className="w-12">Row</TableHead>
          <TableHead>Link</TableHead>
          <TableHead className="w-[38%]">Outcome</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.row} data-status={row.status}>
            <TableCell className="align-top tabular-nums">{row.row}</TableCell>
            <TableCell className="align-top">
              <p className="break-words font-medium">{row.name}</p>
              <p className="break-all font-mono text-xs">{shortLinkOf(row)}</p>
              {row.urls.map((url) => (
                <p key={url} className="break-all text-muted-foreground text-xs">
                  → {url}
                </p>
              ))}
              {row.tags.length > 0 && (
                <p className="break-words text-muted-foreground text-xs">Tags: {row.tags.join(", ")}</p>
              )}
            </TableCell>
            <TableCell className="align-top">
              <Badge variant={STATUS[row.status].variant}>{STATUS[row.status].text}</Badge>
              {row.reason && <p className="mt-1 break-words text-sm">{row.reason}</p>}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
