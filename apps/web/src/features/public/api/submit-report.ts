import type { NoticeBody, ReportBody, ReportResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";

/** POST /api/reports: a visitor's report of a profile or of one of its photos. */
export function submitReport(body: ReportBody): Promise<ReportResponse> {
  return api.post<ReportResponse>(apiPaths.moderation.report, body, { skipAuthRedirect: true });
}

/** POST /api/reports/notice: an identified notice of art. 29 (name, e-mail, who sends it, the URL, the reason). */
export function submitNotice(body: NoticeBody): Promise<ReportResponse> {
  return api.post<ReportResponse>(apiPaths.moderation.notice, body, { skipAuthRedirect: true });
}
