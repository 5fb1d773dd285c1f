import { TEST_MODES, type TestMode } from "@contract/variants";
import { useId } from "react";
import { MODE_MESSAGES } from "@/lib/split-tests/mode-messages";

interface ModeFieldProps {
  mode: TestMode;
  onModeChange: (mode: TestMode) => void;
}

/** Experiment (a fixed split) or Optimise (a bandit), each with what it gives and what it costs. */
export function ModeField({ mode, onModeChange }: ModeFieldProps) {
  const id = useId();
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 font-medium text-sm">Mode</legend>
      {TEST_MODES.map((value) => (
        <label key={value} className="flex items-start gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-mode`}
            value={value}
            checked={mode === value}
            onChange={() => onModeChange(value)}
            aria-describedby={`${id}-${value}`}
            className="mt-0.5 size-4 accent-primary"
          />
          <span>
            <span className="font-medium">{MODE_MESSAGES[value].label}</span>
            <span id={`${id}-${value}`} className="block text-muted-foreground text-xs">
              {MODE_MESSAGES[value].description}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
