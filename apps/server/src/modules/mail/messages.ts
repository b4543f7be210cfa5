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

/** To every admin, when a case becomes urgent: what and where, never who reported it. */
export const urgentCaseMessage = (category: string, item: string, url: string): MailContent => ({
  subject: `Denúncia urgente: ${category}`,
  heading: "Uma denúncia urgente espera revisão",
  paragraphs: [`Motivo: ${category}. Item: ${item}.`, "Denúncias urgentes ficam no topo da fila: revise o caso agora."],
  action: { label: "Abrir o caso", url },
});

/** To every admin, when agreeing urgent reports hid a profile before review. */
export const autoHoldAdminMessage = (category: string, item: string, url: string): MailContent => ({
  subject: `Perfil ocultado por denúncias: ${category}`,
  heading: "Denúncias independentes ocultaram um perfil",
  paragraphs: [
    `Motivo: ${category}. Item: ${item}.`,
    "O perfil fica oculto e as fotos congeladas até uma decisão. Se as denúncias forem falsas, restaure com um clique no caso.",
  ],
  action: { label: "Revisar o caso", url },
});

/** To her, when agreeing urgent reports hid her profile before review. */
export const autoHoldMessage = (category: string, url: string): MailContent => ({
  subject: "Seu anúncio está em análise",
  heading: "Seu anúncio saiu do ar para análise",
  paragraphs: [
    `Recebemos denúncias independentes sobre seu perfil (motivo: ${category}). Ele fica oculto e suas fotos ficam guardadas como estão até uma pessoa da equipe analisar.`,
    "Nada foi decidido ainda. Você verá o resultado em Moderação e, se discordar da decisão, poderá recorrer uma vez.",
  ],
  action: { label: "Ver Moderação", url },
});

/** To her, when an admin found the reports false and restored her. */
export const restoredMessage = (url: string): MailContent => ({
  subject: "Seu anúncio voltou ao ar",
  heading: "Seu anúncio voltou ao ar",
  paragraphs: ["Analisamos as denúncias sobre seu perfil e não encontramos violação. Ele já aparece no site de novo."],
  action: { label: "Ver meu painel", url },
});

/** To whoever sent an identified notice: the link that confirms it (and later shows its state). */
export const noticeConfirmMessage = (name: string, url: string): MailContent => ({
  subject: "Confirme sua denúncia",
  heading: `Olá, ${name}!`,
  paragraphs: [
    "Recebemos sua notificação. Confirme que este e-mail é seu para que ela seja analisada com prioridade.",
    "O mesmo link mostra depois a situação da denúncia e a resposta da equipe.",
  ],
  action: { label: "Confirmar denúncia", url },
  note: "A confirmação vale por 7 dias. Se não foi você, ignore esta mensagem: nada será feito em seu nome.",
});

/** To a trusted notifier the admin registered: the one-time link that sets its password (decision 061). */
export const notifierInviteMessage = (organisation: string, url: string, days: number): MailContent => ({
  subject: "Acesso de notificador confiável",
  heading: `Olá, ${organisation}!`,
  paragraphs: [
    "A administração cadastrou sua organização como notificadora confiável: suas denúncias urgentes ocultam o perfil na hora, até uma pessoa da equipe decidir.",
    "Defina a senha de acesso pelo link abaixo. Depois, entre em /notificador/entrar com este e-mail e a senha.",
  ],
  action: { label: "Definir senha", url },
  note: `O link vale por ${days} dias e só pode ser usado uma vez. Se não esperava esta mensagem, ignore-a.`,
});

/** To every admin, when a trusted notifier's urgent report hid a profile before review. */
export const trustedHoldAdminMessage = (
  category: string,
  item: string,
  notifier: string,
  url: string,
): MailContent => ({
  subject: `Perfil ocultado por notificador confiável: ${category}`,
  heading: "Um notificador confiável ocultou um perfil",
  paragraphs: [
    `Notificador: ${notifier}. Motivo: ${category}. Item: ${item}.`,
    "O perfil fica oculto e as fotos congeladas até uma decisão. Se a denúncia for infundada, restaure com um clique no caso.",
  ],
  action: { label: "Revisar o caso", url },
});

