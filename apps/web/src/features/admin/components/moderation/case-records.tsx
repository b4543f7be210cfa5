import type { ModerationCaseDetail } from "@vitrine/contracts";
import { useState } from "react";
import { Button, Card } from "@/components/ui";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { appPaths } from "@/lib/paths";
import { Link } from "@/lib/router";
import { toast } from "@/lib/toast";
import { downloadEvidence } from "@/features/admin/api/moderation";
import { actionLabel, caseSubject, countLabel } from "./moderation-labels";

/** Her earlier cases, each a link to its page. */
export function CaseHistory({ kase }: { kase: ModerationCaseDetail }) {
  return (
    <Card title="Histórico da modelo">
      {kase.history.length === 0 ? (
        <p className="text-sm text-ink-muted">Nenhum caso anterior.</p>
      ) : (
        <ul className="flex flex-col gap-2 text-sm">
          {kase.history.map((h) => (
            <li key={h.id}>
              <Link to={appPaths.adminModerationCase(h.id)} className="text-accent hover:underline">
                Caso nº {h.id}
              </Link>{" "}
              <span className="text-ink-muted">
                {formatDateTime(h.created_at)} · {caseSubject(h)} · {h.decision ? actionLabel(h.decision) : "aberto"}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The content kept under legal hold for this case, and the export of its evidence package for the authorities. */
export function CaseEvidence({ kase }: { kase: ModerationCaseDetail }) {
  const [exporting, setExporting] = useState(false);
  async function onExport() {
    setExporting(true);
    try {
      await downloadEvidence(kase.id);
    } catch (err) {
      toast.error(errorMessage(err, "Não foi possível exportar as provas."));
    } finally {
      setExporting(false);
    }
  }
  return (
    <Card
      title="Provas (retenção legal)"
      description="Conteúdo removido como exploração, cifrado, fora de qualquer endereço público. O envio às autoridades é manual."
    >
      {kase.evidence.length === 0 ? (
        <p className="text-sm text-ink-muted">Nenhuma prova retida neste caso.</p>
      ) : (
        <>
          <p className="text-sm text-ink-muted">
            {countLabel(kase.evidence.length, "arquivo guardado", "arquivos guardados")} até{" "}
            {formatDateTime(kase.evidence[0]!.held_until)}.
          </p>
          <Button className="mt-4" variant="secondary" size="sm" onClick={() => void onExport()} loading={exporting}>
            Exportar pacote de provas
          </Button>
        </>
      )}
    </Card>
  );
}
