import {
  formatBRL,
  type OwnProduct,
  type ProductBody,
  PRODUCTS_PER_MODEL_MAX,
  productTypeLabel,
} from "@vitrine/contracts";
import { useState } from "react";
import { Badge, Button, Card, ConfirmDialog, QueryState } from "@/components/ui";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useDeleteProduct } from "../api/delete-product";
import { useOwnProducts } from "../api/get-own-products";
import { useSaveProduct } from "../api/save-product";
import { ProductFormModal } from "./product-form-modal";

/** "Meus Produtos": the model's products with create/edit (modal) and delete (confirmation). */
export function ProductsCard() {
  const products = useOwnProducts();
  const save = useSaveProduct();
  const remove = useDeleteProduct();
  // undefined: closed; null: new product; a product: editing it. `formKey` resets the form on each opening.
  const [editing, setEditing] = useState<OwnProduct | null | undefined>(undefined);
  const [formKey, setFormKey] = useState(0);
  const [toDelete, setToDelete] = useState<OwnProduct | null>(null);
  const rows = products.data ?? [];
  const full = rows.length >= PRODUCTS_PER_MODEL_MAX;

  function openEditor(product: OwnProduct | null) {
    setFormKey((k) => k + 1);
    setEditing(product);
  }

  function submit(body: ProductBody) {
    const id = editing?.id ?? null;
    save.mutate(
      { id, body },
      {
        onSuccess: () => {
          toast.success(id === null ? "Produto criado com sucesso!" : "Produto atualizado com sucesso!");
          setEditing(undefined);
        },
        onError: (err) => toast.error(errorMessage(err, "Erro ao salvar produto. Tente novamente.")),
      },
    );
  }

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => toast.success("Produto excluído."),
      onError: (err) => toast.error(errorMessage(err, "Erro ao excluir produto. Tente novamente.")),
      onSettled: () => setToDelete(null),
    });
  }

  return (
    <Card
      title="Meus Produtos"
      description="Produtos ativos aparecem no seu perfil público em “Produtos Disponíveis”."
      actions={
        <Button size="sm" onClick={() => openEditor(null)} disabled={!products.data || full}>
          Novo Produto
        </Button>
      }
    >
      <QueryState
        query={products}
        variant="inline"
        errorText="Não foi possível carregar seus produtos."
        loadingLabel="Carregando produtos..."
      >
        {(rows) =>
          rows.length === 0 ? (
            <p className="rounded-xl border border-dashed border-line-strong px-4 py-8 text-center text-sm text-ink-muted">
              Nenhum produto cadastrado ainda.
            </p>
          ) : (
            <ul className="flex flex-col divide-y divide-line rounded-xl border border-line">
              {rows.map((p) => (
                <li key={p.id} data-product-id={p.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <p className="font-medium text-ink">{p.name}</p>
                      <Badge>{productTypeLabel(p.type)}</Badge>
                      <Badge variant={p.is_active ? "success" : "neutral"}>{p.is_active ? "Ativo" : "Inativo"}</Badge>
                    </div>
                    {p.description && <p className="mt-1 line-clamp-2 text-sm text-ink-muted">{p.description}</p>}
                  </div>
                  <p className="font-display text-xl font-semibold text-accent sm:w-32 sm:text-right">
                    {formatBRL(p.price)}
                  </p>
                  <div className="flex gap-2">
                    <Button size="sm" variant="secondary" onClick={() => openEditor(p)} aria-label={`Editar ${p.name}`}>
                      Editar
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setToDelete(p)} aria-label={`Excluir ${p.name}`}>
                      Excluir
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      {full && (
        <p className="mt-3 text-sm text-warning">
          Limite de {PRODUCTS_PER_MODEL_MAX} produtos atingido. Exclua um produto para criar outro.
        </p>
      )}

      {editing !== undefined && (
        <ProductFormModal
          key={formKey}
          open
          product={editing}
          onClose={() => setEditing(undefined)}
          onSubmit={submit}
          pending={save.isPending}
          serverErrors={save.error}
        />
      )}

      <ConfirmDialog
        open={toDelete !== null}
        onCancel={() => setToDelete(null)}
        title="Excluir produto?"
        description={
          toDelete ? `“${toDelete.name}” sai do seu perfil. Pedidos já feitos continuam registrados.` : undefined
        }
        confirmLabel="Excluir"
        pendingLabel="Excluindo..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  );
}
