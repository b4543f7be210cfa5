/** The passkey ceremonies live with the other factors (modules/factors); the recent proof still reads them here. */
export { authenticatePasskey, authenticationOptions, listPasskeys } from "../factors/service";
