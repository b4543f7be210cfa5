import { AUTO_HIDE_REPORTERS_DEFAULT, AUTO_HIDE_SETTING, TWO_FACTOR_REQUIRED_SETTING } from "@vitrine/contracts";

/** How one known setting is edited on the Configurações screen. */
export type SettingField = {
  key: string;
  label: string;
  kind: "text" | "email" | "url" | "tel" | "textarea" | "secret" | "boolean" | "select";
  hint?: string;
  placeholder?: string;
  options?: { value: string; label: string }[];
  /** The value shown when the row does not exist yet (booleans and selects need one). */
  defaultValue?: string;
  /** Takes the whole row of the section's grid. */
  wide?: boolean;
};

export type SettingSectionDef = { id: string; title: string; description: string; fields: SettingField[] };

/** The sections of known settings, in screen order. Any other key is a free key/value row. */
export const SETTING_SECTIONS: SettingSectionDef[] = [
  {
    id: "home",
    title: "Página inicial",
    description: "Nome e descrição do site, e o endereço público dele.",
    fields: [
      { key: "site_name", label: "Nome do site", kind: "text" },
      { key: "site_url", label: "URL do site", kind: "url", placeholder: "https://www.exemplo.com.br" },
      { key: "site_description", label: "Descrição do site", kind: "textarea", wide: true },
    ],
  },
  {
    id: "contact",
    title: "Contato",
    description: "Onde visitantes e modelos falam com o suporte.",
    fields: [
      { key: "support_email", label: "E-mail de suporte", kind: "email" },
      { key: "support_phone", label: "Telefone de suporte", kind: "tel", placeholder: "(11) 99999-0000" },
    ],
  },
  {
    id: "terms",
    title: "Termos",
    description: "Aviso exibido no rodapé de todas as páginas.",
    fields: [{ key: "footer_disclaimer", label: "Aviso do rodapé", kind: "textarea", wide: true }],
  },
  {
    id: "pix",
    title: "Chaves PIX",
    description: "Chaves usadas nos QR Codes PIX estáticos e nas cobranças PIX das modelos.",
    fields: [
      { key: "pix_cpf", label: "CPF", kind: "text", placeholder: "000.000.000-00" },
      { key: "pix_phone", label: "Telefone", kind: "tel", placeholder: "(11) 99999-0000" },
      { key: "pix_email", label: "E-mail", kind: "email" },
      {
        key: "pix_random",
        label: "Chave aleatória",
        kind: "text",
        placeholder: "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx",
      },
      {
        key: "pix_merchant_city",
        label: "Cidade do recebedor",
        kind: "text",
        defaultValue: "SAO PAULO",
        hint: "Aparece no código PIX (sem acentos).",
      },
    ],
  },
  {
    id: "provider",
    title: "Pagamentos (Mercado Pago)",
    description: "Ambiente e credenciais do provedor de pagamento. As credenciais ativas são as do ambiente escolhido.",
    fields: [
      {
        key: "mp_environment",
        label: "Ambiente",
        kind: "select",
        defaultValue: "sandbox",
        options: [
          { value: "sandbox", label: "Sandbox (testes)" },
          { value: "production", label: "Produção" },
        ],
      },
      { key: "backend_url", label: "URL do backend", kind: "url", placeholder: "https://api.exemplo.com.br" },
      { key: "mp_access_token_test", label: "Access token (teste)", kind: "secret" },
      { key: "mp_public_key_test", label: "Public key (teste)", kind: "secret" },
      { key: "mp_access_token_prod", label: "Access token (produção)", kind: "secret" },
      { key: "mp_public_key_prod", label: "Public key (produção)", kind: "secret" },
      { key: "mp_webhook_secret", label: "Segredo do webhook", kind: "secret", wide: true },
      {
        key: "auto_release_on_approved",
        label: "Liberar automaticamente ao aprovar o pagamento",
        kind: "boolean",
        defaultValue: "true",
      },
      {
        key: "mp_binary_mode",
        label: "Modo binário (aprovado ou recusado, sem pendente)",
        kind: "boolean",
        defaultValue: "true",
      },
    ],
  },
  {
    id: "security",
    title: "Segurança",
    description:
      "A verificação em duas etapas é obrigatória para administradores e oferecida às anunciantes; aqui ela pode passar a ser obrigatória para elas também.",
    fields: [
      {
        key: TWO_FACTOR_REQUIRED_SETTING,
        label: "Exigir verificação em duas etapas das anunciantes",
        kind: "boolean",
        defaultValue: "false",
      },
    ],
  },
  {
    id: "moderation",
    title: "Moderação",
    description:
      "Nenhuma denúncia sozinha tira um perfil do ar. Denúncias de menor de idade, exploração, tráfico ou coação vão ao topo da fila e avisam os administradores por e-mail; o perfil só sai do ar antes da revisão quando denúncias urgentes de redes diferentes, cada uma de um navegador com verificação de idade, concordam em 24 horas.",
    fields: [
      {
        key: AUTO_HIDE_SETTING,
        label: "Denúncias urgentes de redes diferentes, em 24 horas, que ocultam um perfil antes da revisão",
        kind: "select",
        options: ["2", "3", "4", "5", "10"].map((value) => ({ value, label: value })),
        defaultValue: String(AUTO_HIDE_REPORTERS_DEFAULT),
      },
    ],
  },
];

/**
 * Keys that are not edited as free rows: the known ones above, and the active credential pair, which the
 * server derives from the environment.
 */
export const MANAGED_SETTING_KEYS: ReadonlySet<string> = new Set([
  ...SETTING_SECTIONS.flatMap((s) => s.fields.map((f) => f.key)),
  "mp_access_token",
  "mp_public_key",
]);

/** Where the provider posts its notifications: {backend_url or the site's origin}/api/payments/webhook… */
export function webhookUrls(backendUrl: string, origin: string) {
  const base = (backendUrl.trim() || origin).replace(/\/+$/, "");
  return {
    purchases: `${base}/api/payments/webhook`,
    subscriptions: `${base}/api/payments/webhook/model`,
  };
}
