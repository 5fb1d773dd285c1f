import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { createTestSchema } from "../../contract/api/split-tests";
import { PERSONAL_WORKSPACE_NAME } from "../../contract/workspaces";
import { hashPassword } from "../../worker/auth/password";
import { ACCESS_COOKIE, REFRESH_COOKIE, SIGNED_IN_COOKIE } from "../../worker/auth/session-cookies";
import { getDb } from "../../worker/db/client";
import { memberships, users, workspaces } from "../../worker/db/schema";
import { createApiKey } from "../../worker/services/api-keys";
import { newSiteKey, startSession } from "../../worker/services/auth";
import { recordChange } from "../../worker/services/history";
import { createSplitTest, linkContext } from "../../worker/services/split-tests";
import { createWorkspace } from "../../worker/services/workspaces";
import { Client, GOOD_PASSWORD, ORIGIN, uniqueEmail } from "./helpers";

// Fixtures written straight into real D1 with the Worker's own code, for tests that are not about how
// they come to be (sign-up, invitations, the create routes are tested over HTTP on their own): no
// sign-up's 100,000-iteration PBKDF2 and verification mail per user, no rate limits, no HTTP round trip.

// One real hash of GOOD_PASSWORD per test file, so a seeded user still logs in with it.
let goodPasswordHash: Promise<string> | undefined;

export interface SeededUser {
  client: Client;
  email: string;
  userId: string;
}

/**
 * A user as sign-up leaves them (the user, their personal workspace with them as its owner), verified
 * unless told otherwise, and a client signed in with the session cookies login would have set.
 */
export async function seedUser({
  email = uniqueEmail(),
  verified = true,
}: {
  email?: string;
  verified?: boolean;
} = {}): Promise<SeededUser> {
  goodPasswordHash ??= hashPassword(GOOD_PASSWORD);
  const db = getDb(env.DB);
  const user = { id: crypto.randomUUID(), email };
  const createdAt = Date.now();
  await db.batch([
    db.insert(users).values({
      ...user,
      passwordHash: await goodPasswordHash,
      createdAt,
      emailVerifiedAt: verified ? createdAt : null,
    }),
    db.insert(workspaces).values({
      id: user.id,
      name: PERSONAL_WORKSPACE_NAME,
      personalUserId: user.id,
      siteKey: newSiteKey(),
      createdAt,
    }),
    db.insert(memberships).values({ workspaceId: user.id, userId: user.id, role: "owner", createdAt }),
  ]);
  const client = new Client();
  await signIn(client, user, verified);
  return { client, email, userId: user.id };
}

/** Gives the client a new session of the user's: the cookies the auth routes set (worker/auth/session-cookies.ts). */
export async function signIn(client: Client, user: { id: string; email: string }, emailVerified = true) {
  const session = await startSession(getDb(env.DB), env.JWT_SECRET, { user, emailVerified });
  client.cookies.set(ACCESS_COOKIE, session.accessToken);
  client.cookies.set(REFRESH_COOKIE, session.refreshToken);
  client.cookies.set(SIGNED_IN_COOKIE, "1");
}

/** A team workspace the user owns, as POST /api/workspaces makes it; its id. */
export async function seedWorkspace(ownerId: string, name = "Acme team"): Promise<string> {
  return (await createWorkspace(getDb(env.DB), ownerId, name)).id;
}

/** The user's role in the workspace, as an accepted invitation (or a role change) leaves it. */
export async function seedMembership(
  workspaceId: string,
  userId: string,
  role: "owner" | "editor" | "viewer",
): Promise<void> {
  await getDb(env.DB)
    .insert(memberships)
    .values({ workspaceId, userId, role, createdAt: Date.now() })
    .onConflictDoUpdate({ target: [memberships.workspaceId, memberships.userId], set: { role } });
}

/**
 * A team workspace with its owner, an editor and a viewer, each client acting in it, and a stranger
 * (a member of none of it) to try it from outside.
 */
export async function seedTeam() {
  const owner = await seedUser();
  const workspaceId = await seedWorkspace(owner.userId);
  const [editor, viewer, stranger] = await Promise.all([seedUser(), seedUser(), seedUser()]);
  await seedMembership(workspaceId, editor.userId, "editor");
  await seedMembership(workspaceId, viewer.userId, "viewer");
  for (const member of [owner, editor, viewer]) member.client.workspace = workspaceId;
  return { owner, editor, viewer, stranger, workspaceId };
}

/** An API key of the user's in the workspace (their personal one unless named), as POST /api/keys makes it. */
export async function seedApiKey(
  userId: string,
  { workspaceId = userId, name = "CI pipeline", scope = "write" as "read" | "write" } = {},
): Promise<{ id: string; key: string }> {
  const { apiKey, key } = await createApiKey(getDb(env.DB), { workspaceId, userId }, { name, scope });
  return { id: apiKey.id, key };
}

/**
 * A split test made by the user in the workspace (their personal one unless named), as POST /api/tests
 * makes it: its row, its copy on its event shard, its link in KV and its line in the history.
 * `bindings`: other bindings than the run's (a bench's event shards).
 */
export async function seedTest(
  user: { userId: string; email: string },
  { workspaceId = user.userId, ...body }: { workspaceId?: string } & Record<string, unknown> = {},
  bindings: Env = env,
) {
  const ctx = createExecutionContext();
  const test = await createSplitTest(
    bindings,
    ctx,
    { workspaceId, userId: user.userId },
    createTestSchema.parse({
      name: "Summer sale",
      urlA: "https://shop.example/a",
      urlB: "https://shop.example/b",
      ...body,
    }),
    linkContext(ORIGIN, env),
  );
  await waitOnExecutionContext(ctx);
  await recordChange(getDb(env.DB), {
    workspaceId,
    splitTestId: test.id,
    actor: { type: "user", userId: user.userId, label: user.email },
    action: "test.created",
    details: { name: test.name },
  });
  return test;
}

/**
 * Fixtures made ahead of the tests that take them, `ahead` at a time, while earlier tests run (their
 * waits, a queue's batch timeout, overlap): each is taken by one test only, so a test may change its
 * own. `total` is how many the file takes, so none is left being made when the file ends.
 */
export function fixturePool<T>(make: () => Promise<T>, total: number, ahead = 4) {
  const queue: Promise<T>[] = [];
  let started = 0;
  const fill = () => {
    while (queue.length <= ahead && started < total) {
      started += 1;
      const fixture = make();
      // Its failure is reported to the test that takes it, not as an unhandled rejection before that.
      fixture.catch(() => {});
      queue.push(fixture);
    }
  };
  return {
    take(): Promise<T> {
      fill();
      const fixture = queue.shift();
      if (!fixture) throw new Error(`fixturePool: more than ${total} fixtures taken`);
      fill();
      return fixture;
    },
  };
}
