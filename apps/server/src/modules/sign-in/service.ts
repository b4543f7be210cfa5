/**
 * The sign-in front door (front-door.ts): every way in ends in handleNewSignIn, which decides a second step, a first
 * set-up of a second factor, or a session; the pending sign-in (pending.ts) is what the second factor answers.
 */
export { handleNewSignIn, sessionAnswer, type SignedIn, signInAnswer } from "./front-door";
export { CHALLENGE_INVALID, CHALLENGE_TTL_SECONDS, type Challenge, readChallenge, signChallenge } from "./pending";
export { SECOND_STEP_CAP, SECOND_STEP_WINDOW_MS } from "./second-step-cap";
