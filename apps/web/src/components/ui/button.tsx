import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { Spinner } from "./spinner";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

const VARIANTS: Record<ButtonVariant, string> = {
  primary:
    "bg-accent text-accent-ink shadow-[0_8px_24px_-12px_rgb(217_180_108/0.6)] hover:bg-accent-hover active:bg-accent-strong",
  secondary: "border border-line-strong bg-surface-2 text-ink hover:border-accent/60 hover:bg-surface-3",
  ghost: "text-ink-muted hover:bg-surface-2 hover:text-ink",
  danger: "bg-danger-solid text-white hover:bg-[#c62f26] active:bg-[#8f1d17]",
};

const SIZES: Record<ButtonSize, string> = {
  sm: "h-9 px-3 text-sm gap-1.5",
  md: "h-11 px-5 text-sm gap-2",
  lg: "h-12 px-7 text-base gap-2",
};

/**
 * The classes of a button, for links that must look like one:
 * <Link to="/register" className={buttonClasses({ variant: "primary" })}>Cadastrar</Link>
 */
export function buttonClasses({
  variant = "primary",
  size = "md",
  fullWidth = false,
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; fullWidth?: boolean; className?: string } = {}): string {
  return cn(
    "inline-flex select-none items-center justify-center rounded-full font-medium tracking-wide whitespace-nowrap",
    "transition-colors duration-150 disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:opacity-60",
    VARIANTS[variant],
    SIZES[size],
    fullWidth && "w-full",
    className,
  );
}

export type ButtonProps = ComponentProps<"button"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** Shows a spinner, disables the button and sets aria-busy; `loadingText` replaces the label meanwhile. */
  loading?: boolean;
  loadingText?: string;
};

/**
 * <Button variant="primary|secondary|ghost|danger" size="sm|md|lg" loading={isPending} loadingText="Salvando...">
 *   Salvar
 * </Button>
 * Defaults to type="button"; pass type="submit" in forms.
 */
export function Button({
  variant = "primary",
  size = "md",
  fullWidth,
  loading = false,
  loadingText,
  disabled,
  className,
  children,
  type = "button",
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClasses({ variant, size, fullWidth, className })}
      {...rest}
    >
      {loading && <Spinner size="sm" />}
      {loading && loadingText ? loadingText : children}
    </button>
  );
}
