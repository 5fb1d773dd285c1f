import { PRODUCT_NAME } from "@/lib/product";

export function LandingFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl items-center justify-center px-4 py-8 text-muted-foreground text-sm sm:px-6">
        <p>{`© ${new Date().getFullYear()} ${PRODUCT_NAME}`}</p>
      </div>
    </footer>
  );
}
