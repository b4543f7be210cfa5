import { ForgotPasswordBodySchema } from "@vitrine/contracts";
import { useState } from "react";
import { Button, EMAIL_INPUT, Input } from "@/components/ui";
import { AuthCard } from "../components/auth-card";
import { usePageTitle } from "@/hooks/use-page-title";
import { useZodForm } from "@/hooks/use-zod-form";
import { errorMessage } from "@/lib/api-client";
import { Link, useSearchParams } from "@/lib/router";
import { useForgotPassword } from "../api/email";
import { ErrorAlert } from "@/components/error-alert";

/**
 * "Esqueci minha senha" (/esqueci-senha; ?conta=admin from the admin login): asks for the e-mail and shows the
 * server's one answer, the same whether or not an account has it.
 */
export function ForgotPasswordPage() {
  usePageTitle("Esqueci minha senha");
  const [params] = useSearchParams();
  const role = params.get("conta") === "admin" ? "admin" : "model";
  const loginPath = role === "admin" ? "/admin/login" : "/login";
  const forgot = useForgotPassword();
  const [answer, setAnswer] = useState<string | null>(null);
  const form = useZodForm(ForgotPasswordBodySchema, { email: "", role }, { serverErrors: forgot.error });

  return (
    <AuthCard
      eyebrow={role === "admin" ? "Administração" : "Área da anunciante"}
      title="Esqueci minha senha"
      description="Informe o e-mail da sua conta. Enviaremos um link para você criar uma nova senha."
      footer={
        <Link to={loginPath} className="font-medium text-accent underline-offset-4 hover:underline">
          Voltar para o login
        </Link>
      }
    >
      {answer ? (
        <p
          role="status"
          data-forgot-answer
          className="rounded-xl border border-line bg-surface-2 px-4 py-3 text-sm text-ink"
        >
          {answer}
        </p>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-5"
          onSubmit={form.handleSubmit((body) =>
            forgot.mutate({ ...body, role }, { onSuccess: (d) => setAnswer(d.message) }),
          )}
        >
          <Input label="E-mail" {...EMAIL_INPUT} placeholder="voce@exemplo.com" {...form.field("email")} required />
          {forgot.isError && (
            <ErrorAlert>{errorMessage(forgot.error, "Não foi possível enviar agora. Tente novamente.")}</ErrorAlert>
          )}
          <Button type="submit" size="lg" fullWidth loading={forgot.isPending} loadingText="Enviando...">
            Enviar link
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
