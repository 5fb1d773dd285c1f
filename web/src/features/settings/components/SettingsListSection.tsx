import { BookOpenIcon, PlusIcon, RotateCwIcon } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { ViewerNote } from "@/components/workspaces/ViewerNote";
import { useWorkspaceAbilities } from "@/lib/workspaces/use-workspace";

interface SettingsListSectionProps {
  title: string;
  description: string;
  /** The docs link beside the title. */
  docs: { to: string; label: string };
  /** The list as loaded: its items, or why there are none yet to show. */
  status: "loading" | "failed" | "ready";
  count: number;
  loadFailed: string;
  onRetry: () => void;
  /** The create button's label beside the title, and in the empty state. */
  addLabel: string;
  firstAddLabel: string;
  /** The empty state, given the create button. */
  empty: (addButton: ReactNode) => ReactNode;
  /** The items. */
  children: ReactNode;
  /** The create dialog, opened by the create buttons. */
  dialog: (open: boolean, onOpenChange: (open: boolean) => void) => ReactNode;
  /** An anchor other pages link to. */
  id?: string;
}

/**
 * A settings card for a list the user creates items in (API keys, webhook endpoints): title, docs link
 * and create button, then the list with its loading, failed and empty states, and the create dialog.
 * A viewer gets no create button, and a note why.
 */
export function SettingsListSection(props: SettingsListSectionProps) {
  const { status, count } = props;
  const headingId = useId();
  const [creating, setCreating] = useState(false);
  const { canEdit } = useWorkspaceAbilities();
  const createButton = (label: string) =>
    canEdit && (
      <Button aria-haspopup="dialog" onClick={() => setCreating(true)}>
        <PlusIcon aria-hidden />
        {label}
      </Button>
    );

  return (
    <section aria-labelledby={headingId} id={props.id} className="scroll-mt-20">
      <Card className="gap-5">
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle id={headingId} className="text-lg">
              {props.title}
            </CardTitle>
            <CardDescription>{props.description}</CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link to={props.docs.to}>
                <BookOpenIcon aria-hidden />
                {props.docs.label}
              </Link>
            </Button>
            {status === "ready" && count > 0 && createButton(props.addLabel)}
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          {!canEdit && <ViewerNote />}
          {status === "loading" ? (
            <div className="flex justify-center py-10">
              <Spinner size="lg" />
            </div>
          ) : status === "failed" ? (
            <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-10 text-center">
              <p className="text-muted-foreground">{props.loadFailed}</p>
              <Button variant="outline" className="mt-4" onClick={props.onRetry}>
                <RotateCwIcon aria-hidden />
                Try again
              </Button>
            </div>
          ) : count === 0 ? (
            props.empty(createButton(props.firstAddLabel))
          ) : (
            props.children
          )}
        </CardContent>
      </Card>
      {canEdit && props.dialog(creating, setCreating)}
    </section>
  );
}
