import { AdminPlaceholder } from "../components/admin-placeholder";

/** PLACEHOLDER — Admin: QRCode PIX Estático, route /admin/pix-qr (guarded by the router). Replaced by the admin issue. */
export function AdminPixQrPage() {
  return <AdminPlaceholder title="QRCode PIX Estático" />;
}
