import type { ActiveSession } from "@vitrine/contracts";
import { useState } from "react";
import { Badge, Button, Card, ConfirmDialog, QueryState } from "@/components/ui";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import type { AccountAudience } from "../api/audience";
import { useActiveSessions, useEndOtherSessions, useEndSession } from "../api/sessions";

/** One row: device, network, first and last seen; "Encerrar" on every session but this one. */
function SessionItem({ session, onEnd }: { session: ActiveSession; onEnd: (s: ActiveSession) => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-4 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
          {session.device}
          {session.current && <Badge variant="accent">Esta sessão</Badge>}
        </p>
        <p className="mt-1 text-sm text-ink-muted">
          Rede {session.network} · desde {formatDateTime(session.first_seen_at)} · último acesso{" "}
          {formatDateTime(session.last_seen_at)}
        </p>
      </div>
      {!session.current && (
        <Button variant="secondary" size="sm" onClick={() => onEnd(session)} aria-label={`Encerrar ${session.device}`}>
          Encerrar
        </Button>
      )}
    </li>
  );
}

/**
 * Sessões ativas: where her account is signed in. Ending a session signs that device out at once; "Encerrar todas
 * as outras" keeps only this one.
 */
export function ActiveSessionsCard({ audience }: { audience: AccountAudience }) {
  const sessions = useActiveSessions(audience);
  const end = useEndSession(audience);
  const endOthers = useEndOtherSessions(audience);
  const [toEnd, setToEnd] = useState<ActiveSession | "others" | null>(null);
  const others = sessions.data?.sessions.filter((s) => !s.current).length ?? 0;

  const confirm = () => {
    if (toEnd === "others") {
      endOthers.mutate(undefined, {
        onSuccess: () => toast.success("As outras sessões foram encerradas."),
        onError: (err) => toast.error(errorMessage(err, "Não foi possível encerrar as sessões.")),
        onSettled: () => setToEnd(null),
      });
    } else if (toEnd) {
      end.mutate(toEnd.id, {
        onSuccess: () => toast.success("Sessão encerrada."),
        onError: (err) => toast.error(errorMessage(err, "Não foi possível encerrar a sessão.")),
        onSettled: () => setToEnd(null),
      });
    }
  };

  return (
    <Card
      aria-label="Sessões ativas"
      title="Sessões ativas"
      description="Onde sua conta está conectada. Encerre o que você não reconhece."
      actions={
        others > 0 && (
          <Button variant="secondary" size="sm" onClick={() => setToEnd("others")}>
            Encerrar todas as outras
          </Button>
        )
      }
    >
      <QueryState query={sessions} variant="inline" errorText="Não foi possível carregar as sessões.">
        {(data) => (
          <ul className="divide-y divide-line">
            {data.sessions.map((s) => (
              <SessionItem key={s.id} session={s} onEnd={setToEnd} />
            ))}
          </ul>
        )}
      </QueryState>
      <ConfirmDialog
        open={toEnd !== null}
        title={toEnd === "others" ? "Encerrar todas as outras sessões?" : "Encerrar esta sessão?"}
        description={
          toEnd === "others"
            ? "Todos os outros dispositivos sairão da sua conta imediatamente."
            : toEnd
              ? `${toEnd.device} (rede ${toEnd.network}) sairá da sua conta imediatamente.`
              : undefined
        }
        confirmLabel="Encerrar"
        pendingLabel="Encerrando..."
        pending={end.isPending || endOthers.isPending}
        onConfirm={confirm}
        onCancel={() => setToEnd(null)}
      />
    </Card>
  );
}
