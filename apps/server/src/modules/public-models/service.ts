/**
 * What the rest of the server uses of the public listing and profiles: the server-rendered pages answer the
 * listing and profile reads with the same cached bodies as the routes, and count a profile view as the route does;
 * moderation knows a reporter by the same visitor hash as the view counts; the server reads the listing's filter
 * index when it starts.
 */
export { getListingBody } from "./listing";
export { warmFilterIndex } from "./filter-index";
export { addCountedView, getCachedProfile } from "./profile";
export { createVisitorHasher } from "./visitor-marks";
