import { PASSWORD_MIN, type RegisterBody, RegisterBodySchema } from "@vitrine/contracts";
import { type FormEvent, useId, useRef, useState } from "react";
import { AgeInput, CategorySelect } from "@/components/profile-fields";
import { Button, Checkbox, EMAIL_INPUT, Input, PasswordInput } from "@/components/ui";
import { useCategories } from "@/features/categories/api/get-categories";
import { EstadoMunicipioFields } from "@/features/cities/components/estado-municipio-fields";
import { useTermsModal } from "@/features/settings/components/terms-modal-provider";
import { useFocusParam } from "@/hooks/use-focus-param";
import { useZodForm } from "@/hooks/use-zod-form";

export const TERMS_REQUIRED_MESSAGE = "É obrigatório ler e aceitar os Termos de Uso antes de concluir o cadastro.";
const TERMS_TOOLTIP = "É necessário aceitar os Termos de Uso";

const EMPTY = {
  username: "",
  email: "",
  password: "",
  name: "",
  age: "",
  estado_id: "",
  municipio_id: "",
  category_id: "",
  phone: "",
  whatsapp: "",
};

function SectionTitle({ children }: { children: string }) {
  return (
    <h2 className="col-span-full mt-2 border-b border-line pb-2 text-xs font-semibold tracking-[0.2em] text-accent uppercase first:mt-0">
      {children}
    </h2>
  );
}

/**
 * The model registration form. Validates with the server's RegisterBodySchema; `serverErrors` is the rejection of
 * the last submit, whose field details show inline. The Terms checkbox blocks the submit until ticked.
 */
export function RegisterForm({
  onSubmit,
  pending,
  serverErrors,
}: {
  onSubmit: (body: RegisterBody) => void;
  pending: boolean;
  serverErrors: unknown;
}) {
  const form = useZodForm(RegisterBodySchema, EMPTY, { serverErrors });
  const [accepted, setAccepted] = useState(false);
  const [termsWarning, setTermsWarning] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const termsRef = useRef<HTMLInputElement>(null);
  const termsId = useId();
  useFocusParam({ username: usernameRef, email: emailRef });
  const { openTerms } = useTermsModal();

  const categories = useCategories({ includeEmpty: true });

  const submitValid = form.handleSubmit(onSubmit);
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    if (!accepted) {
      event.preventDefault();
      setTermsWarning(true);
      termsRef.current?.focus();
      return;
    }
    submitValid(event);
  }

  /** A new estado empties the município, which belongs to the previous one. */
  const estado = {
    ...form.field("estado_id"),
    onChange: (event: { target: { value: string } }) =>
      form.setValues({ estado_id: event.target.value, municipio_id: "" }),
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-5 sm:grid-cols-2">
      <SectionTitle>Acesso</SectionTitle>
      <Input ref={usernameRef} label="Usuário" autoComplete="username" required {...form.field("username")} />
      <Input ref={emailRef} label="E-mail" {...EMAIL_INPUT} required {...form.field("email")} />
      <PasswordInput
        label="Senha"
        autoComplete="new-password"
        hint={`Mínimo de ${PASSWORD_MIN} caracteres.`}
        required
        wrapperClassName="sm:col-span-2"
        {...form.field("password")}
      />

      <SectionTitle>Perfil</SectionTitle>
      <Input label="Nome de exibição" autoComplete="nickname" required {...form.field("name")} />
      <AgeInput {...form.field("age")} />
      <CategorySelect categories={categories} {...form.field("category_id")} />

      <SectionTitle>Localização</SectionTitle>
      <EstadoMunicipioFields estado={estado} municipio={form.field("municipio_id")} />

      <SectionTitle>Contato</SectionTitle>
      <Input label="Telefone" type="tel" autoComplete="tel" placeholder="(11) 99999-9999" {...form.field("phone")} />
      <Input label="WhatsApp" type="tel" placeholder="(11) 99999-9999" {...form.field("whatsapp")} />

      <div className="col-span-full mt-2 rounded-2xl border border-line bg-surface-2/60 p-4">
        {/* The Terms button sits between two <label> parts (a label may not hold a button); the checkbox is named
            by the whole sentence: "Li e aceito os Termos de Uso e declaro ter 18 anos ou mais." */}
        <Checkbox
          ref={termsRef}
          id={termsId}
          aria-labelledby={`${termsId}-start ${termsId}-terms ${termsId}-end`}
          name="accept_terms"
          checked={accepted}
          onChange={(e) => {
            setAccepted(e.target.checked);
            if (e.target.checked) setTermsWarning(false);
          }}
          error={termsWarning && !accepted ? TERMS_REQUIRED_MESSAGE : null}
          label={(id) => (
            <>
              <label htmlFor={id} id={`${id}-start`} className="cursor-pointer">
                Li e aceito os
              </label>{" "}
              <button
                type="button"
                id={`${id}-terms`}
                onClick={openTerms}
                className="font-medium text-accent underline underline-offset-4 hover:text-accent-hover"
              >
                Termos de Uso
              </button>{" "}
              <label htmlFor={id} id={`${id}-end`} className="cursor-pointer">
                e declaro ter 18 anos ou mais.
              </label>
            </>
          )}
        />
      </div>

      <Button
        type="submit"
        size="lg"
        fullWidth
        loading={pending}
        loadingText="Cadastrando..."
        // Stays clickable so that a submit without the Terms shows why; only looks dimmed. Not disabled,
        // so its text must keep 4.5:1: at 75% opacity over the card it is about 5.7:1 (60% gave 4.07:1).
        title={accepted ? undefined : TERMS_TOOLTIP}
        data-terms-accepted={accepted}
        className={accepted ? "col-span-full" : "col-span-full opacity-75 hover:bg-accent"}
      >
        Criar conta
      </Button>
    </form>
  );
}
