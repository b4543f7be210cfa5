import { queryScope } from "@/lib/query-keys";

const scope = queryScope("me", "profile");

/** Query keys of the signed-in model's profile and photos (private: dropped on sign-in and sign-out). */
export const dashboardKeys = {
  /** GET /api/models/profile: the dashboard, the profile editor and the gallery share it. */
  profile: () => scope,
};

/** Query keys of her identity verification (private, as the profile's). */
export const verificationKeys = {
  own: () => queryScope("me", "verification"),
};
