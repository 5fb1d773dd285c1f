/** The words beside a checkbox or radio button: its label, and a hint under it. */
export function ChoiceText({ label, hint }: { label: string; hint: string }) {
  return (
    <span>
      <span className="font-medium">{label}</span>
      <span className="block text-muted-foreground text-xs">{hint}</span>
    </span>
  );
}
