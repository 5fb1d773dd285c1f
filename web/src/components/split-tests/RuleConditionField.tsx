import { RULE_MESSAGES } from "@contract/messages";
import { CONDITION_TYPES, type ConditionType, DEVICE_TYPES, OPERATING_SYSTEMS } from "@contract/rules";
import { XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { type ConditionDraft, withConditionType } from "@/lib/split-tests/rule-drafts";

const TYPE_LABELS: Record<ConditionType, string> = {
  device: "Device",
  os: "Operating system",
  language: "Language",
  country: "Country",
  query: "Query parameter",
  referrer: "Referrer host",
};

/** What to type for the conditions that take free text. */
const PLACEHOLDERS: Partial<Record<ConditionType, string>> = {
  language: "es or pt-BR",
  country: "DE",
  referrer: "facebook.com",
};

interface RuleConditionFieldProps {
  /** "Rule 1, condition 2": the start of every control's name, unique in the editor. */
  name: string;
  condition: ConditionDraft;
  onChange: (condition: ConditionDraft) => void;
  /** Absent while it is the rule's only condition. */
  onRemove?: () => void;
  /** The id of the message that says what is wrong with the condition; marks its value invalid. */
  problemId?: string;
}

/** One condition of a rule: what to look at (device, country…) and the value it must have. */
export function RuleConditionField({
  name,
  condition,
  onChange,
  onRemove,
  problemId,
}: RuleConditionFieldProps) {
  const invalid = { "aria-invalid": problemId ? true : undefined, "aria-describedby": problemId };
  const set = (change: Partial<ConditionDraft>) => onChange({ ...condition, ...change });
  const choices =
    condition.type === "device"
      ? DEVICE_TYPES.map((value) => [value, RULE_MESSAGES.summary.device(value)])
      : condition.type === "os"
        ? OPERATING_SYSTEMS.map((value) => [value, RULE_MESSAGES.osName(value)])
        : null;

  return (
    <div className="flex flex-wrap items-center gap-2">
      <NativeSelect
        aria-label={name}
        value={condition.type}
        onChange={(event) => onChange(withConditionType(condition, event.target.value as ConditionType))}
        className="basis-full sm:basis-44"
      >
        {CONDITION_TYPES.map((type) => (
          <option key={type} value={type}>
            {TYPE_LABELS[type]}
          </option>
        ))}
      </NativeSelect>
      <div className="flex min-w-0 flex-1 gap-2">
        {condition.type === "query" && (
          <Input
            aria-label={`${name}, parameter name`}
            {...invalid}
            placeholder="name, e.g. utm_source"
            autoCapitalize="off"
            autoComplete="off"
            spellCheck={false}
            value={condition.name}
            onChange={(event) => set({ name: event.target.value })}
          />
        )}
        {choices ? (
          <NativeSelect
            aria-label={`${name}, value`}
            {...invalid}
            value={condition.value}
            onChange={(event) => set({ value: event.target.value })}
            className="flex-1"
          >
            {choices.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        ) : (
          <Input
            aria-label={condition.type === "query" ? `${name}, value (optional)` : `${name}, value`}
            {...invalid}
            placeholder={condition.type === "query" ? "any value" : PLACEHOLDERS[condition.type]}
            maxLength={condition.type === "country" ? 2 : undefined}
            autoCapitalize={condition.type === "country" ? "characters" : "off"}
            autoComplete="off"
            spellCheck={false}
            value={condition.value}
            onChange={(event) => set({ value: event.target.value })}
            className={condition.type === "country" ? "uppercase" : undefined}
          />
        )}
      </div>
      {onRemove && (
        <Button
          variant="ghost"
          size="icon"
          className="shrink-0"
          aria-label={`Remove ${name.toLowerCase()}`}
          title={`Remove ${name.toLowerCase()}`}
          onClick={onRemove}
        >
          <XIcon aria-hidden />
        </Button>
      )}
    </div>
  );
}
