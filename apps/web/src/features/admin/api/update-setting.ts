import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminSettingResponse, CreateSettingBody, UpdateSettingBody } from "@vitrine/contracts";
import { settingsKeys } from "@/features/settings/api/query-keys";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/** PUT /api/admin/settings/{id} { value }: the server checks the value for its key (e-mail, URL, Pix key…). */
export function updateSetting({ id, value }: { id: number } & UpdateSettingBody): Promise<AdminSettingResponse> {
  return api.put<AdminSettingResponse>(apiPaths.admin.setting(id), { value });
}

/** POST /api/admin/settings { setting_key, setting_value }: a new free key/value row. */
export function createSetting(body: CreateSettingBody): Promise<AdminSettingResponse> {
  return api.post<AdminSettingResponse>(apiPaths.admin.settings, body);
}

/** Settings also feed the public site (name, contacts, footer): both are refreshed after a change. */
function useInvalidateSettings() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.settings() }),
      queryClient.invalidateQueries({ queryKey: settingsKeys.public() }),
    ]);
}

export function useUpdateSetting() {
  const invalidateSettings = useInvalidateSettings();
  return useMutation({ mutationFn: updateSetting, onSettled: invalidateSettings });
}

export function useCreateSetting() {
  const invalidateSettings = useInvalidateSettings();
  return useMutation({ mutationFn: createSetting, onSettled: invalidateSettings });
}