/** To her, when a trusted notifier's urgent report hid her profile before review. */
export const trustedHoldMessage = (category: string, url: string): MailContent => ({
  subject: "Seu anúncio está em análise",
  heading: "Seu anúncio saiu do ar para análise",
  paragraphs: [
    `Uma organização de proteção cadastrada pelo site denunciou seu perfil (motivo: ${category}). Ele fica oculto e suas fotos ficam guardadas como estão até uma pessoa da equipe analisar.`,
    "Nada foi decidido ainda. Você verá o resultado em Moderação e, se discordar da decisão, poderá recorrer uma vez.",
  ],
  action: { label: "Ver Moderação", url },
});

/** A change to how she signs in, or to her data, that she should know of at once. */
export type SecurityChange =
  | "passkey_added"
  | "passkey_removed"
  | "app_added"
  | "app_removed"
  | "recovery_codes"
  | "password_changed"
  | "email_changed"
  | "data_downloaded";

const SECURITY_CHANGES: Record<SecurityChange, { subject: string; heading: string; detail: string }> = {
  passkey_added: {
    subject: "Uma chave de acesso foi adicionada à sua conta",
    heading: "Nova chave de acesso",
    detail: "Uma chave de acesso foi adicionada à sua conta: com ela é possível entrar sem a senha.",
  },
  passkey_removed: {
    subject: "Uma chave de acesso foi removida da sua conta",
    heading: "Chave de acesso removida",
    detail: "Uma chave de acesso foi removida da sua conta.",
  },
  app_added: {
    subject: "Um aplicativo autenticador foi ativado na sua conta",
    heading: "Novo aplicativo autenticador",
    detail: "Um aplicativo autenticador passou a gerar os códigos de entrada da sua conta.",
  },
  app_removed: {
    subject: "O aplicativo autenticador foi removido da sua conta",
    heading: "Aplicativo autenticador removido",
    detail: "O aplicativo autenticador deixou de valer para entrar na sua conta.",
  },
  recovery_codes: {
    subject: "Novos códigos de recuperação foram gerados",
    heading: "Novos códigos de recuperação",
    detail: "Foram gerados novos códigos de recuperação para sua conta; os anteriores deixaram de valer.",
  },
  password_changed: {
    subject: "A senha da sua conta foi alterada",
    heading: "Senha alterada",
    detail: "A senha da sua conta foi alterada e as outras sessões foram encerradas.",
  },
  email_changed: {
    subject: "O e-mail da sua conta foi alterado",
    heading: "E-mail alterado",
    detail: "O e-mail da sua conta foi trocado: este endereço não recebe mais as mensagens da conta.",
  },
  data_downloaded: {
    subject: "Seus dados foram baixados",
    heading: "Download dos seus dados",
    detail: "Uma cópia dos dados da sua conta foi baixada.",
  },
};

/** Where she sees and undoes the change, and where she chooses a new password when it was not her. */
export type SecurityLinks = { settings: string; forgotPassword: string };

/** A sensitive change of her account: what changed, where to see it, and "se não foi você, troque sua senha". */
export const securityChangeMessage = (change: SecurityChange, links: SecurityLinks): MailContent => ({
  subject: SECURITY_CHANGES[change].subject,
  heading: SECURITY_CHANGES[change].heading,
  paragraphs: [
    SECURITY_CHANGES[change].detail,
    `Se não foi você, troque sua senha agora: ${links.forgotPassword}`,
    "Depois, confira suas chaves de acesso e sessões ativas e remova o que não reconhecer.",
  ],
  action: { label: "Ver configurações de segurança", url: links.settings },
});

/** The per-account cap on wrong second steps tripped: someone who has her password is guessing her codes. */
export const secondStepCapMessage = (minutes: number, links: SecurityLinks): MailContent => ({
  subject: "Muitos códigos errados na sua conta",
  heading: "Alguém está tentando entrar na sua conta",
  paragraphs: [
    "Sua senha foi digitada corretamente, mas o código da segunda etapa foi errado muitas vezes seguidas.",
    `Por segurança, a segunda etapa fica bloqueada por até ${minutes} minutos. Se não foi você, alguém tem sua senha: troque-a agora em ${links.forgotPassword}`,
  ],
  action: { label: "Trocar minha senha", url: links.forgotPassword },
  note: "Depois de trocar a senha, confira suas chaves de acesso e sessões ativas em Configurações.",
});
