import { type AdminBoost, BOOST_REASON_MAX, type BoostProduct, formatBRL } from "@vitrine/contracts";
import { useState } from "react";
import { ErrorAlert } from "@/components/error-alert";
import { PageContainer, PageHeader } from "@/components/page";
import { Button, Card, Input, Modal, QueryState, Textarea } from "@/components/ui";
import { usePageTitle } from "@/hooks/use-page-title";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format";
import { useAdminBoosts, useBoostProducts, useDecideBoost, useUpdateBoostProduct } from "../api/boosts";
import { BoostPhaseBadge } from "../components/boost-phase-badge";

/** Minutes as "12 min", "3 h 05 min", "2 d 4 h". */
function waited(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${String(minutes % 60).padStart(2, "0")} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

function RejectDialog({ boost, onClose }: { boost: AdminBoost; onClose: () => void }) {
  const decide = useDecideBoost();
  const [reason, setReason] = useState("");
  return (
    <Modal open onClose={onClose} title={`Recusar “${boost.name}” de ${boost.model_name}`}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          decide.mutate({ id: boost.id, reason }, { onSuccess: onClose });
        }}
      >
        <p className="text-sm text-ink-muted">
          O valor de {formatBRL(boost.amount_cents / 100)} é estornado pelo Mercado Pago e o motivo vai para ela por
          e-mail e no painel.
        </p>
        <Textarea
          label="Motivo"
          value={reason}
          maxLength={BOOST_REASON_MAX}
          onChange={(event) => setReason(event.target.value)}
          required
        />
        {decide.isError && <ErrorAlert>{errorMessage(decide.error, "Não foi possível recusar.")}</ErrorAlert>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" variant="danger" loading={decide.isPending} loadingText="Estornando...">
            Recusar e estornar
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function BoostReview({ boost }: { boost: AdminBoost }) {
  const decide = useDecideBoost();
  const [rejecting, setRejecting] = useState(false);
  const waiting = boost.phase === "awaiting_review" || boost.phase === "paused";
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-line bg-surface-2 p-4" data-admin-boost={boost.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-medium text-ink">
            {boost.name} · {boost.model_name} <span className="text-ink-muted">(@{boost.username})</span>
          </p>
          <p className="text-sm text-ink-muted">
            {boost.city} · {formatBRL(boost.amount_cents / 100)}
            {boost.bump_hour !== null && ` · sobe às ${String(boost.bump_hour).padStart(2, "0")}:00`}
            {boost.ends_at && ` · até ${formatDateTime(boost.ends_at)}`}
          </p>
        </div>
        <div className="flex items-center gap-2">
          {boost.waiting_minutes !== null && (
            <span className="text-sm text-ink-muted" data-testid="boost-waiting">
              Aguardando há {waited(boost.waiting_minutes)}
            </span>
          )}
          <BoostPhaseBadge phase={boost.phase} />
        </div>
      </div>
      {boost.phase === "paused" && (
        <p className="text-sm text-warning">Ela alterou o anúncio com o impulsionamento no ar: revise a nova versão.</p>
      )}
      <div className="grid gap-3 md:grid-cols-[1fr_auto]">
        <div className="min-w-0 text-sm">
          <p className="font-medium text-ink">{boost.ad.name}</p>
          <p className="mt-1 whitespace-pre-line text-ink-muted">{boost.ad.description || "Sem descrição."}</p>
          {boost.ad.services && <p className="mt-1 text-ink-muted">Serviços: {boost.ad.services}</p>}
          {boost.ad.rates && <p className="mt-1 text-ink-muted">Valores: {boost.ad.rates}</p>}
        </div>
        <ul className="flex flex-wrap gap-2" aria-label="Fotos públicas">
          {boost.ad.photos.map((photo) => (
            <li key={photo.id}>
              <img
                src={photo.url}
                alt={photo.is_primary ? "Foto de capa" : "Foto pública"}
                width={72}
                height={96}
                loading="lazy"
                className={cn(
                  "h-24 w-18 rounded-lg border object-cover",
                  photo.is_primary ? "border-accent" : "border-line",
                )}
              />
            </li>
          ))}
          {boost.ad.photos.length === 0 && <li className="text-sm text-ink-muted">Sem fotos públicas.</li>}
        </ul>
      </div>
      {boost.reject_reason && <p className="text-sm text-danger">Motivo: {boost.reject_reason}</p>}
      {waiting && (
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" size="sm" onClick={() => setRejecting(true)}>
            Recusar
          </Button>
          <Button
            size="sm"
            loading={decide.isPending}
            loadingText="Aprovando..."
            onClick={() => decide.mutate({ id: boost.id, snapshot_hash: boost.snapshot_hash })}
          >
            Aprovar anúncio como está
          </Button>
        </div>
      )}
      {decide.isError && <ErrorAlert>{errorMessage(decide.error, "Não foi possível aprovar.")}</ErrorAlert>}
      {rejecting && <RejectDialog boost={boost} onClose={() => setRejecting(false)} />}
    </li>
  );
}

function ProductRow({ product }: { product: BoostProduct }) {
  const update = useUpdateBoostProduct();
  const [price, setPrice] = useState(String(product.price_cents));
  const [days, setDays] = useState(String(product.days));
  return (
    <li className="flex flex-wrap items-end gap-3 border-t border-line py-3 first:border-t-0">
      <p className="min-w-40 flex-1 font-medium text-ink">
        {product.name}
        {!product.active && <span className="ml-2 text-sm text-ink-muted">(fora de venda)</span>}
      </p>
      <Input
        label="Preço (centavos)"
        inputMode="numeric"
        value={price}
        onChange={(event) => setPrice(event.target.value)}
        wrapperClassName="w-36"
      />
      <Input
        label="Dias"
        inputMode="numeric"
        value={days}
        onChange={(event) => setDays(event.target.value)}
        wrapperClassName="w-20"
      />
      <Button
        size="sm"
        variant="secondary"
        loading={update.isPending}
        onClick={() => update.mutate({ id: product.id, body: { price_cents: Number(price), days: Number(days) } })}
      >
        Salvar
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => update.mutate({ id: product.id, body: { active: !product.active } })}
      >
        {product.active ? "Tirar de venda" : "Pôr à venda"}
      </Button>
      <span className="w-full text-xs text-ink-muted">= {formatBRL(Number(price) / 100 || 0)}</span>
      {update.isError && (
        <div className="w-full">
          <ErrorAlert>{errorMessage(update.error, "Não foi possível salvar.")}</ErrorAlert>
        </div>
      )}
    </li>
  );
}

