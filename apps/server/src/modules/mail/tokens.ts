import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type EmailTokenRow, emailTokens } from "../../db/schema";

/** confirm: proves an address is hers (24 h); reset: lets her choose a new password (30 min). */
export type LinkPurpose = "confirm" | "reset";
export const LINK_TTL_MS: Record<LinkPurpose, number> = { confirm: 24 * 60 * 60_000, reset: 30 * 60_000 };

/** What is stored of a link's token: its SHA-256 (the token itself has 256 random bits, so no salt is needed). */
export const hashLinkToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type LinkOwner = { modelId: number } | { adminId: number };

const ownerColumns = (owner: LinkOwner) =>
  "modelId" in owner ? { modelId: owner.modelId, adminId: null } : { modelId: null, adminId: owner.adminId };

const ownerIs = (owner: LinkOwner) =>
  "modelId" in owner ? eq(emailTokens.modelId, owner.modelId) : eq(emailTokens.adminId, owner.adminId);

/**
 * Creates a single-use link token for `owner` and answers the token (sent once, by e-mail, never stored). A new
 * link replaces the owner's earlier unused ones of the same purpose: only the latest message works.
 */
export async function issueLinkToken(
  db: Db,
  input: { purpose: LinkPurpose; owner: LinkOwner; email: string; now?: Date },
): Promise<string> {
  const now = input.now ?? new Date();
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.purpose, input.purpose), ownerIs(input.owner), isNull(emailTokens.usedAt)));
  const token = randomBytes(32).toString("base64url");
  await db.insert(emailTokens).values({
    purpose: input.purpose,
    tokenHash: hashLinkToken(token),
    ...ownerColumns(input.owner),
    email: input.email,
    expiresAt: new Date(now.getTime() + LINK_TTL_MS[input.purpose]),
  });
  return token;
}

/**
 * Uses a link token once: marks it used and answers its row, in one statement, so two requests racing with the
 * same link cannot both succeed. Undefined for an unknown, used, expired or other-purpose token.
 */
export async function useLinkToken(db: Db, purpose: LinkPurpose, token: string): Promise<EmailTokenRow | undefined> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, hashLinkToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** How many links of `purpose` the owner was sent since `since` (a cap on messages one person can trigger). */
export async function countRecentLinks(db: Db, purpose: LinkPurpose, owner: LinkOwner, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(emailTokens)
    .where(and(eq(emailTokens.purpose, purpose), ownerIs(owner), gt(emailTokens.createdAt, since)));
  return row.n;
}
