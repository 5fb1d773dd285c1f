import type { CreateWebhookInput } from "@contract/api";
import { WEBHOOK_MESSAGES } from "@contract/messages";
import { MAX_URL_LENGTH } from "@contract/urls";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@contract/webhooks";
import { type FormEvent, useId, useRef, useState } from "react";
import { DialogFormFooter } from "@/components/DialogFormFooter";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { WEBHOOK_EVENT_DESCRIPTIONS } from "@/lib/webhooks/event-descriptions";

interface CreateWebhookFormProps {
  busy: boolean;
  /** The last refusal, the form's or the server's; shown under the field it is about. */
  problem: string | null;
  /** Adds the endpoint; resolves to whether it was added. */
  onCreate: (input: CreateWebhookInput) => Promise<boolean>;
  /** The user changed something: the last refusal no longer applies. */
  onEdit: () => void;
}

// conversion.recorded can mean many calls a day: chosen on purpose, not by default.
const CHOSEN_AT_FIRST: WebhookEventType[] = ["test.verdict", "test.completed", "test.srm_detected"];

export function CreateWebhookForm({ busy, problem, onCreate, onEdit }: CreateWebhookFormProps) {
  const id = useId();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>(CHOSEN_AT_FIRST);
  const urlRef = useRef<HTMLInputElement>(null);
  const eventsRef = useRef<HTMLFieldSetElement>(null);
  const aboutEvents = problem === WEBHOOK_MESSAGES.eventsRequired;
  const problemId = `${id}-problem`;

  function toggle(type: WebhookEventType, checked: boolean) {
    onEdit();
    setEvents((current) =>
      // Kept in the list's order, whatever order they were ticked in.
      WEBHOOK_EVENT_TYPES.filter((each) => (each === type ? checked : current.includes(each))),
    );
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await onCreate({ url, events })) return;
    if (events.length === 0) eventsRef.current?.querySelector("input")?.focus();
    else urlRef.current?.focus();
  }

  const problemText = (
    <p id={problemId} role="alert" className="text-destructive text-sm">
      {problem}
    </p>
  );

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-url`}>Endpoint URL</Label>
        <Input
          ref={urlRef}
          id={`${id}-url`}
          name="url"
          type="url"
          inputMode="url"
          value={url}
          onChange={(event) => {
            onEdit();
            setUrl(event.target.value);
          }}
          placeholder="https://example.com/webhooks/splitlink"
          required
          maxLength={MAX_URL_LENGTH}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem !== null && !aboutEvents}
          aria-describedby={`${id}-url-hint${problem && !aboutEvents ? ` ${problemId}` : ""}`}
        />
        <p id={`${id}-url-hint`} className="text-muted-foreground text-xs">
          A public https URL that answers with a 2xx status
        </p>
        {problem && !aboutEvents && problemText}
      </div>
      <fieldset
        ref={eventsRef}
        className="grid gap-3"
        aria-invalid={aboutEvents}
        aria-describedby={aboutEvents ? problemId : undefined}
      >
        <legend className="mb-3 font-medium text-sm">Events to send</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <div key={type} className="flex items-start gap-3">
            <input
              id={`${id}-${type}`}
              type="checkbox"
              name="events"
              value={type}
              checked={events.includes(type)}
              onChange={(event) => toggle(type, event.target.checked)}
              className="mt-0.5 size-4 shrink-0 accent-primary"
            />
            <Label htmlFor={`${id}-${type}`} className="grid gap-0.5 font-normal">
              <span className="font-medium font-mono text-sm">{type}</span>
              <span className="text-muted-foreground text-xs">{WEBHOOK_EVENT_DESCRIPTIONS[type]}</span>
            </Label>
          </div>
        ))}
        {aboutEvents && problemText}
      </fieldset>
      <DialogFormFooter busy={busy} label="Add endpoint" busyLabel="Adding..." />
    </form>
  );
}
