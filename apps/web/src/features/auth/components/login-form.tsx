import { type LoginBody, LoginBodySchema } from "@vitrine/contracts";
import { useRef } from "react";
import { Button, Input, PasswordInput } from "@/components/ui";
import { useFocusParam } from "@/hooks/use-focus-param";
import { useZodForm } from "@/hooks/use-zod-form";

/** E-mail + password form shared by the model and admin logins (submit "Entrar" / "Entrando..."). */
export function LoginForm({ onSubmit, pending }: { onSubmit: (body: LoginBody) => void; pending: boolean }) {
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
      <Button type="submit" size="lg" fullWidth loading={pending} loadingText="Entrando..." className="mt-2">
        Entrar
      </Button>
    </form>
  );
}
