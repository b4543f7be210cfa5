import { type OwnerPhoto, PHOTOS_PER_MODEL_MAX, plural } from "@vitrine/contracts";
import { useState } from "react";
import { Link } from "@/lib/router";
import { PageContainer, PageHeader } from "@/components/page";
import { buttonClasses, ConfirmDialog, QueryState } from "@/components/ui";
import { ModelOnly } from "@/features/auth/components/model-only";
import { usePageTitle } from "@/hooks/use-page-title";
import { appPaths } from "@/lib/paths";
import { toast } from "@/lib/toast";
import { useDeletePhoto } from "../api/delete-photo";
import { useProfile } from "../api/get-profile";
import { useSetPhotoVisibility } from "../api/set-photo-visibility";
import { useSetPrimaryPhoto } from "../api/set-primary-photo";
import { PhotoCard, type PhotoAction } from "../components/photo-card";
import { photoErrorMessage } from "../components/photo-errors";
import { PrimaryPhotoDialog } from "../components/primary-photo-dialog";
import { UploadPanel } from "../components/upload-panel";

export const GALLERY_DENIED = "Acesso Negado - Faça login como modelo para acessar.";

function Gallery() {
  usePageTitle("Galeria de Fotos");
  const profile = useProfile();
  const primary = useSetPrimaryPhoto();
  const visibility = useSetPhotoVisibility();
  const remove = useDeletePhoto();
  const [toDelete, setToDelete] = useState<OwnerPhoto | null>(null);
  /** A private photo she chose as Principal: asked whether to publish it first, as the upload asks. */
  const [toCover, setToCover] = useState<OwnerPhoto | null>(null);
  const [publishCover, setPublishCover] = useState(true);
  const [coverPending, setCoverPending] = useState(false);

  const photos = profile.data?.photos ?? [];
  const publicCount = photos.filter((p) => p.is_public).length;

  function busyActionOf(photo: OwnerPhoto): PhotoAction | null {
    if (primary.isPending && primary.variables === photo.id) return "primary";
    if (visibility.isPending && visibility.variables?.id === photo.id) return "visibility";
    if (remove.isPending && remove.variables === photo.id) return "delete";
    return null;
  }

  /** Makes `photo` the cover, publishing it first when asked to. */
  async function makeCover(photo: OwnerPhoto, publish: boolean) {
    try {
      if (publish) await visibility.mutateAsync({ id: photo.id, isPublic: true });
      await primary.mutateAsync(photo.id);
      toast.success(publish ? "Foto publicada e definida como principal." : "Foto principal atualizada.");
    } catch (err) {
      toast.error(photoErrorMessage(err, "Erro ao definir a foto principal. Tente novamente."));
    }
  }

  function onAction(photo: OwnerPhoto, action: PhotoAction) {
    if (action === "primary") {
      if (photo.is_public) {
        void makeCover(photo, false);
      } else {
        setPublishCover(true);
        setToCover(photo);
      }
    } else if (action === "visibility") {
      const isPublic = !photo.is_public;
      visibility.mutate(
        { id: photo.id, isPublic },
        {
          onSuccess: () => toast.success(isPublic ? "Foto publicada no site." : "Foto agora é privada."),
          onError: (err) => toast.error(photoErrorMessage(err, "Erro ao alterar a visibilidade. Tente novamente.")),
        },
      );
    } else {
      setToDelete(photo);
    }
  }

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => toast.success("Foto excluída."),
      onError: (err) => toast.error(photoErrorMessage(err, "Erro ao excluir a foto. Tente novamente.")),
      onSettled: () => setToDelete(null),
    });
  }

  return (
    <PageContainer>
      <PageHeader
        eyebrow="Área da anunciante"
        title="Galeria de Fotos"
        description={
          profile.data
            ? `${photos.length} de ${PHOTOS_PER_MODEL_MAX} fotos · ${plural(publicCount, "pública", "públicas")}`
            : undefined
        }
        actions={
          <Link to={appPaths.dashboard} className={buttonClasses({ variant: "secondary", size: "sm" })}>
            Voltar
          </Link>
        }
      />

      <div className="flex flex-col gap-8">
        <UploadPanel photoCount={photos.length} />

        <QueryState
          query={profile}
          variant="page"
          errorText="Não foi possível carregar suas fotos."
          loadingLabel="Carregando fotos..."
        >
          {(data) =>
            data.photos.length === 0 ? (
              <div className="rounded-2xl border border-dashed border-line-strong bg-surface/60 px-6 py-14 text-center">
                <p className="font-display text-2xl text-ink">Nenhuma foto enviada ainda.</p>
                <p className="mt-2 text-sm text-ink-muted">Escolha uma foto acima para começar sua galeria.</p>
              </div>
            ) : (
              <section aria-label="Suas fotos">
                <p className="mb-4 text-sm text-ink-muted">
                  A foto <span className="text-accent">Principal</span> é a capa do seu anúncio. Fotos{" "}
                  <span className="text-ink">Privadas</span> não aparecem para os visitantes.
                </p>
                <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
                  {galleryOrder(data.photos).map((photo, i) => (
                    <PhotoCard
                      key={photo.id}
                      photo={photo}
                      position={i + 1}
                      busyAction={busyActionOf(photo)}
                      onAction={(action) => onAction(photo, action)}
                    />
                  ))}
                </ul>
              </section>
            )
          }
        </QueryState>
      </div>

      <PrimaryPhotoDialog
        open={toCover !== null}
        title="Usar como foto principal"
        confirmLabel="Usar como Principal"
        hint="Desmarque para deixá-la privada: só você a verá até publicá-la."
        publish={publishCover}
        onPublishChange={setPublishCover}
        pending={coverPending}
        onCancel={() => setToCover(null)}
        onConfirm={() => {
          if (!toCover) return;
          setCoverPending(true);
          void makeCover(toCover, publishCover).finally(() => {
            setCoverPending(false);
            setToCover(null);
          });
        }}
      />

      <ConfirmDialog
        open={toDelete !== null}
        onCancel={() => setToDelete(null)}
        title="Excluir foto?"
        description="A foto e todas as suas versões serão apagadas. Não é possível desfazer."
        confirmLabel="Excluir"
        pendingLabel="Excluindo..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
      >
        {toDelete && (
          <div className="flex items-center gap-4">
            <img src={toDelete.variants[0]?.url ?? toDelete.url} alt="" className="h-24 w-18 rounded-lg object-cover" />
            <p className="text-sm text-ink-muted">
              {toDelete.is_primary
                ? "Esta é sua foto principal: outra foto passará a ser a principal."
                : "Esta foto sairá da sua galeria e do site."}
            </p>
          </div>
        )}
      </ConfirmDialog>
    </PageContainer>
  );
}

/**
 * The gallery's order: newest first, as sent, whichever is the cover (the "Principal" badge marks it), so the grid
 * does not move under the pointer when she picks another cover or publishes a photo.
 */
function galleryOrder(photos: OwnerPhoto[]): OwnerPhoto[] {
  return [...photos].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
}

/** The model gallery (/dashboard/gallery). */
export function GalleryPage() {
  return (
    <ModelOnly deniedTitle={GALLERY_DENIED} deniedMessage={null}>
      {() => <Gallery />}
    </ModelOnly>
  );
}
