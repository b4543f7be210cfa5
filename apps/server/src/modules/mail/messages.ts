import type { MailContent } from "./templates";

/** Every e-mail the site writes, in Portuguese; links are absolute (see mailOrigin). */

export const confirmEmailMessage = (name: string, url: string): MailContent => ({
  subject: "Confirme seu e-mail",
  heading: `Olá, ${name}!`,
  paragraphs: ["Confirme que este e-mail é seu para poder pagar seu plano e aparecer no site."],
  action: { label: "Confirmar e-mail", url },
  note: "O link vale por 24 horas e funciona uma vez. Se não foi você, ignore esta mensagem.",
});

export const resetPasswordMessage = (url: string): MailContent => ({
  subject: "Criar uma nova senha",
  heading: "Esqueceu sua senha?",
  paragraphs: ["Recebemos um pedido para criar uma nova senha para sua conta."],
  action: { label: "Criar nova senha", url },
  note:
    "O link vale por 30 minutos e funciona uma vez. Ao criar a nova senha, todas as outras sessões são " +
    "encerradas. Se não foi você, ignore esta mensagem: sua senha continua a mesma.",
});

export const planExpiringMessage = (dueBr: string, url: string): MailContent => ({
  subject: "Seu plano vence em 3 dias",
  heading: "Seu plano está perto de vencer",
  paragraphs: [`Seu plano vence em ${dueBr}. Renove antes para seu perfil continuar aparecendo no site.`],
  action: { label: "Renovar plano", url },
});

export const planExpiredMessage = (dueBr: string, url: string): MailContent => ({
  subject: "Seu plano venceu",
  heading: "Seu perfil saiu do site",
  paragraphs: [`Seu plano venceu em ${dueBr}. Renove para voltar a aparecer no site.`],
  action: { label: "Renovar plano", url },
});

export const paymentConfirmedMessage = (dueBr: string | null, url: string): MailContent => ({
  subject: "Pagamento confirmado",
  heading: "Recebemos seu pagamento",
  paragraphs: [dueBr ? `Obrigado! Seu plano vale até ${dueBr}.` : "Obrigado! Seu pagamento foi confirmado."],
  action: { label: "Ver meu painel", url },
});

export const verificationDecidedMessage = (approved: boolean, detail: string | null, url: string): MailContent => ({
  subject: approved ? "Identidade verificada" : "Verificação de identidade",
  heading: approved ? "Sua identidade foi verificada" : "Sua verificação precisa de atenção",
  paragraphs: approved
    ? ["Pronto: seu perfil já pode aparecer no site enquanto seu plano estiver válido."]
    : [detail ? `Motivo: ${detail}` : "Veja o resultado no seu painel."],
  action: { label: "Ver verificação", url },
});

export const newSignInMessage = (device: string, network: string, url: string): MailContent => ({
  subject: "Novo acesso à sua conta",
  heading: "Sua conta foi acessada de um novo dispositivo",
  paragraphs: [
    `Dispositivo: ${device}. Rede: ${network}.`,
    "Se foi você, nada a fazer. Se não foi, troque sua senha agora e encerre as outras sessões em Configurações.",
  ],
  action: { label: "Ver sessões ativas", url },
});

export const moderationDecidedMessage = (summary: string, url: string): MailContent => ({
  subject: "Decisão sobre uma denúncia",
  heading: "Uma denúncia sobre seu perfil foi decidida",
  paragraphs: [summary, "Você pode ler o motivo e, se discordar, recorrer uma vez pelo painel."],
  action: { label: "Ver decisão", url },
});
