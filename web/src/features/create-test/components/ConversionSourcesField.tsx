import { CONVERSION_SOURCES, type ConversionSources } from "@contract/trust";
import { useId } from "react";
import { CONVERSION_SOURCE_MESSAGES as TEXT } from "../messages";

interface ConversionSourcesFieldProps {
  sources: ConversionSources;
  onSourcesChange: (sources: ConversionSources) => void;
  /** The test acts on its own result: counting only the server's conversions is recommended. */
  recommendServer: boolean;
}

/** Which conversions count: the tag's and the server's, or the server's alone. */
export function ConversionSourcesField({
  sources,
  onSourcesChange,
  recommendServer,
}: ConversionSourcesFieldProps) {
  const id = useId();
  return (
    <fieldset className="grid gap-2" aria-describedby={`${id}-hint`}>
      <legend className="mb-1 font-medium text-sm">{TEXT.label}</legend>
      {CONVERSION_SOURCES.map((value) => (
        <label key={value} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-sources`}
            value={value}
            checked={sources === value}
            onChange={() => onSourcesChange(value)}
            className="size-4 accent-primary"
          />
          {TEXT.options[value]}
        </label>
      ))}
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        {TEXT.hint}
        {recommendServer && sources === "all" && <> {TEXT.recommended}</>}
      </p>
    </fieldset>
  );
}
