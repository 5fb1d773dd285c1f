import * as z from "zod";
import { WORKSPACE_MESSAGES } from "../messages";
import { ROLES } from "../workspaces";
import { currencyCode, plainName } from "./common";

// Workspaces, from the app (cookie session). Members and invitations: ./members.ts.

/** POST /api/workspaces, PATCH /api/workspaces/:id */
export const workspaceNameSchema = z.object(
  {
    name: plainName(
      z
        .string({ error: WORKSPACE_MESSAGES.nameRequired })
        .trim()
        .min(1, WORKSPACE_MESSAGES.nameRequired)
        .max(60, WORKSPACE_MESSAGES.nameTooLong),
      WORKSPACE_MESSAGES.nameCharacters,
    ),
  },
  { error: WORKSPACE_MESSAGES.nameRequired },
);
export type WorkspaceNameInput = z.input<typeof workspaceNameSchema>;

/** PATCH /api/workspaces/:id: a new name, whether two-factor sign-in is required of its members, or both. */
export const workspaceUpdateSchema = z
  .object(
    {
      name: workspaceNameSchema.shape.name.optional(),
      requireTwoFactor: z.boolean({ error: WORKSPACE_MESSAGES.changeRequired }).optional(),
      currency: currencyCode.nullable().optional(),
    },
    { error: WORKSPACE_MESSAGES.changeRequired },
  )
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    error: WORKSPACE_MESSAGES.changeRequired,
  });
export type WorkspaceUpdateInput = z.input<typeof workspaceUpdateSchema>;

/** The answers, for their types only (see contract/api.ts, "answers only the app reads"). */
function answers() {
  /** A workspace the user belongs to, with their role in it. */
  const workspace = z.object({
    id: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    /** The user's own workspace from sign-up: it cannot be left or deleted apart from the account. */
    personal: z.boolean(),
    /** Whether its members must use two-factor sign-in to work in it (an owner's choice). */
    requireTwoFactor: z.boolean(),
    /** The currency a new test's revenue counts in when it names none; null for none. */
    currency: z.string().nullable(),
  });
  return {
    workspace,
    /** GET /api/workspaces: the personal workspace first, then the others by name. */
    list: z.object({ workspaces: z.array(workspace) }),
    /** POST /api/workspaces (201), PATCH /api/workspaces/:id */
    one: z.object({ workspace }),
  };
}
type Answers = ReturnType<typeof answers>;
export type Workspace = z.output<Answers["workspace"]>;
export type WorkspaceListResponse = z.output<Answers["list"]>;
export type WorkspaceResponse = z.output<Answers["one"]>;
