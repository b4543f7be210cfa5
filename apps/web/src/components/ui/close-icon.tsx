import { cn } from "@/lib/cn";

/** The "×" of every close or remove button (dialogs, toasts, tags), sized by its button; hidden from readers. */
export function CloseIcon({ className, strokeWidth = 1.8 }: { className?: string; strokeWidth?: number }) {
  return (
    <svg
      viewBox="0 0 20 20"
      className={cn("size-5", className)}
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      aria-hidden
    >
      <path d="M5 5l10 10M15 5 5 15" strokeLinecap="round" />
    </svg>
  );
}
