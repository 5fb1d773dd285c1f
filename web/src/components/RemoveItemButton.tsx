import { Trash2Icon } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { RequestError } from "@/lib/api";
import { toast } from "@/lib/toast";

interface RemoveItemButtonProps<Item extends { id: string }> {
  item: Item;
  /** The button's and the confirmation's word: Delete, Revoke… */
  verb: string;
  /** Names the item for assistive technology: "Revoke CI pipeline". */
  ariaLabel: string;
  title: string;
  description: string;
  /** Removes it on the server. */
  remove: (id: string) => Promise<void>;
  messages: { done: string; failed: string };
  /** Runs once the item is gone (a 404 counts: it was gone already). */
  onRemoved: (item: Item) => void;
}

/** A list row's destructive action: asks first, shows it is busy, toasts the outcome. */
export function RemoveItemButton<Item extends { id: string }>({
  item,
  verb,
  ariaLabel,
  title,
  description,
  remove,
  messages,
  onRemoved,
}: RemoveItemButtonProps<Item>) {
  const [busy, setBusy] = useState(false);

  async function confirm(): Promise<void> {
    if (busy) return;
    setBusy(true);
    try {
      await remove(item.id);
    } catch (error) {
      console.warn(messages.failed, error);
      toast.error(messages.failed);
      setBusy(false);
      if (error instanceof RequestError && error.status === 404) onRemoved(item);
      return;
    }
    toast.success(messages.done);
    onRemoved(item);
  }

  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:bg-destructive-muted hover:text-destructive"
          aria-label={ariaLabel}
          aria-disabled={busy}
        >
          {busy ? <Spinner size="sm" className="text-current" aria-hidden /> : <Trash2Icon aria-hidden />}
          {verb}
        </Button>
      }
      title={title}
      description={description}
      confirmLabel={verb}
      onConfirm={() => void confirm()}
    />
  );
}
