import { useCallback } from "react";
import { useNavigate } from "react-router";
import { toast, TOAST_DURATION } from "@/lib/toast";
import { useSessionActions } from "../session";

/** Sair: clears both tokens and the user, toasts, goes home (SPEC §2 header). */
export function useLogout() {
  const { signOut } = useSessionActions();
  const navigate = useNavigate();
  return useCallback(() => {
    signOut();
    toast.success("Logout realizado com sucesso!", { duration: TOAST_DURATION.loginSuccess });
    navigate("/");
  }, [signOut, navigate]);
}
