import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest } from "../../lib/app-error";
import { assertNotThrottled, clearFailures, recordFailure, throttleKey } from "../auth/service";
import { checkSecondStepCode, CODE_INVALID } from "./app-codes";
import { type FactorAccount, twoFactorKey } from "./state";

/**
 * Wrong second steps (codes of the app, recovery codes) back off per account and network, whether typed at the
 * sign-in, for a recent proof or to change a factor: one backoff, keyed `<kind>-2fa:<id>` with the client's network.
 * `check` answers whether the code was right; a wrong one counts against the key, a right one clears it. Refused
 * (429) while the backoff holds; the caller decides what a wrong answer is.
 */
export async function checkUnderSecondStepBackoff(
  app: FastifyInstance,
  request: FastifyRequest,
  account: FactorAccount,
  check: () => Promise<boolean>,
): Promise<boolean> {
  const key = throttleKey({
    account: `${account.kind}-2fa:${account.id}`,
    ip: request.ip,
    secret: app.config.jwtSecret,
  });
  await assertNotThrottled({ db: app.db, key });
  if (!(await check())) {
    await recordFailure({ db: app.db, key });
    return false;
  }
  await clearFailures({ db: app.db, key });
  return true;
}

/**
 * A signed-in account proves she holds her second step (a current code of the app, or an unused recovery code, then
 * spent), under the second step's backoff. A wrong code is 400, never 401: the web treats any 401 as an expired
 * session and signs her out.
 */
export async function assertCurrentSecondStep(
  app: FastifyInstance,
  request: FastifyRequest,
  account: FactorAccount,
  code: string,
): Promise<void> {
  const key = twoFactorKey(app.config);
  const right = await checkUnderSecondStepBackoff(app, request, account, () =>
    checkSecondStepCode(app.db, key, account, code),
  );
  if (!right) throw badRequest(CODE_INVALID);
}
