/**
 * Toasts: shown top-right, at most 20 at a time. Call from anywhere, React or not:
 *   toast.success("Perfil atualizado com sucesso!")
 *   toast.error(message, { duration: TOAST_DURATION.paymentStatus })
 * <Toaster /> (components/ui/toaster.tsx) renders them; it is mounted once by the root layout.
 */
export type ToastType = "default" | "success" | "error" | "warning";
export type Toast = { id: number; type: ToastType; message: string; duration: number };

export const TOAST_DURATION = {
  default: 4000,
  error: 4000,
  success: 4000,
  /** Success toasts in the login/register flows. */
  loginSuccess: 2000,
  /** The payment-status message shown at login. */
  paymentStatus: 5000,
} as const;

export const TOAST_LIMIT = 20;

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function show(type: ToastType, message: string, options: { duration?: number } = {}): number {
  const id = nextId++;
  const duration = options.duration ?? TOAST_DURATION[type === "warning" ? "default" : type];
  toasts = [...toasts, { id, type, message, duration }].slice(-TOAST_LIMIT);
  emit();
  return id;
}

export function dismissToast(id: number): void {
  const next = toasts.filter((t) => t.id !== id);
  if (next.length === toasts.length) return;
  toasts = next;
  emit();
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): Toast[] {
  return toasts;
}

const EMPTY: Toast[] = [];
export function getServerToasts(): Toast[] {
  return EMPTY;
}

type ToastOptions = { duration?: number };

export const toast = Object.assign((message: string, options?: ToastOptions) => show("default", message, options), {
  success: (message: string, options?: ToastOptions) => show("success", message, options),
  error: (message: string, options?: ToastOptions) => show("error", message, options),
  warning: (message: string, options?: ToastOptions) => show("warning", message, options),
  dismiss: dismissToast,
});
