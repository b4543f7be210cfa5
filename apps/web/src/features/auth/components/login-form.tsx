import { type LoginBody, LoginBodySchema } from "@vitrine/contracts";
import { useRef } from "react";
import { Button, EMAIL_INPUT, Input, PasswordInput } from "@/components/ui";
import { useFocusParam } from "@/hooks/use-focus-param";
import { useZodForm } from "@/hooks/use-zod-form";
import { Link, useLocation } from "@/lib/router";

/**
 * E-mail + password form shared by the model and admin logins (submit "Entrar" / "Entrando..."). A refused login
 * (`error`) is shown in the form above the button, announced as an alert, until the page clears it. "Esqueci minha
 * senha" leads to the reset request for the account of the page it is on (the admin's under /admin).
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
  const forgotPath = useLocation().pathname.startsWith("/admin") ? "/esqueci-senha?conta=admin" : "/esqueci-senha";
  useFocusParam({ email: emailRef, password: passwordRef });

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="flex flex-col gap-5">
      <Input
        ref={emailRef}
        label="E-mail"
        {...EMAIL_INPUT}
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
      <Link
        to={forgotPath}
        className="-mt-2 self-end text-sm font-medium text-accent underline-offset-4 hover:underline"
      >
        Esqueci minha senha
      </Link>
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
