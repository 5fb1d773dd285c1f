import { GENERIC_MESSAGES } from "@contract/generic-messages";
import { RequestError } from "@/lib/api";
import { toast } from "@/lib/toast";

/** The service's own message as an error toast; a weak password also lists why it is weak. */
export function showAuthError(error: unknown): void {
  const message = error instanceof Error && error.message ? error.message : GENERIC_MESSAGES.internal;
  const reasons = error instanceof RequestError ? error.reasons : [];
  toast.error(message, {
    description:
      reasons.length > 0 ? (
        <ul className="list-disc pl-4">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : undefined,
  });
}
