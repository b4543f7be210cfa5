import type { OwnerPhoto, ProfileModel } from "@vitrine/contracts";
import { Link } from "@/lib/router";
import { Badge, buttonClasses, Card, Stat, StatGroup } from "@/components/ui";
import { cn } from "@/lib/cn";
import { formatDate } from "@/lib/format";

const count = new Intl.NumberFormat("pt-BR");

type Reason = ProfileModel["visibility"]["reasons"][number];

/** One list of visibility reasons: what keeps the profile off the site (danger) or only warns (warning). */
function ReasonList({
  label,
  reasons,
  tone,
  className,
}: {
  label: string;
  reasons: Reason[];
  tone: "danger" | "warning";
  className: string;
}) {
  if (reasons.length === 0) return null;
  return (
    <ul aria-label={label} className={cn("flex flex-col gap-2", className)}>
      {reasons.map((r) => (
        <li
          key={r.code}
          data-reason={r.code}
          className={cn(
            "flex gap-3 rounded-xl border px-4 py-3 text-sm text-ink",
            tone === "danger" ? "border-danger/30 bg-danger-soft" : "border-warning/30 bg-warning-soft",
          )}
        >
          <span
            aria-hidden="true"
            className={cn("mt-1.5 size-1.5 shrink-0 rounded-full", tone === "danger" ? "bg-danger" : "bg-warning")}
          />
          {r.message}
        </li>
      ))}
    </ul>
  );
}

/**
 * "What the public sees": whether the profile is on the public site right now and why not (the profile API's
 * visibility explanation), a link to the public page, and the numbers the public generates.
 */
export function VisibilityPanel({ model, photos }: { model: ProfileModel; photos: OwnerPhoto[] }) {
  const { is_visible: isVisible, reasons } = model.visibility;
  const blocking = reasons.filter((r) => r.blocking);
  const warnings = reasons.filter((r) => !r.blocking);
  const publicPhotos = photos.filter((p) => p.is_public).length;

  return (
    <Card
      title="Como o público vê seu anúncio"
      actions={
        <Badge variant={isVisible ? "success" : "danger"}>
          <span aria-hidden="true" className={cn("size-1.5 rounded-full", isVisible ? "bg-success" : "bg-danger")} />
          {isVisible ? "Visível no site" : "Oculto no site"}
        </Badge>
      }
      data-public-visibility={isVisible ? "visible" : "hidden"}
    >
      <p className="text-sm text-ink-muted">
        {isVisible
          ? "Seu perfil aparece agora na listagem da sua cidade e pode ser aberto por qualquer visitante."
          : "Seu perfil não aparece no site público agora. Veja o motivo abaixo."}
      </p>

      <ReasonList label="Por que não aparece" reasons={blocking} tone="danger" className="mt-4" />
      <ReasonList label="Avisos" reasons={warnings} tone="warning" className="mt-3" />

      <StatGroup className="mt-5 grid-cols-2 lg:grid-cols-4">
        <Stat label="Visualizações" value={count.format(model.views_count)} />
        <Stat label="Contatos" value={count.format(model.contact_count)} />
        <Stat label="Fotos públicas" value={`${publicPhotos} de ${photos.length}`} />
        <Stat label="Plano válido até" value={formatDate(model.next_due_date)} />
      </StatGroup>

      <div className="mt-5 flex flex-col gap-3 border-t border-line pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="min-w-0 text-sm break-all text-ink-subtle">
          Endereço público: <span className="text-ink-muted">{model.public_path}</span>
        </p>
        <Link
          to={model.public_path}
          target="_blank"
          rel="noopener"
          className={buttonClasses({ variant: "secondary", size: "sm", className: "self-start sm:self-auto" })}
        >
          Ver perfil público
        </Link>
      </div>
      {!isVisible && (
        <p className="mt-2 text-xs text-ink-subtle">
          Enquanto o anúncio estiver oculto, esse endereço mostra “Modelo não encontrada” aos visitantes.
        </p>
      )}
    </Card>
  );
}
