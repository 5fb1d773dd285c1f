import type { CustomDomain } from "@contract/api";
import { ACCOUNT_MESSAGES } from "@contract/messages";
import { LayoutDashboardIcon, PlusIcon } from "lucide-react";
import { useId, useRef } from "react";
import { Link } from "react-router-dom";
import { AppHeader } from "@/components/AppHeader";
import { VerifyEmailBanner } from "@/components/auth/VerifyEmailBanner";
import { PageTitle } from "@/components/PageTitle";
import { Button } from "@/components/ui/button";
import { ViewerNote } from "@/components/workspaces/ViewerNote";
import { cnameRecordName } from "@/features/domains/cname-target";
import { AddDomainDialog } from "@/features/domains/components/AddDomainDialog";
import { DnsHelpPanel } from "@/features/domains/components/DnsHelpPanel";
import { DomainsContent } from "@/features/domains/components/DomainsContent";
import { useAddDomainDialog } from "@/features/domains/use-add-domain-dialog";
import { useDomainList } from "@/features/domains/use-domain-list";
import { useAuth } from "@/lib/auth/use-auth";
import { useWorkspaceAbilities } from "@/lib/workspaces/use-workspace";

export default function DomainsPage() {
  const list = useDomainList();
  // Adding a domain waits for a verified email (the API refuses it too); the rest of the screen works.
  const emailVerified = useAuth().emailVerified;
  const { canEdit } = useWorkspaceAbilities();
  const canAdd = emailVerified && canEdit;
  const addDialog = useAddDomainDialog();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Adding, verifying and deleting change the domains query (domain-cache); the page only moves focus.
  function handleAdded() {
    addDialog.setOpen(false);
  }

  function handleDeleted(_domain: CustomDomain, hadFocus: boolean) {
    // Its delete button leaves with it: keep keyboard focus on the page instead of losing it.
    if (hadFocus) headingRef.current?.focus();
  }

  return (
    <div className="min-h-svh bg-muted">
      <PageTitle>Custom Domains</PageTitle>
      <AppHeader>
        <Button asChild variant="ghost" size="sm">
          <Link to="/dashboard">
            <LayoutDashboardIcon aria-hidden />
            {/* Icon only on the narrowest screens, where the header has no room for the word. */}
            <span className="sr-only sm:not-sr-only">Dashboard</span>
          </Link>
        </Button>
      </AppHeader>
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        <div className="mb-6 empty:hidden">
          <VerifyEmailBanner reason={ACCOUNT_MESSAGES.verifyToAddDomains} />
        </div>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1
              ref={headingRef}
              id={headingId}
              tabIndex={-1}
              className="font-bold text-2xl tracking-tight focus:outline-none sm:text-3xl"
            >
              Custom Domains
            </h1>
            <p className="mt-1 text-muted-foreground">Serve your split links from your own domain</p>
          </div>
          {canEdit && (
            <Button
              ref={addDialog.addButtonRef}
              aria-haspopup="dialog"
              onClick={addDialog.openDialog}
              disabled={!canAdd}
            >
              <PlusIcon aria-hidden />
              Add Domain
            </Button>
          )}
        </div>
        {!canEdit && <ViewerNote className="mt-6" />}
        <div className="mt-8 grid gap-6 xl:grid-cols-[minmax(0,1fr)_22rem] xl:items-start">
          <DomainsContent
            status={list.status}
            domains={list.domains}
            labelledBy={headingId}
            onAddDomain={canAdd ? addDialog.openDialog : undefined}
            canEdit={canEdit}
            onRetry={list.retry}
            onDeleted={handleDeleted}
          />
          <DnsHelpPanel recordName={cnameRecordName(list.domains)} fallbackHost={list.fallbackHost} />
        </div>
      </main>
      <AddDomainDialog
        open={addDialog.open}
        onOpenChange={addDialog.setOpen}
        onAdded={handleAdded}
        onCloseAutoFocus={addDialog.onCloseAutoFocus}
      />
    </div>
  );
}
