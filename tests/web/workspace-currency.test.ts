import { currencyOfLocale } from "@contract/currency";
import { describe, expect, it } from "vitest";

describe("the currency of a new workspace, from the browser's language", () => {
  it("is the region's money, the euro area's euro, and none for a language without a region", () => {
    expect(currencyOfLocale("de-DE")).toBe("EUR");
    expect(currencyOfLocale("fr")).toBe("EUR");
    expect(currencyOfLocale("bg")).toBe("EUR");
    expect(currencyOfLocale("en-GB")).toBe("GBP");
    expect(currencyOfLocale("en-US")).toBe("USD");
    expect(currencyOfLocale("fr-CH")).toBe("CHF");
    expect(currencyOfLocale("ja")).toBe("JPY");
    expect(currencyOfLocale("pt-BR")).toBe("BRL");
    expect(currencyOfLocale("es-EC")).toBe("USD");
    expect(currencyOfLocale("en-001")).toBeNull();
    expect(currencyOfLocale("not a language")).toBeNull();
  });
});
