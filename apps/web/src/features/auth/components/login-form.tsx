import { type LoginBody, LoginBodySchema } from "@vitrine/contracts";
import { useRef } from "react";
import { Button, Input, PasswordInput } from "@/components/ui";
import { useFocusParam } from "@/hooks/use-focus-param";
import { useZodForm } from "@/hooks/use-zod-form";

/**
 * E-mail + password form shared by the model and admin logins (submit "Entrar" / "Entrando..."). A refused login
 * (`error`) is shown in the form above the button, announced as an alert, until the page clears it.
 */
export function LoginForm({
  onSubmit,
  pending,
  error,
}: {
  onSubmit: (body: LoginBody) => void;
  pending: boolean;
  error?: string | null;
}) {
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const form = useZodForm(LoginBodySchema, { email: "", password: "" });
  useFocusParam({ email: emailRef, password: passwordRef });

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="flex flex-col gap-5">
      <Input
        ref={emailRef}
        label="E-mail"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="voce@exemplo.com"
        {...form.field("email")}
        required
      />
      <PasswordInput
        ref={passwordRef}
        label="Senha"
        autoComplete="current-password"
        placeholder="Sua senha"
        {...form.field("password")}
        required
      />
      {error && (
        <p
          role="alert"
          data-login-error
          className="rounded-xl border border-danger/40 bg-danger-soft px-4 py-3 text-sm font-medium text-danger"
        >
          {error}
        </p>
      )}
      <Button type="submit" size="lg" fullWidth loading={pending} loadingText="Entrando..." className="mt-2">
        Entrar
      </Button>
    </form>
  );
}
