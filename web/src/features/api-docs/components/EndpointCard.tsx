import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { DocText } from "@/features/api-docs/components/DocText";
import { SchemaTable } from "@/features/api-docs/components/SchemaTable";
import {
  curlExample,
  type Endpoint,
  type OpenApiDocument,
  parameterGroups,
  refName,
} from "@/features/api-docs/openapi";

const METHOD_STYLES: Record<string, string> = {
  get: "bg-success-muted text-success",
  post: "bg-accent text-primary",
  put: "bg-accent text-primary",
  delete: "bg-destructive-muted text-destructive",
};

export function EndpointCard({ endpoint, document }: { endpoint: Endpoint; document: OpenApiDocument }) {
  const { method, path, operation } = endpoint;
  const body = operation.requestBody?.content["application/json"]?.schema;
  const bodySchema = body?.$ref ? document.components.schemas[refName(body.$ref)] : body;
  return (
    <Card id={operation.operationId} className="scroll-mt-20 gap-4">
      <CardHeader className="gap-2">
        <h3 className="flex flex-wrap items-center gap-2 font-semibold">
          <span className={`rounded px-2 py-0.5 font-mono text-xs uppercase ${METHOD_STYLES[method] ?? ""}`}>
            {method}
          </span>
          <code className="break-all font-mono text-sm">{path}</code>
        </h3>
        <p className="font-medium">{operation.summary}</p>
        {operation.description && (
          <p className="text-muted-foreground text-sm">
            <DocText text={operation.description} />
          </p>
        )}
        {operation.security?.length === 0 && (
          <Badge variant="outline" className="w-fit">
            No API key needed
          </Badge>
        )}
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4">
        {parameterGroups(operation).map(({ place, title, parameters }) => (
          <div key={place} className="grid gap-2">
            <h4 className="font-medium text-sm">{title}</h4>
            <ul className="text-sm">
              {parameters.map((p) => (
                <li key={p.name}>
                  <code className="font-mono">{p.name}</code>{" "}
                  <span className="text-muted-foreground">
                    <DocText text={p.description ?? ""} />
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ))}
        {bodySchema && (
          <div className="grid gap-2">
            <h4 className="font-medium text-sm">Request body (JSON)</h4>
            <SchemaTable schema={bodySchema} />
          </div>
        )}
        <div className="grid gap-2">
          <h4 className="font-medium text-sm">Responses</h4>
          <ul className="grid gap-1 text-sm">
            {Object.entries(operation.responses).map(([status, response]) => {
              const shared = response.$ref
                ? document.components.responses[refName(response.$ref)]
                : undefined;
              const schema = response.content?.["application/json"]?.schema;
              return (
                <li key={status} className="flex gap-2">
                  <code className="font-mono font-semibold">{status}</code>
                  <span className="text-muted-foreground">
                    <DocText text={shared?.description ?? response.description ?? ""} />
                    {schema?.$ref && (
                      <>
                        {" "}
                        — <a href={`#schema-${refName(schema.$ref)}`}>{refName(schema.$ref)}</a>
                      </>
                    )}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
        {/* Wrapped, not scrolled: every part of a long command is readable without a mouse. */}
        <pre className="whitespace-pre-wrap break-all rounded-lg bg-foreground p-4 text-background text-xs leading-relaxed">
          <code>{curlExample(window.location.origin, endpoint)}</code>
        </pre>
      </CardContent>
    </Card>
  );
}
