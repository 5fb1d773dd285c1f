import { type ComponentProps, type ReactNode, useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

interface TextFieldProps extends Omit<ComponentProps<typeof Input>, "id" | "children"> {
  label: string;
  /** A line under the field, read out with it. */
  hint?: string;
  /** What is wrong with the value, shown under the field and read out with it; marks the field invalid. */
  problem?: string | null;
  /** Controls on the input's line, after it (a variant's weight and remove button). */
  children?: ReactNode;
}

/** A labelled input; required fields carry a visual asterisk. */
export function TextField({ label, hint, problem, required, children, ...inputProps }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  const describedBy = [problem ? problemId : null, hint ? hintId : null].filter(Boolean).join(" ");
  const input = (
    <Input
      id={id}
      required={required}
      aria-invalid={problem ? true : undefined}
      aria-describedby={describedBy || undefined}
      {...inputProps}
    />
  );
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label}
        {required && (
          <span className="text-destructive" aria-hidden>
            *
          </span>
        )}
      </Label>
      {children ? (
        <div className="flex items-center gap-2">
          {input}
          {children}
        </div>
      ) : (
        input
      )}
      {problem && (
        <p id={problemId} className="text-destructive text-xs">
          {problem}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
    </div>
  );
}
