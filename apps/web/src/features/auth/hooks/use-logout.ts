import { useCallback } from "react";
import { useNavigate } from "@/lib/router";
import { toast, TOAST_DURATION } from "@/lib/toast";
import { useSessionActions } from "../session";

/** Sair: clears both tokens and the user, toasts, goes home. */
export function useLogout() {
  const { signOut } = useSessionActions();
  const navigate = useNavigate();
  return useCallback(() => {
    signOut();
    toast.success("Logout realizado com sucesso!", { duration: TOAST_DURATION.loginSuccess });
    navigate("/");
  }, [signOut, navigate]);
}