/** /admin/impulsionamentos: the review queue of paid boosts (with its waiting time) and the products on sale. */
export function AdminBoostsPage() {
  usePageTitle("Impulsionamentos");
  const [view, setView] = useState<"queue" | "all">("queue");
  const query = useAdminBoosts(view);
  const products = useBoostProducts();
  return (
    <PageContainer size="xl">
      <PageHeader
        title="Impulsionamentos"
        description="Um impulsionamento pago só vai ao ar depois que você aprova o anúncio como ele está (texto e fotos públicas). Recusar estorna o valor."
        actions={
          <div role="group" aria-label="Lista" className="inline-flex rounded-full border border-line bg-surface p-1">
            {(["queue", "all"] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                onClick={() => setView(v)}
                className={cn(
                  "min-h-10 rounded-full px-4 text-sm font-medium",
                  view === v ? "bg-accent text-black" : "text-ink-muted hover:text-ink",
                )}
              >
                {v === "queue" ? "Fila de análise" : "Todos"}
              </button>
            ))}
          </div>
        }
      />
      <div className="flex flex-col gap-6">
        <QueryState query={query} errorText="Não foi possível carregar os impulsionamentos.">
          {(data) =>
            data.boosts.length === 0 ? (
              <Card>
                <p className="text-sm text-ink-muted">
                  {view === "queue" ? "Nenhum impulsionamento aguardando análise." : "Nenhum impulsionamento ainda."}
                </p>
              </Card>
            ) : (
              <ul className="flex flex-col gap-3">
                {data.boosts.map((boost) => (
                  <BoostReview key={boost.id} boost={boost} />
                ))}
              </ul>
            )
          }
        </QueryState>
        <Card
          title="Produtos"
          description="Preço em centavos exatos e duração em dias. Toda alteração fica na auditoria."
        >
          <QueryState query={products} variant="inline" errorText="Não foi possível carregar os produtos.">
            {(data) => (
              <ul>
                {data.products.map((product) => (
                  <ProductRow key={`${product.id}-${product.price_cents}-${product.days}`} product={product} />
                ))}
              </ul>
            )}
          </QueryState>
        </Card>
      </div>
    </PageContainer>
  );
}
