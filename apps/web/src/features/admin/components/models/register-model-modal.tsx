import { AdminRegisterModelBodySchema, PASSWORD_MIN } from "@vitrine/contracts";
import { FormActions, FormError } from "@/components/form-modal";
import { AgeInput, CategorySelect } from "@/components/profile-fields";
import { Input, Modal, PasswordInput } from "@/components/ui";
import { EstadoMunicipioFields } from "@/features/cities/components/estado-municipio-fields";
import { useZodForm } from "@/hooks/use-zod-form";
import { toast } from "@/lib/toast";
import { useAdminCategories } from "@/features/admin/api/get-admin-categories";
import { useRegisterModel } from "@/features/admin/api/register-model";

const EMPTY = {
  username: "",
  name: "",
  email: "",
  password: "",
  age: "",
  estado_id: "",
  municipio_id: "",
  category_id: "",
  whatsapp: "",
};

const FORM_ID = "register-model-form";

/** "Cadastrar Modelo": every field required (age 18 to 100); the new model starts inactive and unpaid. */
export function RegisterModelModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      title="Cadastrar Modelo"
      description="Todos os campos são obrigatórios. A modelo é criada inativa, até o primeiro pagamento."
    >
      {/* Mounted only while open: every opening starts with an empty form. */}
      <RegisterModelForm onDone={onClose} />
    </Modal>
  );
}

function RegisterModelForm({ onDone }: { onDone: () => void }) {
  const register = useRegisterModel();
  const form = useZodForm(AdminRegisterModelBodySchema, EMPTY, { serverErrors: register.error });
  const categories = useAdminCategories();

  const estado = {
    ...form.field("estado_id"),
    onChange: (event: { target: { value: string } }) =>
      form.setValues({ estado_id: event.target.value, municipio_id: "" }),
  };

  const submit = form.handleSubmit((body) =>
    register.mutate(body, {
      onSuccess: () => {
        toast.success("Modelo cadastrado com sucesso!");
        onDone();
      },
    }),
  );

  return (
    <form id={FORM_ID} onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      {register.isError && (
        <FormError error={register.error} fallback="Erro ao cadastrar modelo" className="col-span-full" />
      )}
      <Input label="Nome" required autoComplete="off" {...form.field("name")} />
      <Input label="Usuário" required autoComplete="off" {...form.field("username")} />
      <Input label="E-mail" type="email" required autoComplete="off" {...form.field("email")} />
      <PasswordInput
        label="Senha"
        required
        autoComplete="new-password"
        hint={`Mínimo de ${PASSWORD_MIN} caracteres.`}
        {...form.field("password")}
      />
      <AgeInput {...form.field("age")} />
      <Input label="WhatsApp" type="tel" required placeholder="(11) 99999-9999" {...form.field("whatsapp")} />
      <EstadoMunicipioFields estado={estado} municipio={form.field("municipio_id")} />
      <CategorySelect categories={categories} {...form.field("category_id")} />
      <FormActions
        className="col-span-full mt-2"
        onCancel={onDone}
        pending={register.isPending}
        submitLabel="Cadastrar"
        pendingLabel="Cadastrando..."
      />
    </form>
  );
}
