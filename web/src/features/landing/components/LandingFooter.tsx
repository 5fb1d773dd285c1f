import { PRODUCT_NAME } from "@/lib/product";

export function LandingFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl items-center justify-center px-4 py-8 text-muted-foreground text-sm sm:px-6">
        {/* The Worker writes the year of the visit into the pre-rendered page. */}
        <p>
          © <span data-current-year>{new Date().getFullYear()}</span> {PRODUCT_NAME}
        </p>
      </div>
    </footer>
  );
}
