import { LinkIcon } from "lucide-react";
import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SlugCheckMessage } from "@/features/create-test/components/SlugCheckMessage";
import { isBlockingSlugState, type SlugCheckState } from "@/features/create-test/slug-check-state";

interface CustomSlugFieldProps {
  /** Where the path goes: `https://{domain}/` on a custom domain, `{app origin}/r/` on the default one. */
  base: string;
  slug: string;
  onSlugChange: (slug: string) => void;
  check: SlugCheckState;
}

/** The optional path of the link, on either domain, with the live check and a preview of the final link. */
export function CustomSlugField({ base, slug, onSlugChange, check }: CustomSlugFieldProps) {
  const id = useId();
  const messageId = `${id}-check`;
  const previewId = `${id}-preview`;
  const trimmed = slug.trim();

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Custom URL Path</Label>
      <div className="flex items-center rounded-md shadow-xs">
        <span
          className="h-10 max-w-[45%] shrink-0 truncate rounded-l-md border border-input border-r-0 bg-muted px-3 text-muted-foreground text-sm leading-10"
          aria-hidden
        >
          {base.replace(/^https?:\/\//, "")}
        </span>
        <Input
          id={id}
          value={slug}
          onChange={(event) => onSlugChange(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={100}
          aria-invalid={isBlockingSlugState(check) || undefined}
          aria-describedby={`${messageId} ${previewId}`}
          className="rounded-l-none shadow-none"
        />
      </div>
      <SlugCheckMessage id={messageId} state={check} />
      <p id={previewId} className="flex min-w-0 items-center gap-1.5 text-muted-foreground text-xs">
        <LinkIcon className="size-3.5 shrink-0" aria-hidden />
        <span className="min-w-0 break-all font-mono">
          {base}
          {trimmed}
        </span>
      </p>
    </div>
  );
}
