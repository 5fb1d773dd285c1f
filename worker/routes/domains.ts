import { Hono } from "hono";
import type {
  DeletedResponse,
  DomainListResponse,
  DomainResponse,
  VerifyDomainResponse,
} from "../../contract/api";
import { addDomainSchema, domainIdParam, updateDomainSchema } from "../../contract/api/domains";
import { DOMAIN_MESSAGES } from "../../contract/messages";
import { getDb } from "../db/client";
import { isOwnHost } from "../domains/own-hosts";
import type { AppEnv } from "../env";
import { ApiError } from "../errors";
import { requireUser } from "../middleware/require-user";
import { requireWorkspace } from "../middleware/require-workspace";
import { validate } from "../middleware/validate";
import { requireVerifiedEmail } from "../services/account";
import {
  addDomain,
  deleteDomain,
  listDomains,
  ownedDomain,
  setDomainFallback,
  toClientDomain,
  verifyDomain,
} from "../services/domains";
import { recordChange } from "../services/history";
import { limitDomainChecks } from "../services/limits";
import { actingIn, creatorOf, type UserContext, type UserEnv } from "./with-user";

/** The caller's custom domains, the same for the app's API and the public API. */
export async function listOwnDomains<E extends UserEnv>(c: UserContext<E>) {
  const domains = await listDomains(getDb(c.env.DB), c.get("workspace").id);
  return c.json({ domains, fallbackOrigin: c.env.FALLBACK_ORIGIN } satisfies DomainListResponse, 200);
}

export const domainRoutes = new Hono<AppEnv>()
  .use(requireUser, requireWorkspace)
  .get("/", listOwnDomains)
  .post("/", validate("json", addDomainSchema), async (c) => {
    const { domain } = c.req.valid("json");
    if (isOwnHost(domain, c.env)) throw new ApiError("invalid_domain", DOMAIN_MESSAGES.reserved);
    await requireVerifiedEmail(getDb(c.env.DB), c.get("user").id);
    const row = await addDomain(c.env, creatorOf(c), domain);
    await recordChange(getDb(c.env.DB), {
      ...actingIn(c),
      action: "domain.added",
      details: { domain: row.domain },
    });
    return c.json({ domain: toClientDomain(row) } satisfies DomainResponse, 201);
  })
  .post("/:id/verify", validate("param", domainIdParam), async (c) => {
    const row = await ownedDomain(getDb(c.env.DB), c.get("workspace").id, c.req.valid("param").id);
    await limitDomainChecks(c.env, c.get("user").id);
    return c.json((await verifyDomain(c.env, row)) satisfies VerifyDomainResponse, 200);
  })
  .patch("/:id", validate("param", domainIdParam), validate("json", updateDomainSchema), async (c) => {
    const row = await ownedDomain(getDb(c.env.DB), c.get("workspace").id, c.req.valid("param").id);
    const updated = await setDomainFallback(c.env, row, c.req.valid("json").fallbackUrl);
    await recordChange(getDb(c.env.DB), {
      ...actingIn(c),
      action: "domain.fallback_changed",
      details: { domain: row.domain, fallbackUrl: updated.fallbackUrl },
    });
    return c.json({ domain: toClientDomain(updated) } satisfies DomainResponse, 200);
  })
  .delete("/:id", validate("param", domainIdParam), async (c) => {
    const row = await ownedDomain(getDb(c.env.DB), c.get("workspace").id, c.req.valid("param").id);
    await deleteDomain(c.env, row);
    await recordChange(getDb(c.env.DB), {
      ...actingIn(c),
      action: "domain.removed",
      details: { domain: row.domain },
    });
    return c.json({ ok: true } satisfies DeletedResponse, 200);
  });
