import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ConfirmEmailBody,
  ForgotPasswordBody,
  MessageResponse,
  NotificationSettings,
  ResetPasswordBody,
} from "@vitrine/contracts";
import { sessionQueryKey } from "../session";
import { api } from "@/lib/api-client";
import { rootKey } from "@/lib/query-keys";

/** The e-mail routes (server modules/mail). */
export const emailApi = {
  forgot: "/api/auth/password/forgot",
  reset: "/api/auth/password/reset",
  confirm: "/api/auth/email/confirm",
  resend: "/api/models/account/email/resend",
  notifications: "/api/models/account/notifications",
} as const;

/** "Esqueci minha senha": always the same answer, whether or not the e-mail has an account. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) =>
      api.post<MessageResponse>(emailApi.forgot, body, { skipAuthRedirect: true }),
  });
}

/** The new password from a reset link; answers whose account it was (model or admin) for the right login. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) =>
      api.post<{ role: "model" | "admin" }>(emailApi.reset, body, { skipAuthRedirect: true }),
  });
}

/** Opens a confirmation link; the session (email_confirmed) and her profile's reasons are re-read after. */
export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmEmailBody) =>
      api.post<MessageResponse>(emailApi.confirm, body, { skipAuthRedirect: true }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      void queryClient.invalidateQueries({ queryKey: rootKey("me") });
    },
  });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: () => api.post<MessageResponse>(emailApi.resend, {}) });
}

const notificationsKey = [...rootKey("me"), "notifications"] as const;

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: () => api.get<NotificationSettings>(emailApi.notifications),
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettings) => api.put<NotificationSettings>(emailApi.notifications, body),
    onSuccess: (data) => queryClient.setQueryData(notificationsKey, data),
  });
}
