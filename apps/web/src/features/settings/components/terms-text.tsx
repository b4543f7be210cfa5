import type { AgeAssuranceMode } from "@vitrine/contracts";
import type { ReactNode } from "react";
import { appPaths } from "@/lib/paths";
import { Link } from "@/lib/router";

/** How the Terms state the age check: as the site checks it (the mode in force, AGE_ASSURANCE). */
export const TERMS_AGE_CHECK: Record<AgeAssuranceMode, string> = {
  verifier:
    "O acesso é proibido a menores de 18 anos e exige a verificação de idade por um verificador independente, que informa ao site apenas se você é maior de idade.",
  "self-declaration":
    "O acesso é proibido a menores de 18 anos. Ao entrar, você declara ser maior de idade e assume total responsabilidade pelo acesso.",
};

/**
 * The terms of use, in Portuguese, with the age check in force. Whenever this text changes, raise TERMS_VERSION
 * (packages/contracts/src/consents.ts): every advertiser is then asked on her dashboard to accept the new version.
 * `onNavigate` runs when a link of the text is followed (the dialog showing it closes).
 */
export function TermsText({
  ageCheck,
  onNavigate,
}: {
  /** The age check in force; undefined while it is not known (the rule alone is stated). */
  ageCheck: AgeAssuranceMode | undefined;
  onNavigate?: () => void;
}) {
  const terms: ReactNode[] = [
    "Este site apenas divulga anúncios. Não somos agência, não intermediamos serviços e não participamos de nenhum acordo entre anunciantes e visitantes.",
    ageCheck ? TERMS_AGE_CHECK[ageCheck] : "O acesso é proibido a menores de 18 anos.",
    "Planos e pagamentos destinam-se apenas aos anunciantes e podem ser pagos via Pix ou por outros meios informados pela administração.",
    "Não há reembolso do tempo restante de um plano, salvo falha da plataforma devidamente comprovada.",
    "O cancelamento de um anúncio pode ser solicitado a qualquer momento.",
    "Conteúdo ofensivo, falso ou ilegal pode ser removido sem aviso prévio.",
    "É expressamente proibido publicar fotos de menores de idade.",
    "Usuários ou anunciantes que violarem estes termos podem ser suspensos ou excluídos sem aviso e sem reembolso.",
    <>
      Para denunciar um anúncio, use o botão “Denunciar” no próprio anúncio. Conteúdo ilegal, suspeita de menor de idade
      ou fotos suas publicadas sem autorização também podem ser notificados na página{" "}
      <Link
        to={appPaths.reportNotice}
        onClick={onNavigate}
        className="font-medium text-ink underline underline-offset-4 hover:text-accent"
      >
        Denúncias e remoção de conteúdo
      </Link>
      .
    </>,
  ];
  return (
    <ol className="space-y-3 text-sm leading-relaxed text-ink-muted">
      {terms.map((item, i) => (
        <li key={i} className="flex gap-3">
          <span className="mt-px font-display text-base leading-none font-semibold text-accent tabular-nums">
            {String(i + 1).padStart(2, "0")}
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ol>
  );
}
