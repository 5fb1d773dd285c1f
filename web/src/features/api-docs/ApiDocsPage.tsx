import { useQuery } from "@tanstack/react-query";
import { FileJsonIcon, KeyRoundIcon } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation } from "react-router-dom";
import { PageTitle } from "@/components/PageTitle";
import { ProductLogo } from "@/components/ProductLogo";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { DocText } from "@/features/api-docs/components/DocText";
import { EndpointCard } from "@/features/api-docs/components/EndpointCard";
import { SchemaTable } from "@/features/api-docs/components/SchemaTable";
import { StripeCheckoutExample } from "@/features/api-docs/components/StripeCheckoutExample";
import { WebhooksGuide } from "@/features/api-docs/components/WebhooksGuide";
import {
  endpointsByTag,
  getOpenApiDocument,
  OPENAPI_URL,
  type OpenApiDocument,
} from "@/features/api-docs/openapi";
import { loadStatus, useQueryFailure } from "@/lib/query";
import { queryKeys } from "@/lib/query-keys";

function warnLoadFailed(error: Error) {
  console.warn("Could not load the API description", error);
}

/** The public API's reference, rendered from the OpenAPI document the Worker serves. */
export default function ApiDocsPage() {
  const query = useQuery({
    queryKey: queryKeys.openApi,
    queryFn: ({ signal }) => getOpenApiDocument(signal),
    // The same for as long as the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });
  useQueryFailure(query, warnLoadFailed);
  const status = loadStatus(query);

  return (
    <div className="min-h-svh bg-muted">
      <header className="border-b bg-background">
        <PageTitle>API reference</PageTitle>
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4 sm:px-6">
          <ProductLogo to="/" />
          <Button asChild variant="outline" size="sm">
            <Link to="/settings">
              <KeyRoundIcon aria-hidden />
              Get an API key
            </Link>
          </Button>
        </div>
      </header>
      {/* Long identifiers, URLs and JSON lines break anywhere rather than push a phone's page sideways. */}
      <main className="mx-auto max-w-5xl px-4 py-8 wrap-anywhere sm:px-6 sm:py-10">
        {status === "loading" && (
          <div className="flex justify-center py-16">
            <Spinner size="lg" />
          </div>
        )}
        {status === "failed" && (
          <p className="text-center text-muted-foreground">
            The API description could not be loaded. It is also at <a href={OPENAPI_URL}>{OPENAPI_URL}</a>.
          </p>
        )}
        {query.data && <ApiReference document={query.data} />}
      </main>
    </div>
  );
}

function ApiReference({ document }: { document: OpenApiDocument }) {
  const groups = endpointsByTag(document);
  const { hash } = useLocation();
  // The sections exist only once the document is here: a link to one (#webhooks) scrolls now.
  useEffect(() => {
    if (hash) window.document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <div className="grid gap-8">
      <div>
        <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">{document.info.title}</h1>
        <p className="mt-1 text-muted-foreground text-sm">
          Version {document.info.version} · OpenAPI {document.openapi}
        </p>
      </div>
      <Card className="gap-3">
        <CardHeader>
          <CardTitle className="text-lg">Getting started</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          <p>
            <DocText text={document.info.description ?? ""} />
          </p>
          <p>
            Base URL: <code className="font-mono">{window.location.origin}</code>
          </p>
          <Button asChild variant="outline" size="sm" className="w-fit">
            <a href={OPENAPI_URL}>
              <FileJsonIcon aria-hidden />
              OpenAPI document (JSON)
            </a>
          </Button>
        </CardContent>
      </Card>
      <WebhooksGuide />
      {groups.map((group) => (
        <section key={group.tag} aria-labelledby={`tag-${group.tag}`} className="grid gap-4">
          <div>
            <h2 id={`tag-${group.tag}`} className="font-semibold text-xl">
              {group.tag}
            </h2>
            <p className="text-muted-foreground text-sm">
              <DocText text={group.description ?? ""} />
            </p>
          </div>
          {group.endpoints.map((endpoint) => (
            <EndpointCard
              key={`${endpoint.method} ${endpoint.path}`}
              endpoint={endpoint}
              document={document}
            />
          ))}
          {group.tag === "Conversions" && <StripeCheckoutExample />}
        </section>
      ))}
      <section aria-labelledby="schemas" className="grid gap-4">
        <h2 id="schemas" className="font-semibold text-xl">
          Schemas
        </h2>
        {Object.entries(document.components.schemas)
          .filter(([, schema]) => Object.keys(schema.properties ?? {}).length > 0)
          .map(([name, schema]) => (
            <Card key={name} id={`schema-${name}`} className="scroll-mt-20 gap-3">
              <CardHeader>
                <CardTitle className="font-mono text-base">{name}</CardTitle>
              </CardHeader>
              <CardContent className="min-w-0">
                <SchemaTable schema={schema} />
              </CardContent>
            </Card>
          ))}
      </section>
    </div>
  );
}
