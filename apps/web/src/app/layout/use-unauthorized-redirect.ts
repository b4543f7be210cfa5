import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate } from "@/lib/router";
import { signOut } from "@/features/auth/session";
import { setUnauthorizedHandler } from "@/lib/api-client";

const MODEL_LOGIN_PATHS = ["/login", "/model/login"];

/**
 * Any 401 clears both tokens (and the session) and goes to /admin/login under /admin, else to
 * /login, unless already on that login page. Replaces the api-client's full-reload fallback.
 */
export function useUnauthorizedRedirect() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      signOut(queryClient);
      const { pathname } = window.location;
      if (pathname.startsWith("/admin")) {
        if (pathname !== "/admin/login") navigate("/admin/login", { replace: true });
      } else if (!MODEL_LOGIN_PATHS.includes(pathname)) {
        navigate("/login", { replace: true });
      }
    });
  }, [queryClient, navigate]);
}
