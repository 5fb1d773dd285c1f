import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

interface PasswordFieldProps {
  label: string;
  name: string;
  autoComplete: "current-password" | "new-password";
}

/** One password input; a new password says sign-up's rules beneath it. */
export function PasswordField({ label, name, autoComplete }: PasswordFieldProps) {
  const id = useId();
  const isNew = autoComplete === "new-password";
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        type="password"
        autoComplete={autoComplete}
        required
        maxLength={256}
        aria-describedby={isNew ? `${id}-hint` : undefined}
      />
      {isNew && (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          At least 8 characters, and not a common password.
        </p>
      )}
    </div>
  );
}
