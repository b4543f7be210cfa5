/** The passkey ceremonies live with the other factors (modules/factors); these names stay for callers. */
export {
  authenticatePasskey,
  authenticationOptions,
  forgetExpiredChallenges,
  listPasskeys,
  PASSKEY_FAILED,
  PASSKEY_UNKNOWN,
} from "../factors/service";
