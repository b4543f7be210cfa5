/** The second factors live in modules/factors; these names stay for callers of the former module. */
export {
  checkSecondStepCode as verifySecondStep,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_MANDATORY,
  twoFactorKey,
} from "../factors/service";
export { CHALLENGE_INVALID, signChallenge } from "../sign-in/service";
