import { DocText } from "@/features/api-docs/components/DocText";
import type { JsonSchema } from "@/features/api-docs/openapi";
import { refName, typeLabel } from "@/features/api-docs/openapi";

/** The type, linked to its schema further down when it is a named one (or a list of one). */
function TypeCell({ schema }: { schema: JsonSchema }) {
  const ref = schema.$ref ?? schema.items?.$ref;
  const label = typeLabel(schema);
  return ref ? <a href={`#schema-${refName(ref)}`}>{label}</a> : label;
}

/** The properties of an object schema: name, type, whether required, and what it means. */
export function SchemaTable({ schema }: { schema: JsonSchema }) {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) return <p className="text-muted-foreground text-sm">{typeLabel(schema)}</p>;
  const required = new Set(schema.required ?? []);
  const marker = (name: string) =>
    required.has(name) && <span className="ml-1.5 font-sans text-destructive text-xs">required</span>;
  return (
    <>
      {/* On a phone, a card per field: nothing scrolls sideways. */}
      <dl className="divide-y rounded-lg border text-sm sm:hidden">
        {properties.map(([name, property]) => (
          <div key={name} className="grid gap-1 px-3 py-2">
            <dt className="break-all font-mono">
              {name}
              {marker(name)}
            </dt>
            <dd className="font-mono text-xs">
              <TypeCell schema={property} />
            </dd>
            <dd className="text-muted-foreground">
              <DocText text={property.description ?? ""} />
            </dd>
          </div>
        ))}
      </dl>
      <div className="overflow-x-auto rounded-lg border max-sm:hidden">
        <table className="w-full text-left text-sm">
          <thead className="bg-muted text-muted-foreground">
            <tr>
              <th className="px-3 py-2 font-medium">Field</th>
              <th className="px-3 py-2 font-medium">Type</th>
              <th className="px-3 py-2 font-medium">Description</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {properties.map(([name, property]) => (
              <tr key={name} className="align-top">
                <td className="whitespace-nowrap px-3 py-2 font-mono">
                  {name}
                  {marker(name)}
                </td>
                <td className="px-3 py-2 font-mono text-xs">
                  <TypeCell schema={property} />
                </td>
                <td className="px-3 py-2 text-muted-foreground">
                  <DocText text={property.description ?? ""} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
