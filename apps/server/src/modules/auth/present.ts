import type { AdminRow } from "../../db/schema";

/** The admin as the session (login, verify) sees it: never the password hash or session version. */
export const presentAdmin = (admin: AdminRow) => ({
  id: admin.id,
  username: admin.username,
  email: admin.email,
  must_change_password: admin.mustChangePassword,
});
