import { describe, expect, it } from "vitest";
import { RequestError } from "@/lib/api";
import { serverMessage } from "@/lib/server-message";
import { cn } from "@/lib/utils";

describe("the message shown for a failed request", () => {
  it("is the API's own message when it refused the request", () => {
    expect(serverMessage(new RequestError(409, "slug_taken", "This slug is already taken"))).toBe(
      "This slug is already taken",
    );
  });

  it("is none when the API did not answer with one: no network, another server's page, no text", () => {
    expect(serverMessage(new RequestError(0, "network_error", "Failed to fetch"))).toBeNull();
    expect(serverMessage(new RequestError(502, "unexpected_response", "Something went wrong"))).toBeNull();
    expect(serverMessage(new RequestError(400, "invalid_input", ""))).toBeNull();
    expect(serverMessage(new Error("boom"))).toBeNull();
    expect(serverMessage("boom")).toBeNull();
  });
});

describe("class names", () => {
  it("keep the last of two conflicting Tailwind classes", () => {
    expect(cn("px-2 text-sm", false, "px-4")).toBe("text-sm px-4");
  });
});
