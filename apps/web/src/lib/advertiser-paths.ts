/**
 * API paths and screens of the advertiser area that lib/paths.ts does not list yet (products, orders,
 * account settings, and the Vendas/Configurações screens). Kept apart so that paths.ts stays untouched while
 * other features edit it; merge them into `apiPaths`/`appPaths` when convenient.
 */
type Id = number | string;
const enc = (id: Id) => encodeURIComponent(String(id));

export const advertiserApiPaths = {
  products: "/api/models/products",
  product: (id: Id) => `/api/models/products/${enc(id)}`,
  orders: "/api/models/orders",
  accountPassword: "/api/models/account/password",
  accountEmail: "/api/models/account/email",
  account: "/api/models/account",
} as const;

export const advertiserAppPaths = {
  sales: "/dashboard/vendas",
  settings: "/dashboard/configuracoes",
} as const;
