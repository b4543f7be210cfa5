import type { AccessLogsResponse, AdminStats, AdminStatsResponse } from "@vitrine/contracts";
import type { getDashboardStats, getSiteStats, listAccessLogs } from "./service";

export function presentDashboardStats({ models, orders }: Awaited<ReturnType<typeof getDashboardStats>>): AdminStats {
  return {
    totalModels: models.total,
    activeModels: models.active,
    verifiedModels: models.verified,
    totalOrders: orders.orders,
    todayOrders: orders.todayOrders,
    totalRevenue: orders.revenue,
    todayRevenue: orders.todayRevenue,
  };
}

/** The statistics page: the four cards, the daily series and the rankings (top 10 of the 30 most viewed). */
export function presentSiteStats(stats: Awaited<ReturnType<typeof getSiteStats>>): AdminStatsResponse {
  return {
    days: stats.days,
    summary: {
      visits: stats.visits,
      models: stats.models,
      orders: stats.orderSums.orders,
      revenue: stats.orderSums.revenue,
    },
    visits_per_day: stats.visitsPerDay,
    sales_per_day: stats.salesPerDay,
    top_models: stats.mostViewed.slice(0, 10),
    top_cities: stats.topCities,
    views_vs_contacts: stats.mostViewed,
    top_categories: stats.topCategories,
  };
}

export function presentAccessLogs(rows: Awaited<ReturnType<typeof listAccessLogs>>): AccessLogsResponse {
  return { logs: rows.map((r) => ({ created_at: r.createdAt.toISOString(), city: r.city })) };
}
