import type { Variant } from "@contract/api";
import { UTM_MESSAGES } from "@contract/messages";
import {
  MAX_UTM_TEMPLATE_NAME,
  UTM_FIELDS,
  UTM_PARAMETER,
  UTM_TEMPLATE_FIELDS,
  type UtmField,
} from "@contract/utm";
import { ChevronDownIcon } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { ConfirmDialog } from "@/components/ConfirmDialog";
import { TextField } from "@/components/TextField";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { serverMessage } from "@/lib/server-message";
import { utmProblemsOf, utmValuesOf, withUtmTemplate, withUtmValue } from "@/lib/split-tests/utm";
import { useDeleteUtmTemplate, useSaveUtmTemplate, useUtmTemplates } from "@/lib/split-tests/utm-templates";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";

const PLACEHOLDERS: Record<UtmField, string> = {
  source: "e.g. newsletter",
  medium: "e.g. email",
  campaign: "e.g. spring-sale",
  content: "the variant's name",
  term: "e.g. running shoes",
};

interface UtmBuilderProps {
  label: Variant;
  url: string;
  /** The variant's name: utm_content's default. */
  name: string;
  onUrlChange: (url: string) => void;
}

/**
 * "UTM parameters" under a destination: a disclosure with utm_source … utm_term read from the URL and
 * written back into it (web/src/lib/split-tests/utm.ts), and the workspace's templates to fill them.
 */
export function UtmBuilder({ label, url, name, onUrlChange }: UtmBuilderProps) {
  const problems = utmProblemsOf(url);
  const hasProblem = Object.keys(problems).length > 0;
  const [wantsOpen, setOpen] = useState(false);
  // A wrong value opens the builder, so that its message stands next to its field.
  const open = wantsOpen || hasProblem;
  const panelId = useId();
  const values = utmValuesOf(url);
  const set = Object.values(values).filter(Boolean).length;
  // Parameters with no address to carry them would make a URL of their own.
  const noUrl = url.trim() === "";

  return (
    <div className="grid gap-2">
      <Button
        variant="link"
        className="h-auto justify-self-start px-0 text-sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <ChevronDownIcon aria-hidden className={cn("transition-transform", open ? "" : "-rotate-90")} />
        UTM parameters
        <span className="sr-only"> of URL {label}</span>
        {set > 0 && <span className="font-normal text-muted-foreground"> ({set} set)</span>}
      </Button>
      {open && (
        <fieldset id={panelId} className="grid min-w-0 gap-4 rounded-lg border p-3">
          <legend className="sr-only">UTM parameters of URL {label}</legend>
          {noUrl ? (
            <p className="text-muted-foreground text-sm">
              Enter URL {label} first: its UTM parameters go in it.
            </p>
          ) : (
            <TemplatePicker onApply={(template) => onUrlChange(withUtmTemplate(url, template, name))} />
          )}
          <div className="grid gap-3 sm:grid-cols-2">
            {UTM_FIELDS.map((field) => (
              <TextField
                key={field}
                label={UTM_PARAMETER[field]}
                placeholder={field === "content" && name.trim() ? name.trim() : PLACEHOLDERS[field]}
                autoComplete="off"
                spellCheck={false}
                disabled={noUrl}
                value={values[field]}
                onChange={(event) => onUrlChange(withUtmValue(url, field, event.target.value, name))}
                onBlur={() => {
                  const trimmed = values[field].trim();
                  if (trimmed !== values[field]) onUrlChange(withUtmValue(url, field, trimmed, name));
                }}
                problem={problems[field] ?? null}
                hint={field === "content" ? "The variant's name unless you change it." : undefined}
              />
            ))}
          </div>
          <SaveTemplate values={values} />
        </fieldset>
      )}
    </div>
  );
}

type TemplateValues = Record<(typeof UTM_TEMPLATE_FIELDS)[number], string>;

/** The workspace's templates: choose one, "Apply template" fills the fields; "Delete" asks first. */
function TemplatePicker({ onApply }: { onApply: (template: TemplateValues) => void }) {
  const templates = useUtmTemplates();
  const remove = useDeleteUtmTemplate();
  const [chosen, setChosen] = useState("");
  const selectId = useId();
  if (templates.isPending) return <p className="text-muted-foreground text-sm">Loading templates…</p>;
  if (templates.isError)
    return <p className="text-destructive text-sm">The templates could not be loaded. Please try again.</p>;
  if (templates.data.length === 0)
    return (
      <p className="text-muted-foreground text-sm">
        No templates yet. Fill in the fields below and save them as one for your next links.
      </p>
    );
  const template = templates.data.find((t) => t.id === chosen);
  return (
    <div className="grid gap-2">
      <Label htmlFor={selectId}>Template</Label>
      <div className="flex flex-wrap items-center gap-2">
        <NativeSelect
          id={selectId}
          className="min-w-0 flex-1 basis-40"
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
        >
          <option value="">Choose a template</option>
          {templates.data.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </NativeSelect>
        <Button
          variant="outline"
          size="sm"
          disabled={!template}
          onClick={() => template && onApply(template)}
        >
          Apply template
        </Button>
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm" disabled={!template || remove.isPending}>
              Delete
            </Button>
          }
          title={`Delete the template “${template?.name ?? ""}”?`}
          description="Every member of the workspace loses it. Links already tagged with it keep their parameters."
          confirmLabel="Delete template"
          onConfirm={() =>
            template &&
            remove.mutate(template.id, {
              onSuccess: () => setChosen(""),
              onError: (error) =>
                toast.error(serverMessage(error) ?? "The template could not be deleted. Please try again."),
            })
          }
        />
      </div>
    </div>
  );
}

/** Saves the fields but utm_content (each destination's own) as a template of the workspace. */
function SaveTemplate({ values }: { values: TemplateValues }) {
  const save = useSaveUtmTemplate();
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  function submit() {
    setSaved(null);
    const trimmed = name.trim();
    const input = { name: trimmed, ...pick(values) };
    const found = !trimmed
      ? UTM_MESSAGES.nameRequired
      : trimmed.length > MAX_UTM_TEMPLATE_NAME
        ? UTM_MESSAGES.nameTooLong
        : UTM_TEMPLATE_FIELDS.every((field) => !values[field].trim())
          ? UTM_MESSAGES.valuesRequired
          : null;
    setProblem(found);
    if (found) return;
    save.mutate(input, {
      onSuccess: (template) => {
        setName("");
        setSaved(`Saved as the template “${template.name}”.`);
      },
      onError: (error) =>
        setProblem(serverMessage(error) ?? "The template could not be saved. Please try again."),
    });
  }

  // Inside the test's form: Enter saves the template, it does not create the test.
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    submit();
  }

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-48">
          <TextField
            label="Save these as a template"
            placeholder="Template name, e.g. Spring newsletter"
            maxLength={MAX_UTM_TEMPLATE_NAME + 20}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setProblem(null);
            }}
            onKeyDown={onKeyDown}
            problem={problem}
          />
        </div>
        <Button variant="outline" size="sm" className="mb-1" disabled={save.isPending} onClick={submit}>
          {save.isPending ? "Saving…" : "Save template"}
        </Button>
      </div>
      <p aria-live="polite" className="text-muted-foreground text-xs">
        {saved ??
          "A template keeps the source, medium, campaign and term; each link's content stays its own."}
      </p>
    </div>
  );
}

function pick(values: TemplateValues): TemplateValues {
  return {
    source: values.source.trim(),
    medium: values.medium.trim(),
    campaign: values.campaign.trim(),
    term: values.term.trim(),
  };
}
