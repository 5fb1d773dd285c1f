import type { CustomDomain } from "@contract/api";
import { Trash2Icon } from "lucide-react";
import { useRef } from "react";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useDeleteDomain } from "@/features/domains/use-delete-domain";

interface DeleteDomainButtonProps {
  domain: CustomDomain;
  onDeleted: (domain: CustomDomain, hadFocus: boolean) => void;
}

/** An icon button that deletes the domain after a confirmation. */
export function DeleteDomainButton({ domain, onDeleted }: DeleteDomainButtonProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { deleting, remove } = useDeleteDomain((deleted) =>
    onDeleted(deleted, document.activeElement === triggerRef.current),
  );
  const label = `Delete ${domain.domain}`;

  return (
    <ConfirmDialog
      trigger={
        <Button
          ref={triggerRef}
          variant="ghost"
          size="icon"
          className="size-9 text-destructive hover:bg-destructive-muted hover:text-destructive"
          aria-label={label}
          title={label}
          aria-disabled={deleting}
        >
          {deleting ? <Spinner size="sm" className="text-current" aria-hidden /> : <Trash2Icon aria-hidden />}
        </Button>
      }
      title="Delete this domain?"
      description={`${domain.domain} will be removed from your account and links on it will stop working. Your split tests stay available on their default link. This action cannot be undone.`}
      confirmLabel="Delete"
      onConfirm={() => remove(domain)}
    />
  );
}
