import argon2 from "argon2";

/**
 * The argon2id cost of new password hashes. `standard` is argon2's own default (64 MiB, 3 passes, 4 lanes), for
 * every real server. `test` (1 MiB, 1 pass) is for the test suites only: thousands of accounts are registered and
 * signed in there, and at the standard cost each hash takes ~0.3 s of both cores. A hash records its own cost, so
 * every hash verifies under either setting; production refuses `test` (assertPasswordHashCostForProduction).
 */
export type PasswordHashCost = "standard" | "test";

const COSTS: Record<PasswordHashCost, { memoryCost: number; timeCost: number; parallelism: number }> = {
  standard: { memoryCost: 65_536, timeCost: 3, parallelism: 4 },
  test: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
};

let cost: PasswordHashCost = "standard";

/** Sets the cost of the hashes this process makes from now on (the server at start-up, the test helper). */
export function usePasswordHashCost(next: PasswordHashCost): void {
  if (next !== cost) dummyHash = undefined;
  cost = next;
}

export const PASSWORD_HASH_COST_IN_PRODUCTION_MESSAGE =
  "PASSWORD_HASH_COST=test é só para os testes: em produção as senhas usam o custo padrão (remova a variável).";

/** Start-up check: a production server never hashes passwords at the test cost. */
export function assertPasswordHashCostForProduction(next: PasswordHashCost, production: boolean): void {
  if (production && next !== "standard") throw new Error(PASSWORD_HASH_COST_IN_PRODUCTION_MESSAGE);
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, ...COSTS[cost] });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a random password at the current cost: compared against when the account does not exist, so timing
 * tells nothing.
 */
let dummyHash: Promise<string> | undefined;
export function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  return dummyHash;
}
