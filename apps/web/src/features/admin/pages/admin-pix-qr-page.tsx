import { useState } from "react";
import { PageContainer } from "@/components/page";
import { errorMessage } from "@/lib/api-client";
import { useGenerateStaticPix } from "../api/get-static-pix";
import { AdminPageHeader } from "../components/admin-page-header";
import { StaticPixForm } from "../components/pix/static-pix-form";
import { type StaticPixOutcome, StaticPixResult } from "../components/pix/static-pix-result";

/** Admin: QRCode PIX Estático, route /admin/pix-qr — a static Pix code for one of the site's keys. */
export function AdminPixQrPage() {
  const generate = useGenerateStaticPix();
  const [outcome, setOutcome] = useState<StaticPixOutcome>({ kind: "empty" });

  return (
    <PageContainer size="xl">
      <AdminPageHeader
        title="QRCode PIX Estático"
        description="Gere um QR Code PIX com uma das chaves do site, com ou sem valor."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <StaticPixForm
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
    </PageContainer>
  );
}
