/**
 * Money helpers live in @vitrine/contracts so that the server and the web convert, add, parse and format amounts
 * the same way (integer cents inside, reais with two decimals in the API). Import them from there.
 */
export { fromCents, toCents } from "@vitrine/contracts";
