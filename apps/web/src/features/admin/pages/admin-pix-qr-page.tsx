import { type AdminSetting, PIX_KEY_SETTINGS, PIX_KEY_TYPES, type PixKeyType } from "@vitrine/contracts";
import { useState } from "react";
import { PageContainer } from "@/components/page";
import { Card, QueryState } from "@/components/ui";
import { errorMessage } from "@/lib/api-client";
import { appPaths } from "@/lib/paths";
import { Link } from "@/lib/router";
import { useAdminSettings } from "../api/get-settings";
import { useGenerateStaticPix } from "../api/get-static-pix";
import { AdminPageHeader } from "../components/admin-page-header";
import { StaticPixForm } from "../components/pix/static-pix-form";
import { type StaticPixOutcome, StaticPixResult } from "../components/pix/static-pix-result";

/** The key types with a key saved in Configurações, in the order of PIX_KEY_TYPES. */
export function configuredPixKeyTypes(settings: AdminSetting[]): PixKeyType[] {
  const value = (key: string) => settings.find((s) => s.setting_key === key)?.setting_value.trim() ?? "";
  return PIX_KEY_TYPES.filter((type) => value(PIX_KEY_SETTINGS[type]) !== "");
}

/** No key configured: nothing to generate, and where to configure one. */
function NoPixKey() {
  return (
    <Card title="Nenhuma chave PIX configurada">
      <p className="text-sm text-ink-muted">
        Para gerar um QR Code, cadastre ao menos uma chave PIX (CPF, telefone, e-mail ou chave aleatória) em{" "}
        <Link to={appPaths.adminSettings} className="font-medium text-ink underline underline-offset-4">
          Configurações
        </Link>
        .
      </p>
    </Card>
  );
}

/** Admin: QRCode PIX Estático, route /admin/pix-qr — a static Pix code for one of the site's keys. */
export function AdminPixQrPage() {
  const settings = useAdminSettings();
  const generate = useGenerateStaticPix();
  const [outcome, setOutcome] = useState<StaticPixOutcome>({ kind: "empty" });

  return (
    <PageContainer size="xl">
      <AdminPageHeader
        title="QRCode PIX Estático"
        description="Gere um QR Code PIX com uma das chaves do site, com ou sem valor."
      />
      <QueryState
        query={settings}
        title="Chaves PIX"
        errorText="Não foi possível carregar as chaves PIX."
        loadingLabel="Carregando as chaves PIX..."
      >
        {(rows) => {
          const [first, ...rest] = configuredPixKeyTypes(rows);
          if (!first) return <NoPixKey />;
          const keyTypes = [first, ...rest] as const;
          return (
            <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
              <StaticPixForm
                // A key saved or removed meanwhile: the form starts again from the first configured type.
                key={keyTypes.join(" ")}
                keyTypes={keyTypes}
                pending={generate.isPending}
                onSubmit={(request) =>
                  generate.mutate(request, {
                    onSuccess: (pix) => setOutcome({ kind: "done", keyType: request.keyType, pix }),
                    onError: (err) =>
                      setOutcome({
                        kind: "error",
                        message: `Erro ao gerar QRCode: ${errorMessage(err, "Erro desconhecido")}`,
                      }),
                  })
                }
              />
              <StaticPixResult outcome={outcome} />
            </div>
          );
        }}
      </QueryState>
    </PageContainer>
  );
}
