/**
 * The terms of use, in Portuguese. Whenever this text changes, raise TERMS_VERSION (packages/contracts/src/consents.ts):
 * every advertiser is then asked on her dashboard to accept the new version.
 */
const TERMS: string[] = [
  "Este site apenas divulga anúncios. Não somos agência, não intermediamos serviços e não participamos de nenhum acordo entre anunciantes e visitantes.",
  "O acesso é proibido a menores de 18 anos. Ao entrar, você declara ser maior de idade e assume total responsabilidade pelo acesso.",
  "Planos e pagamentos destinam-se apenas aos anunciantes e podem ser pagos via Pix ou por outros meios informados pela administração.",
  "Não há reembolso do tempo restante de um plano, salvo falha da plataforma devidamente comprovada.",
  "O cancelamento de um anúncio pode ser solicitado a qualquer momento.",
  "Conteúdo ofensivo, falso ou ilegal pode ser removido sem aviso prévio.",
  "É expressamente proibido publicar fotos de menores de idade.",
  "Usuários ou anunciantes que violarem estes termos podem ser suspensos ou excluídos sem aviso e sem reembolso.",
  "Denúncias devem ser enviadas ao WhatsApp de suporte informado abaixo.",
];

export function TermsText() {
  return (
    <ol className="space-y-3 text-sm leading-relaxed text-ink-muted">
      {TERMS.map((item, i) => (
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
