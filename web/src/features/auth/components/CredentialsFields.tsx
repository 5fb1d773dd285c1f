import type { Credentials } from "@contract/api";
import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

export function CredentialsFields({
  passwordAutoComplete,
  defaultEmail,
}: {
  passwordAutoComplete: "current-password" | "new-password";
  /** Filled in already (the invited email, from an invitation's page). */
  defaultEmail?: string;
}) {
  const id = useId();
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={defaultEmail}
          required
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-password`}>Password</Label>
        <Input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete={passwordAutoComplete}
          required
        />
      </div>
    </>
  );
}

export function readCredentials(form: HTMLFormElement): Credentials {
  const data = new FormData(form);
  return { email: String(data.get("email") ?? ""), password: String(data.get("password") ?? "") };
}
