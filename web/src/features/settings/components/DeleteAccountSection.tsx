import { ACCOUNT_MESSAGES } from "@contract/messages";
import { Trash2Icon } from "lucide-react";
import { type FormEvent, startTransition, useId, useState } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { BusyLabel } from "@/components/ui/spinner";
import { deleteAccount } from "@/features/settings/api/delete-account";
import { useAuth } from "@/lib/auth/use-auth";
import { serverMessage } from "@/lib/server-message";
import { toast } from "@/lib/toast";

const sameEmail = (typed: string, email: string) => typed.trim().toLowerCase() === email.toLowerCase();

/** Deletes the account and everything in it, once the user types their email; then back to the landing page. */
export function DeleteAccountSection({ email }: { email: string }) {
  const headingId = useId();
  const inputId = useId();
  const passwordId = useId();
  const { applySession } = useAuth();
  const navigate = useNavigate();
  const [typed, setTyped] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const confirmed = sameEmail(typed, email) && password.length > 0;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !confirmed) return;
    setBusy(true);
    try {
      const { message } = await deleteAccount({ email: typed, password });
      // One transition: "/" renders with the cleared session, before the route guard could send us to /login.
      startTransition(() => {
        applySession(null);
        navigate("/", { replace: true });
      });
      toast.success(message);
    } catch (error) {
      console.warn("Could not delete the account", error);
      toast.error(serverMessage(error) ?? ACCOUNT_MESSAGES.deleteFailed);
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={headingId}>
      <Card className="border-destructive/40">
        <CardHeader>
          <CardTitle id={headingId} className="text-lg text-destructive">
            Delete account
          </CardTitle>
          <CardDescription>
            Permanently deletes your account, all your split tests with their clicks and conversions, and your
            custom domains. This cannot be undone.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Dialog
            onOpenChange={(open) => {
              if (open) return;
              setTyped("");
              setPassword("");
            }}
          >
            <DialogTrigger asChild>
              <Button variant="destructive">
                <Trash2Icon aria-hidden />
                Delete account
              </Button>
            </DialogTrigger>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>Delete your account?</DialogTitle>
                <DialogDescription>
                  All your split tests, their clicks and conversions, and your custom domains will be deleted
                  for good, and you will be signed out everywhere.
                </DialogDescription>
                <p className="text-sm text-muted-foreground">{ACCOUNT_MESSAGES.deleteNeedsOwner}</p>
              </DialogHeader>
              <form onSubmit={handleSubmit} className="grid gap-5">
                <div className="grid gap-2">
                  <Label htmlFor={inputId} className="block leading-relaxed">
                    Type <span className="break-all font-semibold">{email}</span> to confirm
                  </Label>
                  <Input
                    id={inputId}
                    value={typed}
                    onChange={(event) => setTyped(event.target.value)}
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    inputMode="email"
                  />
                </div>
                <div className="grid gap-2">
                  <Label htmlFor={passwordId}>Your password</Label>
                  <Input
                    id={passwordId}
                    type="password"
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                    autoComplete="current-password"
                  />
                </div>
                <DialogFooter>
                  <DialogClose asChild>
                    <Button variant="outline">Cancel</Button>
                  </DialogClose>
                  <Button type="submit" variant="destructive" disabled={!confirmed || busy}>
                    <BusyLabel busy={busy} label="Delete my account" busyLabel="Deleting..." />
                  </Button>
                </DialogFooter>
              </form>
            </DialogContent>
          </Dialog>
        </CardContent>
      </Card>
    </section>
  );
}
