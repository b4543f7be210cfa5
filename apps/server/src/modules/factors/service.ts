/**
 * The second factors of an account (the authenticator app's codes, recovery codes, passkeys), below the sign-in
 * front door (modules/sign-in) and the settings routes (modules/two-factor, modules/passkeys). Each change is a small
 * named command (commands.ts) writing its audit row and its e-mail in the change's transaction.
 */
export { beginTotpSetup, checkSecondStepCode, CODE_INVALID, spendTotpCode, type TotpSetup } from "./app-codes";
export { addPasskey, enableTotp, regenerateRecoveryCodes, removePasskey, removeTotp, replaceTotp } from "./commands";
export { RECOVERY_CODE_COUNT, recoveryCodesLeft } from "./recovery-codes";
export { assertCurrentSecondStep, checkUnderSecondStepBackoff } from "./second-step";
export {
  type FactorAccount,
  hasTwoFactor,
  secondStepOf,
  TWO_FACTOR_MANDATORY,
  twoFactorKey,
  twoFactorMandatory,
  twoFactorRequiredForModels,
  twoFactorState,
} from "./state";
export {
  authenticatePasskey,
  authenticationOptions,
  forgetExpiredChallenges,
  listPasskeys,
  PASSKEY_FAILED,
  PASSKEY_UNKNOWN,
  registrationOptions,
  verifyRegistration,
} from "./webauthn";
