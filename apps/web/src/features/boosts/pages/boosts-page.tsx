import {
  BOOST_KIND_LABELS,
  type BoostProduct,
  type BuyBoostPixResponse,
  formatBRL,
  type ModelPixResponse,
  type OwnBoost,
} from "@vitrine/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorAlert } from "@/components/error-alert";
import { PageContainer, PageHeader } from "@/components/page";
import { Button, Card, QueryState, Select } from "@/components/ui";
import { ModelOnly } from "@/features/auth/components/model-only";
import { ProviderPix } from "@/features/payments/components/provider-pix";
import { usePageTitle } from "@/hooks/use-page-title";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { appPaths } from "@/lib/paths";
import { Link } from "@/lib/router";
import { boostKeys, useBuyBoostCheckout, useBuyBoostPix, useOwnBoosts } from "../api/boosts";
import { BoostPhaseBadge } from "../components/boost-phase-badge";

const HOURS = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: `${String(h).padStart(2, "0")}:00` }));

/** The boost's Pix as the plan's Pix panel reads it (its amount in reais, its name as the item). */
const asPixCharge = (charge: BuyBoostPixResponse): ModelPixResponse => ({
  payment_id: charge.payment_id,
  qr_code: charge.qr_code,
  qr_code_data: charge.qr_code_data,
  expires_at: charge.expires_at,
  amount: charge.amount_cents / 100,
  plan_name: charge.name,
  ticket_url: charge.ticket_url,
});

function ProductCard({
  product,
  busy,
  onBuy,
}: {
  product: BoostProduct;
  busy: boolean;
  onBuy: (bumpHour: number | null, method: "pix" | "card") => void;
}) {
  const [hour, setHour] = useState("");
  const bump = product.kind === "bump";
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-surface-2 p-4" data-boost-product={product.id}>
      <div>
        <p className="text-xs font-semibold tracking-[0.2em] text-accent uppercase">
          {BOOST_KIND_LABELS[product.kind]}
        </p>
        <p className="mt-1 font-display text-lg font-semibold text-ink">{product.name}</p>
        <p className="text-sm text-ink-muted">
          {bump
            ? product.days === 1
              ? "Seu card sobe ao topo da lista da sua cidade uma vez."
              : `Seu card sobe ao topo da lista da sua cidade uma vez por dia, por ${product.days} dias.`
            : `Seu card entre os destaques da sua cidade por ${product.days} dias.`}
        </p>
      </div>
      {bump && (
        <Select
          label="Quando subir"
          value={hour}
          onChange={(event) => setHour(event.target.value)}
          placeholder="Assim que for aprovado"
          options={HOURS}
        />
      )}
      <div className="mt-auto flex items-center justify-between gap-3">
        <span className="text-lg font-semibold text-ink">{formatBRL(product.price_cents / 100)}</span>
        <span className="flex gap-2">
          <Button
            size="sm"
            variant="secondary"
            disabled={busy}
            onClick={() => onBuy(hour === "" ? null : Number(hour), "card")}
          >
            Cartão
          </Button>
          <Button
            size="sm"
            loading={busy}
            loadingText="Gerando Pix..."
            onClick={() => onBuy(hour === "" ? null : Number(hour), "pix")}
          >
            Pagar com Pix
          </Button>
        </span>
      </div>
    </li>
  );
}

