import { type LoginBody, LoginBodySchema } from "@vitrine/contracts";
import { type ChangeEvent, type FormEvent, useRef, useState } from "react";
import { Button, Input, PasswordInput } from "@/components/ui";
import { useFocusParam } from "@/hooks/use-focus-param";
import { issuesToFieldErrors } from "@/lib/form-errors";

/** E-mail + password form shared by the model and admin logins (submit "Entrar" / "Entrando..."). */
export function LoginForm({ onSubmit, pending }: { onSubmit: (body: LoginBody) => void; pending: boolean }) {
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState({ email: "", password: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  useFocusParam({ email: emailRef, password: passwordRef });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const result = LoginBodySchema.safeParse(values);
    if (!result.success) {
      const fieldErrors = issuesToFieldErrors(result.error.issues);
      setErrors(fieldErrors);
      (fieldErrors.email ? emailRef : passwordRef).current?.focus();
      return;
    }
    setErrors({});
    onSubmit(result.data);
  }

  const set = (field: keyof typeof values) => (e: ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-5">
      <Input
        ref={emailRef}
        label="E-mail"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="voce@exemplo.com"
        value={values.email}
        onChange={set("email")}
        error={errors.email}
        required
      />
      <PasswordInput
        ref={passwordRef}
        label="Senha"
        name="password"
        autoComplete="current-password"
        placeholder="Sua senha"
        value={values.password}
        onChange={set("password")}
        error={errors.password}
        required
      />
      <Button type="submit" size="lg" fullWidth loading={pending} loadingText="Entrando..." className="mt-2">
        Entrar
      </Button>
    </form>
  );
}
