import { ArrowLeftIcon } from "lucide-react";
import { Link } from "react-router-dom";
import { PageTitle } from "@/components/PageTitle";
import { ProductLogo } from "@/components/ProductLogo";
import { Button } from "@/components/ui/button";

export default function NotFoundPage() {
  return (
    <div className="flex min-h-svh flex-col items-center justify-center bg-gradient-to-b from-accent to-background px-4 py-10">
      <PageTitle>Page not found</PageTitle>
      <main className="flex flex-col items-center text-center">
        <p
          className="bg-gradient-to-br from-primary to-violet-500 bg-clip-text font-extrabold text-8xl text-transparent tracking-tighter sm:text-9xl"
          aria-hidden
        >
          404
        </p>
        <h1 className="mt-4 font-semibold text-2xl tracking-tight sm:text-3xl">Oops! Page not found</h1>
        <Button asChild size="lg" className="mt-8">
          <Link to="/">
            <ArrowLeftIcon aria-hidden />
            Return to Home
          </Link>
        </Button>
      </main>
      <ProductLogo className="mt-16 opacity-80" />
    </div>
  );
}
