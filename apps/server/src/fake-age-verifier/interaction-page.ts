import { DEMO_AGE_VERIFIER, DEMO_IDENTITY_VERIFIER } from "./identity";

/**
 * The demonstration verifier's pages, in the site's dark look (its palette and its one gold accent): plain HTML,
 * one inline style, no script. The question page's three buttons post the answer the verifier gives the site.
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The answers of the question page: the `answer` field of its form. */
export const DEMO_ANSWERS = ["maior", "menor", "cancelar"] as const;
export type DemoAnswer = (typeof DEMO_ANSWERS)[number];

function page(title: string, body: string, verifierName: string = DEMO_AGE_VERIFIER.name): string {
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
*{box-sizing:border-box}
body{margin:0;min-height:100vh;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;
background:radial-gradient(1200px 600px at 50% -10%,#1b1820,#0c0b0e 60%);color:#f4f0e9;display:flex;
flex-direction:column;align-items:center;padding:24px 16px}
header{width:100%;max-width:460px;display:flex;align-items:center;gap:10px;color:#b9b2a7;font-size:.85rem;
letter-spacing:.08em;text-transform:uppercase;margin:8px 0 20px}
.seal{width:28px;height:28px;border-radius:50%;border:1px solid #d9b46c;color:#d9b46c;display:grid;place-items:center;
font-size:.8rem;font-weight:700;letter-spacing:0}
main{width:100%;max-width:460px;background:#141217;border:1px solid #2c2833;border-radius:16px;padding:28px 24px;
box-shadow:0 24px 60px -20px rgb(0 0 0 / .75),0 0 0 1px rgb(255 255 255 / .04)}
h1{font-family:"Cormorant Garamond","Playfair Display",Georgia,"DejaVu Serif",serif;font-weight:600;font-size:1.9rem;
line-height:1.15;margin:0 0 10px}
p{color:#b9b2a7;line-height:1.55;margin:0 0 14px}
.note{background:rgb(217 180 108 / .12);border:1px solid rgb(217 180 108 / .35);color:#f4f0e9;border-radius:10px;
padding:12px 14px;font-size:.9rem}
.site{color:#f4f0e9;font-weight:600}
.actions{display:grid;gap:10px;margin-top:22px}
button{font:inherit;font-weight:600;width:100%;min-height:48px;border-radius:10px;padding:12px 18px;cursor:pointer;
border:1px solid transparent}
.adult{background:#d9b46c;color:#1a1409}.adult:hover{background:#e8c98c}
.minor{background:#1b1820;color:#f4f0e9;border-color:#423c4b}.minor:hover{background:#24202a}
.cancel{background:transparent;color:#b9b2a7;border-color:transparent;text-decoration:underline;
text-underline-offset:3px}.cancel:hover{color:#f4f0e9}
button:focus-visible{outline:3px solid #e8c98c;outline-offset:2px}
form{margin:0}
label{display:block;font-weight:600;margin:14px 0 6px}
input{font:inherit;width:100%;min-height:48px;border-radius:10px;padding:10px 14px;background:#0c0b0e;color:#f4f0e9;
border:1px solid #423c4b;color-scheme:dark}
input:focus-visible{outline:3px solid #e8c98c;outline-offset:2px}
.error{background:rgb(220 80 80 / .14);border:1px solid rgb(220 80 80 / .5);color:#f4f0e9;border-radius:10px;
padding:12px 14px;font-size:.9rem}
small{display:block;color:#948c81;font-size:.8rem;margin-top:18px;line-height:1.5}
</style></head>
<body><header><span class="seal" aria-hidden="true">18</span>${escapeHtml(verifierName)}</header>
<main>${body}</main></body></html>`;
}

/** The question: "Maior de 18", "Menor de 18" or "Cancelar", posted to `action`. */
export function renderQuestionPage(action: string, siteName: string): string {
  const button = (answer: DemoAnswer, label: string, cls: string) =>
    `<button class="${cls}" type="submit" name="answer" value="${answer}">${label}</button>`;
  return page(
    DEMO_AGE_VERIFIER.name,
    `<h1>Confirme sua idade</h1>
<p><span class="site">${escapeHtml(siteName)}</span> pede a confirmação de que você tem 18 anos ou mais. Só a resposta
(maior de 18: sim ou não) é enviada ao site.</p>
<p class="note">Ambiente de demonstração: nenhum documento é lido. Escolha a resposta que um verificador de idade daria
ao site.</p>
<form method="post" action="${escapeHtml(action)}" class="actions">
${button("maior", "Maior de 18", "adult")}
${button("menor", "Menor de 18", "minor")}
${button("cancelar", "Cancelar", "cancel")}
</form>
<small>Um verificador real confere um documento, uma estimativa facial ou uma credencial de idade e devolve ao site
apenas o resultado.</small>`,
  );
}

/**
 * The identity check of an advertiser: a real verifier reads her document, matches a selfie and checks liveness;
 * the demonstration takes the birth date and the document number she types ("Confirmar") or "Cancelar".
 */
export function renderIdentityPage(action: string, siteName: string, error?: string): string {
  return page(
    DEMO_IDENTITY_VERIFIER.name,
    `<h1>Verifique sua identidade</h1>
<p><span class="site">${escapeHtml(siteName)}</span> pede a verificação da sua identidade para anunciar. Só a data de
nascimento e um identificador seu são enviados ao site.</p>
<p class="note">Ambiente de demonstração: nenhum documento nem selfie é lido. Informe a data de nascimento e o número do
documento que um verificador de identidade leria.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="${escapeHtml(action)}">
<label for="birthdate">Data de nascimento</label>
<input id="birthdate" name="birthdate" type="date" required>
<label for="document">Número do documento</label>
<input id="document" name="document" inputmode="text" autocomplete="off" required minlength="4" maxlength="30">
<div class="actions">
<button class="adult" type="submit" name="answer" value="verificar">Confirmar</button>
<button class="cancel" type="submit" name="answer" value="cancelar" formnovalidate>Cancelar</button>
</div>
</form>
<small>Um verificador real confere o documento, compara uma selfie com a foto dele e verifica que a pessoa está presente
(prova de vida), e devolve ao site apenas o resultado.</small>`,
    DEMO_IDENTITY_VERIFIER.name,
  );
}

/** Any error of the provider (an expired or unknown request), without the technical details. */
export function renderErrorPage(message: string): string {
  return page(
    `Erro · ${DEMO_AGE_VERIFIER.name}`,
    `<h1>Não foi possível continuar</h1>
<p>${escapeHtml(message)}</p>
<p>Volte ao site e tente verificar sua idade de novo.</p>`,
  );
}
