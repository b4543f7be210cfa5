import type { AdminSetting } from "@vitrine/contracts";
import { QueryState } from "@/components/ui";
import { useAdminSettings } from "@/features/admin/api/get-settings";
import { ActiveSessionsCard } from "@/features/auth/components/active-sessions-card";
import { PasskeysCard } from "@/features/auth/components/passkeys-card";
import { TwoFactorCard } from "@/features/auth/components/two-factor-card";
import { AdminAccountCard } from "./admin-account-card";
import { OtherSettingsCard } from "./other-settings-card";
import { MANAGED_SETTING_KEYS, SETTING_SECTIONS } from "./setting-fields";
import { SettingsSectionCard } from "./settings-section-card";
import { WebhookUrls } from "./webhook-urls";

function SettingsSections({ settings }: { settings: AdminSetting[] }) {
  const rows = new Map(settings.map((s) => [s.setting_key, s]));
  const others = settings
    .filter((s) => !MANAGED_SETTING_KEYS.has(s.setting_key))
    .sort((a, b) => a.setting_key.localeCompare(b.setting_key));
  return (
    <>
      {SETTING_SECTIONS.map((section) => (
        <SettingsSectionCard key={section.id} section={section} rows={rows}>
          {section.id === "provider" ? (values) => <WebhookUrls backendUrl={values.backend_url ?? ""} /> : undefined}
        </SettingsSectionCard>
      ))}
      <OtherSettingsCard rows={others} />
    </>
  );
}

/** The settings panel: the admin's own login and sessions, then the site's settings by section. */
export function SettingsPanel() {
  const settings = useAdminSettings();
  return (
    <div className="flex flex-col gap-6">
      <AdminAccountCard />
      <ActiveSessionsCard audience="admin" />
      <TwoFactorCard audience="admin" />
      <PasskeysCard audience="admin" />
      <QueryState query={settings} errorText="Não foi possível carregar as configurações." title="Configurações">
        {(data) => <SettingsSections settings={data} />}
      </QueryState>
    </div>
  );
}
