import {
  type NoticeBody,
  NOTICE_REASON_MAX,
  NOTICE_REASON_MIN,
  NOTIFIER_ROLE_LABELS,
  NOTIFIER_ROLES,
  REPORT_CATEGORIES,
  REPORT_CATEGORY_LABELS,
  REPORT_RECEIVED_MESSAGE,
} from "@vitrine/contracts";
import { type FormEvent, useState } from "react";
import { PageContainer, PageHeader } from "@/components/page";
import { Button, Card, EMAIL_INPUT, Input, Select, Textarea } from "@/components/ui";
import { ApiError, errorMessage } from "@/lib/api-client";
import { usePageTitle } from "@/hooks/use-page-title";
import { labelledOptions } from "@/lib/options";
import { submitNotice } from "../api/submit-report";

const EMPTY = { name: "", email: "", role: "", url: "", category: "", reason: "" };

/**
 * Public page "Denúncias e remoção de conteúdo", route /denuncias: the identified notice of art. 29 of ECA Digital
 * (name, e-mail, who sends it, the URL, the reason). Not anonymous: anonymous reports use "Denunciar" on a profile.
 */
export function ReportNoticePage() {
  usePageTitle("Denúncias e remoção de conteúdo");
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  /** A field's value, its error, and its change, which drops that error (it was about the old value). */
  const field = (name: keyof typeof EMPTY) => ({
    value: form[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [name]: e.target.value }));
      setErrors(({ [name]: _old, ...rest }) => rest);
    },
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    setErrors({});
    try {
      await submitNotice(form as NoticeBody);
      setDone(true);
    } catch (err) {
      if (err instanceof ApiError && err.details?.length) {
        setErrors(Object.fromEntries(err.details.map((d) => [d.path, d.message])));
      }
      setError(errorMessage(err, "Não foi possível enviar a notificação. Tente novamente."));
    } finally {
      setPending(false);
    }
  }

  return (
    <PageContainer size="md">
      <PageHeader
        eyebrow="Canal de denúncias"
        title="Denúncias e remoção de conteúdo"
        description="Se você aparece em um anúncio sem ter autorizado, se o conteúdo envolve menor de idade, exploração, tráfico ou coação, ou se representa alguém nessa situação, envie uma notificação identificada. Ela chega à moderação com prioridade."
      />
      <div className="mb-8 grid gap-3 text-sm leading-relaxed text-ink-muted">
        <p>
          Casos de menor de idade, exploração, tráfico ou coação vão ao topo da fila e chegam na hora a uma pessoa da
          moderação; o conteúdo é preservado como prova para as autoridades. Depois de enviar, confirme a notificação
          pelo link que mandamos ao seu e-mail: só então ela conta, e uma imagem íntima sem consentimento notificada
          pela própria pessoa sai do ar. O mesmo link mostra a situação da denúncia e a resposta da moderação.
        </p>
        <p>
          Para denunciar sem se identificar, use o botão <strong className="text-ink">Denunciar</strong> no perfil ou na
          foto. Em caso de perigo imediato, ligue 190; violações contra crianças e adolescentes também podem ser
          denunciadas no Disque 100.
        </p>
      </div>
      {done ? (
        <Card>
          <p role="status" className="font-display text-2xl text-ink">
            {REPORT_RECEIVED_MESSAGE}
          </p>
          <p className="mt-2 text-sm text-ink-muted">
            Enviamos um link para o e-mail informado: abra-o para confirmar a notificação. O mesmo link mostra depois a
            situação da denúncia e a resposta da moderação.
          </p>
        </Card>
      ) : (
        <Card>
          <form onSubmit={onSubmit} className="grid gap-5" noValidate>
            <div className="grid gap-5 sm:grid-cols-2">
              <Input label="Seu nome" required autoComplete="name" {...field("name")} />
              <Input label="Seu e-mail" {...EMAIL_INPUT} required {...field("email")} />
            </div>
            <Select
              label="Quem envia"
              required
              placeholder="Escolha"
              {...field("role")}
              options={labelledOptions(NOTIFIER_ROLES, NOTIFIER_ROLE_LABELS)}
            />
            <Input
              label="Endereço (URL) do conteúdo"
              type="url"
              required
              placeholder="https://…/cidade/…/nome/123"
              {...field("url")}
              hint="Copie o endereço do perfil ou da foto."
            />
            <Select
              label="Motivo"
              required
              placeholder="Escolha"
              {...field("category")}
              options={labelledOptions(REPORT_CATEGORIES, REPORT_CATEGORY_LABELS)}
            />
            <Textarea
              label="Descreva o que aconteceu"
              required
              rows={5}
              minLength={NOTICE_REASON_MIN}
              maxLength={NOTICE_REASON_MAX}
              {...field("reason")}
            />
            {error && (
              <p role="alert" className="text-sm text-danger">
                {error}
              </p>
            )}
            <div className="flex justify-end">
              <Button type="submit" loading={pending}>
                Enviar notificação
              </Button>
            </div>
          </form>
        </Card>
      )}
    </PageContainer>
  );
}
