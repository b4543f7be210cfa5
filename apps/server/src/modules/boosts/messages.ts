/** The e-mails of a boost's review, written in the transaction of the decision (the mail outbox sends them). */

export const boostApprovedMessage = (name: string, url: string) => ({
  subject: "Impulsionamento aprovado",
  heading: `Seu “${name}” foi aprovado`,
  paragraphs: [
    "Revisamos seu anúncio como ele está agora, e o impulsionamento já está valendo (ou começa no horário escolhido).",
    "Se você alterar o texto ou as fotos públicas, ele pausa até uma nova análise, e o prazo não é estendido.",
  ],
  action: { label: "Ver no painel", url },
});

export const boostRejectedMessage = (name: string, reason: string, url: string) => ({
  subject: "Impulsionamento recusado e estornado",
  heading: `Seu “${name}” não foi aprovado`,
  paragraphs: [
    `Motivo: ${reason}`,
    "O valor pago foi estornado pelo Mercado Pago (no Pix, volta para a conta de origem; no cartão, conforme a operadora).",
  ],
  action: { label: "Ver no painel", url },
});
