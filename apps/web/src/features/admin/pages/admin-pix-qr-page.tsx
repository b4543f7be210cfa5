import { AdminPlaceholder } from "../components/admin-placeholder";

/** PLACEHOLDER — Admin: QRCode PIX Estático (SPEC §2), route /admin/pix-qr (guarded by the router). Replaced by the admin issue. */
export function AdminPixQrPage() {
  return <AdminPlaceholder title="QRCode PIX Estático" />;
}
