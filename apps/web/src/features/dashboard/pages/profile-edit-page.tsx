import type { ProfileModel, ProfileUpdate } from "@vitrine/contracts";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "@/lib/router";
import { PageContainer, PageHeader } from "@/components/page";
import { QueryState } from "@/components/ui";
import { ModelOnly } from "@/features/auth/components/model-only";
import { usePageTitle } from "@/hooks/use-page-title";
import { appPaths } from "@/lib/paths";
import { toast } from "@/lib/toast";
import { useProfile } from "../api/get-profile";
import { useUpdateProfile } from "../api/update-profile";
import { ProfileForm } from "../components/profile-form";

/** After a successful save the page goes back to the dashboard after 1.5 s. */
const BACK_DELAY_MS = 1500;
export const PROFILE_SAVED = "Perfil atualizado com sucesso!";
export const PROFILE_SAVE_FAILED = "Erro ao atualizar perfil. Tente novamente.";

function ProfileEditor({ model }: { model: ProfileModel }) {
  const update = useUpdateProfile();
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function onSubmit(body: ProfileUpdate) {
    update.mutate(body, {
      onSuccess: () => {
        setSaved(true);
        toast.success(PROFILE_SAVED);
        timer.current = window.setTimeout(() => navigate(appPaths.dashboard), BACK_DELAY_MS);
      },
      onError: () => toast.error(PROFILE_SAVE_FAILED),
    });
  }

  return (
    <ProfileForm
      model={model}
      onSubmit={onSubmit}
      pending={update.isPending}
      saved={saved}
      serverErrors={update.error}
    />
  );
}

function ProfileEdit() {
  usePageTitle("Editar Perfil");
  const profile = useProfile();
  return (
    <PageContainer size="md">
      <PageHeader
        eyebrow="Área da anunciante"
        title="Editar Perfil"
        description="Campos com * são obrigatórios. O que você salvar aparece no seu perfil público."
      />
      <QueryState
        query={profile}
        variant="page"
        errorText="Não foi possível carregar seu perfil."
        loadingLabel="Carregando seu perfil..."
      >
        {(data) => <ProfileEditor model={data.model} />}
      </QueryState>
    </PageContainer>
  );
}

/** Edit profile (/dashboard/profile). */
export function ProfileEditPage() {
  return <ModelOnly>{() => <ProfileEdit />}</ModelOnly>;
}