function BoostRow({ boost }: { boost: OwnBoost }) {
  return (
    <li className="flex flex-col gap-2 border-t border-line py-4 first:border-t-0" data-boost-id={boost.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-ink">{boost.name}</span>
        <BoostPhaseBadge phase={boost.phase} />
      </div>
      <p className="text-sm text-ink-muted">
        {formatBRL(boost.amount_cents / 100)} · comprado em {formatDateTime(boost.created_at)}
        {boost.starts_at && ` · de ${formatDateTime(boost.starts_at)}`}
        {boost.ends_at && ` até ${formatDateTime(boost.ends_at)}`}
        {boost.bump_hour !== null && ` · sobe às ${String(boost.bump_hour).padStart(2, "0")}:00`}
      </p>
      {boost.paid_at && (
        <p className="text-xs text-ink-subtle" data-testid="boost-receipt">
          Recibo: pagamento nº {boost.payment_id}, {boost.payment_method === "mercadopago_pix" ? "Pix" : "Mercado Pago"}
          , pago em {formatDateTime(boost.paid_at)}
          {boost.phase === "rejected" || boost.phase === "refunded" ? " (estornado)" : ""}.
        </p>
      )}
      {boost.phase === "paused" && (
        <p className="text-sm text-warning">
          Você alterou o anúncio: o impulsionamento está pausado até uma nova análise, e o prazo não é estendido.
        </p>
      )}
      {boost.reject_reason && (
        <p className="text-sm text-danger" data-testid="boost-reject-reason">
          Motivo da recusa: {boost.reject_reason}. O valor foi estornado.
        </p>
      )}
    </li>
  );
}

function Boosts({ modelId }: { modelId: number }) {
  const query = useOwnBoosts();
  const buy = useBuyBoostPix();
  const queryClient = useQueryClient();
  const [buying, setBuying] = useState<{ productId: number; bumpHour: number | null } | null>(null);
  const card = useBuyBoostCheckout();
  const charge = buy.data;

  const start = (productId: number, bumpHour: number | null) => {
    setBuying({ productId, bumpHour });
    buy.mutate({ product_id: productId, bump_hour: bumpHour });
  };

  /** Card (or Pix) at Mercado Pago's checkout, in a tab opened inside the click so pop-up blockers allow it. */
  const checkout = (productId: number, bumpHour: number | null) => {
    const tab = window.open("", "_blank");
    card.mutate(
      { product_id: productId, bump_hour: bumpHour },
      {
        onSuccess: (data) => {
          void queryClient.invalidateQueries({ queryKey: boostKeys.own() });
          if (tab) {
            tab.opener = null;
            tab.location.href = data.init_point;
          } else {
            window.location.assign(data.init_point);
          }
        },
        onError: () => tab?.close(),
      },
    );
  };

  return (
    <QueryState query={query} errorText="Não foi possível carregar seus impulsionamentos.">
      {(data) => (
        <div className="flex flex-col gap-6">
          {charge && (
            <Card title={`Pagamento: ${charge.name}`} description="Pix pelo Mercado Pago, confirmado sozinho.">
              <ProviderPix
                charge={asPixCharge(charge)}
                modelId={modelId}
                busy={buy.isPending}
                onNewCode={() => buying && start(buying.productId, buying.bumpHour)}
                onConfirmed={() => void queryClient.invalidateQueries({ queryKey: boostKeys.own() })}
                paidNote="Agora um administrador revisa seu anúncio; o impulsionamento começa assim que for aprovado."
              />
            </Card>
          )}
          {card.isError && (
            <ErrorAlert>{errorMessage(card.error, "Não foi possível abrir o pagamento. Tente novamente.")}</ErrorAlert>
          )}
          {buy.isError && (
            <ErrorAlert>{errorMessage(buy.error, "Não foi possível gerar o Pix. Tente novamente.")}</ErrorAlert>
          )}
          <Card
            title="Comprar"
            description="Todo impulsionamento é revisado por um administrador antes de ir ao ar. Se for recusado, o valor é estornado."
          >
            <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {data.products.map((product) => (
                <ProductCard
                  key={product.id}
                  product={product}
                  busy={buy.isPending && buying?.productId === product.id}
                  onBuy={(hour, method) => (method === "pix" ? start(product.id, hour) : checkout(product.id, hour))}
                />
              ))}
            </ul>
          </Card>
          <Card title="Seus impulsionamentos">
            {data.boosts.length === 0 ? (
              <p className="text-sm text-ink-muted">Você ainda não comprou nenhum impulsionamento.</p>
            ) : (
              <ul>
                {data.boosts.map((boost) => (
                  <BoostRow key={boost.id} boost={boost} />
                ))}
              </ul>
            )}
          </Card>
        </div>
      )}
    </QueryState>
  );
}

/** /dashboard/impulsionar: buying a "Destaque" or a "Subir anúncio" by Pix, and where each of hers stands. */
export function BoostsPage() {
  usePageTitle("Impulsionar anúncio");
  return (
    <PageContainer>
      <PageHeader
        eyebrow="Painel"
        title="Impulsionar anúncio"
        description={
          <>
            Apareça nos destaques da sua cidade ou suba ao topo da lista. Veja{" "}
            <Link to={appPaths.rankingRules} className="text-accent underline">
              como ordenamos os anúncios
            </Link>
            .
          </>
        }
      />
      <ModelOnly>{(model) => <Boosts modelId={model.id} />}</ModelOnly>
    </PageContainer>
  );
}
