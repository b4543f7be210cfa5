import { SERVICE_NAME_MAX, ServiceOptionBodySchema } from "@vitrine/contracts";
import { Button, Card, Input, QueryState } from "@/components/ui";
import { useZodForm } from "@/hooks/use-zod-form";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import {
  useAddServiceOption,
  useAdminServiceOptions,
  useRemoveServiceOption,
} from "@/features/admin/api/service-options";

/**
 * "Serviços": the service names the profile editor offers as choices and the listing filters by (advertisers may
 * still write others). Adding a name or removing one does not change any profile: each keeps the services it wrote.
 */
export function ServiceOptionsCard() {
  const options = useAdminServiceOptions();
  const add = useAddServiceOption();
  const remove = useRemoveServiceOption();
  const form = useZodForm(ServiceOptionBodySchema, { name: "" }, { serverErrors: add.error });
  const submit = form.handleSubmit((body) =>
    add.mutate(body, {
      onSuccess: ({ option }) => {
        form.setValues({ name: "" });
        toast.success(`"${option.name}" adicionado`);
      },
    }),
  );

  // A refusal without field details (the name is already listed) shows under the field too; typing clears it.
  const name = form.field("name");
  const refusal = add.error instanceof ApiError && add.error.details.length === 0 ? add.error : null;
  const nameField = {
    ...name,
    error: name.error ?? (refusal ? errorMessage(refusal, "Não foi possível adicionar o serviço.") : undefined),
    onChange: (event: { target: { value: string } }) => {
      add.reset();
      name.onChange(event);
    },
  };

  return (
    <Card
      id="settings-services"
      className="scroll-mt-24"
      title="Serviços"
      description="As opções que a anunciante marca no perfil e que os visitantes usam para filtrar. Ela ainda pode escrever outros serviços."
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Input
          label="Novo serviço"
          placeholder="Ex.: Jantar"
          maxLength={SERVICE_NAME_MAX}
          wrapperClassName="flex-1"
          {...nameField}
        />
        <Button type="submit" loading={add.isPending} loadingText="Adicionando..." className="sm:mt-7">
          Adicionar
        </Button>
      </form>
      <QueryState query={options} variant="inline" errorText="Não foi possível carregar os serviços.">
        {(list) =>
          list.length === 0 ? (
            <p className="mt-5 text-sm text-ink-muted">Nenhum serviço cadastrado.</p>
          ) : (
            <ul aria-label="Serviços cadastrados" className="mt-5 flex flex-wrap gap-2">
              {list.map((option) => (
                <li
                  key={option.id}
                  className="flex items-center gap-1 rounded-full border border-line bg-surface-2 py-1 pr-1 pl-3.5 text-sm text-ink"
                >
                  {option.name}
                  <button
                    type="button"
                    aria-label={`Remover ${option.name}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(option.id, {
                        onSuccess: () => toast.success(`"${option.name}" removido`),
                        onError: (err) => toast.error(errorMessage(err, "Não foi possível remover o serviço.")),
                      })
                    }
                    className="flex size-8 items-center justify-center rounded-full text-ink-muted transition-colors hover:bg-surface-3 hover:text-danger disabled:opacity-50"
                  >
                    <svg
                      viewBox="0 0 24 24"
                      aria-hidden
                      className="size-4"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.8"
                    >
                      <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
                    </svg>
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </Card>
  );
}
