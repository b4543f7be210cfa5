import type { ReactNode } from "react";
import { Navigate, Outlet } from "@/lib/router";
import { appPaths } from "@/lib/paths";
import { useSession } from "../session";

/**
 * Admin guard: renders nothing while the session loads; anyone but an admin is sent (replace) to
 * /admin/login. Used as the element of the layout route around every admin page, so pages need not check.
 */
export function AdminGuard({ children }: { children?: ReactNode }) {
  const session = useSession();
  if (session.status === "loading") return null;
  if (session.status !== "admin") return <Navigate to={appPaths.adminLogin} replace />;
  return children ?? <Outlet />;
}
