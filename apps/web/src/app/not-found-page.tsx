import { Link } from "@/lib/router";
import { PageContainer } from "@/components/page";
import { buttonClasses } from "@/components/ui";

/** Any unknown route. */
export function NotFoundPage() {
  return (
    <PageContainer size="sm" className="flex min-h-[60vh] flex-col items-center justify-center text-center">
      <p className="font-display text-8xl leading-none font-semibold text-accent/90">404</p>
      <h1 className="mt-6 font-display text-3xl font-semibold text-ink">Página não encontrada</h1>
      <p className="mt-3 text-ink-muted">O endereço que você procurou não existe ou foi removido.</p>
      <Link to="/" className={buttonClasses({ variant: "primary", className: "mt-8" })}>
        Voltar ao início
      </Link>
    </PageContainer>
  );
}
