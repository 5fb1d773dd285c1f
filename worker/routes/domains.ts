import { Hono } from "hono";
import * as z from "zod";
import type { DomainListResponse, DomainResponse, VerifyDomainResponse } from "../../contract/api";
import { isValidDomain } from "../../contract/domain";
import { DOMAIN_MESSAGES } from "../../contract/messages";
import { getDb } from "../db/client";
import { isOwnHost } from "../domains/own-hosts";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { requireUser } from "../middleware/require-user";
import { validate } from "../middleware/validate";
import { requireVerifiedEmail } from "../services/account";
import {
  addDomain,
  deleteDomain,
  listDomains,
  ownedDomain,
  toClientDomain,
  verifyDomain,
} from "../services/domains";

const addDomainSchema = z.object(
  {
    domain: z
      .string({ error: DOMAIN_MESSAGES.empty })
      .trim()
      .toLowerCase()
      .min(1, DOMAIN_MESSAGES.empty)
      .refine(isValidDomain, DOMAIN_MESSAGES.invalidFormat),
  },
  { error: DOMAIN_MESSAGES.empty },
);

const idParam = z.object({ id: z.string().max(64, DOMAIN_MESSAGES.notFound) });

export const domainRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", async (c) => {
    const domains = await listDomains(getDb(c.env.DB), c.get("user").id);
    return c.json({ domains, fallbackOrigin: c.env.FALLBACK_ORIGIN } satisfies DomainListResponse, 200);
  })
  .post("/", validate("json", addDomainSchema), async (c) => {
    const { domain } = c.req.valid("json");
    if (isOwnHost(domain, c.env)) throw new ApiError(400, "invalid_domain", DOMAIN_MESSAGES.reserved);
    await requireVerifiedEmail(getDb(c.env.DB), c.get("user").id);
    const row = await addDomain(c.env, c.get("user").id, domain);
    return c.json({ domain: toClientDomain(row) } satisfies DomainResponse, 201);
  })
  .post("/:id/verify", validate("param", idParam), async (c) => {
    const row = await ownedDomain(getDb(c.env.DB), c.get("user").id, c.req.valid("param").id);
    return c.json((await verifyDomain(c.env, row)) satisfies VerifyDomainResponse, 200);
  })
  .delete("/:id", validate("param", idParam), async (c) => {
    const row = await ownedDomain(getDb(c.env.DB), c.get("user").id, c.req.valid("param").id);
    await deleteDomain(c.env, row);
    return c.json({ ok: true }, 200);
  });
