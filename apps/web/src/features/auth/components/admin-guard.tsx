import type { ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "@/lib/router";
import { appPaths } from "@/lib/public-paths";
import { useSession } from "../session";

/**
 * Admin guard: renders nothing while the session loads; anyone but an admin is sent (replace) to
 * /admin/login, and an admin who must change the generated password to "Trocar senha" (the server refuses
 * every other admin call until then). Used as the element of the layout route around every admin page, so pages
 * need not check.
 */
export function AdminGuard({ children }: { children?: ReactNode }) {
  const session = useSession();
  const { pathname } = useLocation();
  if (session.status === "loading") return null;
  if (session.status !== "admin") return <Navigate to={appPaths.adminLogin} replace />;
  if (session.user.must_change_password && pathname !== appPaths.adminChangePassword) {
    return <Navigate to={appPaths.adminChangePassword} replace />;
  }
  return children ?? <Outlet />;
}
