import { PageContainer, PageHeader } from "@/components/page";
import { Card } from "@/components/ui";
import { usePageTitle } from "@/hooks/use-page-title";

/**
 * /como-ordenamos: the public rules of the listing order (decision 079). A city page shows first a bounded number
 * of featured places rotating among the paid "Destaque" boosts, then the paid "Subir anúncio" cards, then everyone
 * else by relevance; every paid boost is reviewed before it goes live and is marked on the card.
 */
export function RankingRulesPage() {
  usePageTitle("Como ordenamos os anúncios");
  return (
    <PageContainer size="md">
      <PageHeader
        eyebrow="Transparência"
        title="Como ordenamos os anúncios"
        description="As regras que decidem a ordem dos cards em cada cidade, inclusive o que é pago."
      />
      <div className="flex flex-col gap-4 text-sm leading-relaxed text-ink-muted">
        <Card title="1. Destaques pagos, em número limitado e em rodízio">
          <p>
            No topo da página de uma cidade há poucos lugares de destaque (em geral quatro). Eles são das anunciantes
            que compraram um “Destaque” para aquela cidade. Quando há mais compras do que lugares, os lugares giram
            entre todas a cada 10 minutos, na ordem das compras, para que cada uma apareça o mesmo tempo. Esses cards
            trazem a marca <strong className="text-ink">Destaque</strong>.
          </p>
        </Card>
        <Card title="2. Anúncios impulsionados">
          <p>
            Logo depois vêm os anúncios de quem comprou “Subir anúncio”: o card sobe no horário escolhido (uma vez ou
            uma vez por dia, por alguns dias), e o que subiu por último aparece primeiro. Esses cards trazem a marca{" "}
            <strong className="text-ink">Impulsionado</strong>.
          </p>
        </Card>
        <Card title="3. Todo impulsionamento pago é revisado antes de ir ao ar">
          <p>
            Um administrador revisa o anúncio como ele está (texto e fotos públicas) antes de o impulsionamento começar.
            Se a anunciante alterar o anúncio enquanto ele está no ar, o impulsionamento pausa até uma nova revisão, sem
            estender o prazo. Um impulsionamento recusado é estornado, com o motivo.
          </p>
        </Card>
        <Card title="4. Depois, a relevância">
          <p>
            Os demais anúncios seguem esta ordem: primeiro os perfis em destaque pelo plano, depois quem está
            “Disponível agora”, e então os mais novos. Os filtros e a ordem que você escolher na página mudam essa ordem
            apenas para você.
          </p>
        </Card>
        <p>
          Só aparecem perfis ativos, com plano em dia, identidade verificada e sem pendências de moderação. Nenhum
          pagamento muda essas regras.
        </p>
      </div>
    </PageContainer>
  );
}
