import type { CustomDomain } from "@contract/api";
import type { ComponentProps } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { AddDomainForm } from "@/features/domains/components/AddDomainForm";
import { useAddDomain } from "@/features/domains/use-add-domain";

interface AddDomainDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: (domain: CustomDomain) => void;
  /** Where focus goes once the dialog closes; the page opens it from more than one button. */
  onCloseAutoFocus: ComponentProps<typeof DialogContent>["onCloseAutoFocus"];
}

export function AddDomainDialog({ open, onOpenChange, onAdded, onCloseAutoFocus }: AddDomainDialogProps) {
  const { busy, add } = useAddDomain(onAdded);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Add New Custom Domain</DialogTitle>
          <DialogDescription>Use a domain or subdomain you own for your split links.</DialogDescription>
        </DialogHeader>
        {/* Rendered only while open: each opening starts with an empty field. */}
        <AddDomainForm busy={busy} onAdd={add} />
      </DialogContent>
    </Dialog>
  );
}
