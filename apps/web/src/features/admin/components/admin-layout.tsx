import { Outlet } from "@/lib/router";
import { AdminNav } from "./admin-nav";

/**
 * The frame of every admin page (loaded with the first admin page, never with the public ones): the strip of
 * links between the admin areas above the page. Each page draws its own title with AdminPageHeader.
 */
export function AdminLayout() {
  return (
    // min-w-0 and a block (not flex) page box: a wide table must scroll inside its card, never widen the page.
    <div className="flex min-w-0 flex-1 flex-col">
      <AdminNav />
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
