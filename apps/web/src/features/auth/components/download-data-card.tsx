import { Button, Card } from "@/components/ui";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useDownloadMyData } from "../api/my-data";

/**
 * LGPD right of access: everything stored about her account, in one ZIP, at once. In Configurações; for a banned
 * account, on the Moderação screen (the one she reaches).
 */
export function DownloadDataCard() {
  const download = useDownloadMyData();

  function start() {
    download.mutate(undefined, {
      onSuccess: () => toast.success("Seus dados foram baixados."),
      onError: (err) => toast.error(errorMessage(err, "Não foi possível baixar seus dados")),
    });
  }

  return (
    <Card
      aria-label="Baixar meus dados"
      title="Baixar meus dados"
      description="Um arquivo ZIP com tudo o que guardamos sobre a sua conta: perfil, planos e pagamentos, pedidos recebidos, visitas, verificação, decisões de moderação, sessões, consentimentos e suas fotos."
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-ink-muted">Até 3 downloads por hora.</p>
        <Button variant="secondary" onClick={start} loading={download.isPending} loadingText="Preparando...">
          Baixar meus dados
        </Button>
      </div>
    </Card>
  );
}
