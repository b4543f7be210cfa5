import { Checkbox, ConfirmDialog } from "@/components/ui";

/**
 * Asks before a photo becomes the primary one (the advert's cover), on upload or from the gallery: whether it is
 * published, since a private cover shows "Foto em breve" to visitors. `hint` says what unticking does there.
 */
export function PrimaryPhotoDialog({
  open,
  title,
  confirmLabel,
  hint,
  publish,
  onPublishChange,
  pending,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  confirmLabel: string;
  hint: string;
  publish: boolean;
  onPublishChange: (publish: boolean) => void;
  pending?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={open}
      tone="primary"
      title={title}
      description="A foto principal é a capa do seu anúncio. Se ficar privada, os visitantes veem “Foto em breve” no lugar dela."
      confirmLabel={confirmLabel}
      pendingLabel="Salvando..."
      pending={pending}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <Checkbox
        label="Publicar esta foto"
        hint={hint}
        checked={publish}
        onChange={(e) => onPublishChange(e.target.checked)}
      />
    </ConfirmDialog>
  );
}
