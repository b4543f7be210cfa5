import { Outlet } from "react-router";
import { AdminNav } from "./admin-nav";

/**
 * The frame of every admin page (loaded with the first admin page, never with the public ones): the strip of
 * links between the admin areas above the page. Each page draws its own title with AdminPageHeader.
 */
export function AdminLayout() {
  return (
    <div className="flex flex-1 flex-col">
      <AdminNav />
      <Outlet />
    </div>
  );
}
