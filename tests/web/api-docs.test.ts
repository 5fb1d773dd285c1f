import { describe, expect, it } from "vitest";
import { type Operation, parameterGroups } from "@/features/api-docs/openapi";

const parameter = (name: string, place: string) => ({
  name,
  in: place,
  description: `${name}'s description`,
  schema: { type: "string" },
});

const operation = (parameters: Operation["parameters"]): Operation => ({
  operationId: "listTests",
  summary: "List tests",
  tags: ["Tests"],
  parameters,
  responses: {},
});

describe("an endpoint's card in the API docs", () => {
  it("lists the path parameters, the query parameters and the headers, each under its heading", () => {
    const groups = parameterGroups(
      operation([
        parameter("Idempotency-Key", "header"),
        parameter("kind", "query"),
        parameter("id", "path"),
        parameter("metric", "query"),
      ]),
    );
    expect(groups.map(({ title, parameters }) => [title, parameters.map(({ name }) => name)])).toEqual([
      ["Path parameters", ["id"]],
      ["Query parameters", ["kind", "metric"]],
      ["Headers", ["Idempotency-Key"]],
    ]);
  });

  it("leaves out a place without parameters, and an operation without any has none", () => {
    expect(parameterGroups(operation([parameter("q", "query")])).map(({ title }) => title)).toEqual([
      "Query parameters",
    ]);
    expect(parameterGroups(operation(undefined))).toEqual([]);
  });
});
