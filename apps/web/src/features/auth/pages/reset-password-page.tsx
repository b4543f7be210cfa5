import { PasswordSchema } from "@vitrine/contracts";
import { z } from "zod";
import { Button, PasswordInput } from "@/components/ui";
import { AuthCard } from "../components/auth-card";
import { usePageTitle } from "@/hooks/use-page-title";
import { passwordsMatch, useZodForm } from "@/hooks/use-zod-form";
import { errorMessage } from "@/lib/api-client";
import { Link, useNavigate, useSearchParams } from "@/lib/router";
import { toast } from "@/lib/toast";
import { useResetPassword } from "../api/email";
import { ErrorAlert } from "@/components/error-alert";

const NewPasswordSchema = z.object({ password: PasswordSchema, confirm: z.string() });

/**
 * Nova senha (/redefinir-senha?token=…), opened from the e-mail: the new password typed twice; success signs
 * every session out and sends her to her login (the model's or the admin's, as the server answers).
 */
export function ResetPasswordPage() {
  usePageTitle("Criar nova senha");
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const reset = useResetPassword();
  const navigate = useNavigate();
  const form = useZodForm(
    NewPasswordSchema,
    { password: "", confirm: "" },
    {
      serverErrors: reset.error,
      check: passwordsMatch("password", "confirm"),
    },
  );

  return (
    <AuthCard
      eyebrow="Acesso"
      title="Criar nova senha"
      description="Ao salvar, todas as sessões abertas da sua conta são encerradas."
      footer={
        <Link to="/esqueci-senha" className="font-medium text-accent underline-offset-4 hover:underline">
          Pedir um novo link
        </Link>
      }
    >
      <form
        noValidate
        className="flex flex-col gap-5"
        onSubmit={form.handleSubmit(({ password }) =>
          reset.mutate(
            { token, password },
            {
              onSuccess: ({ role }) => {
                toast.success("Senha alterada. Entre com a nova senha.");
                navigate(role === "admin" ? "/admin/login" : "/login", { replace: true });
              },
            },
          ),
        )}
      >
        <PasswordInput label="Nova senha" autoComplete="new-password" {...form.field("password")} required />
        <PasswordInput label="Repita a nova senha" autoComplete="new-password" {...form.field("confirm")} required />
        {reset.isError && (
          <ErrorAlert>{errorMessage(reset.error, "Não foi possível salvar. Tente novamente.")}</ErrorAlert>
        )}
        <Button type="submit" size="lg" fullWidth loading={reset.isPending} loadingText="Salvando...">
          Salvar nova senha
        </Button>
      </form>
    </AuthCard>
  );
}
