import type { SessionModel } from "@vitrine/contracts";
import { Button } from "@/components/ui";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useResendConfirmation } from "../api/email";

/**
 * The dashboard's call to confirm her e-mail while it is not confirmed: until she opens the link she cannot pay
 * or appear on the site. "Reenviar" sends a new link (the one before stops working).
 */
export function EmailConfirmBanner({ session }: { session: SessionModel }) {
  const resend = useResendConfirmation();
  if (session.email_confirmed) return null;
  return (
    <section
      aria-label="Confirmação de e-mail"
      data-email-banner
      className="flex flex-col gap-4 rounded-2xl border border-accent/45 bg-accent-soft px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 className="font-display text-lg font-semibold text-accent">Confirme seu e-mail</h2>
        <p className="mt-1 text-sm text-ink">
          Enviamos um link para <span className="break-all font-medium">{session.email}</span>. Até você abrir o link,
          não é possível pagar o plano nem aparecer no site.
        </p>
      </div>
      <Button
        size="sm"
        variant="secondary"
        className="shrink-0"
        loading={resend.isPending}
        loadingText="Enviando..."
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: (data) => toast.success(data.message),
            onError: (err) => toast.error(errorMessage(err, "Não foi possível reenviar. Tente novamente.")),
          })
        }
      >
        Reenviar link
      </Button>
    </section>
  );
}
