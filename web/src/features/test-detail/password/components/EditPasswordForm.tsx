import type { TestWithStats } from "@contract/api";
import { isLinkPassword, MAX_LINK_PASSWORD } from "@contract/link-password";
import { LIFECYCLE_MESSAGES, LINK_PASSWORD_MESSAGES } from "@contract/messages";
import { useState } from "react";
import { TextField } from "@/components/TextField";
import { Button } from "@/components/ui/button";
import { EditFormActions } from "@/features/test-detail/components/EditFormActions";
import { useInlineEditSave } from "@/features/test-detail/use-inline-edit-save";
import { useUpdateTest } from "@/features/test-detail/use-update-test";
import { serverMessage } from "@/lib/server-message";
import { PASSWORD_HINT } from "@/lib/split-tests/password-hint";
import { toast } from "@/lib/toast";

interface EditPasswordFormProps {
  test: TestWithStats;
  /** Saved or removed (or refused because the test changed meanwhile): the cache has the news. */
  onDone: () => void;
  onCancel: () => void;
}

/** A new password for the link, or, when it has one, its removal. */
export function EditPasswordForm({ test, onDone, onCancel }: EditPasswordFormProps) {
  const [password, setPassword] = useState("");
  const { problem, clearProblem, formRef, busy, handleSubmit } = useInlineEditSave(test, {
    check: () => (isLinkPassword(password) ? null : LINK_PASSWORD_MESSAGES.length),
    messageOf: (found) => found,
    input: () => ({ password }),
    saved: LINK_PASSWORD_MESSAGES.saved,
    what: "the password",
    onDone,
  });
  const remove = useUpdateTest(test);

  async function handleRemove() {
    if (busy || remove.isPending) return;
    try {
      await remove.mutateAsync({ password: null });
      toast.success(LINK_PASSWORD_MESSAGES.removed);
      onDone();
    } catch (error) {
      console.warn("Could not remove the password", error);
      toast.error(serverMessage(error) ?? LIFECYCLE_MESSAGES.changeFailed);
    }
  }

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate className="grid gap-5">
      <TextField
        label={test.passwordProtected ? "New password" : "Password"}
        name="password"
        type="password"
        autoComplete="new-password"
        maxLength={MAX_LINK_PASSWORD}
        value={password}
        onChange={(event) => {
          clearProblem();
          setPassword(event.target.value);
        }}
        problem={problem}
        hint={PASSWORD_HINT}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        {test.passwordProtected ? (
          <Button
            variant="ghost"
            aria-disabled={busy || remove.isPending}
            onClick={() => void handleRemove()}
          >
            Remove password
          </Button>
        ) : (
          <span />
        )}
        <EditFormActions busy={busy} saveLabel="Save password" onCancel={onCancel} />
      </div>
    </form>
  );
}
