import { useEffect, useRef, useState } from "react";
import { setRecentProofHandler } from "@/lib/api-client";
import { appPaths } from "@/lib/paths";
import { Navigate, Outlet, useLocation } from "@/lib/router";
import type { AccountAudience } from "../api/audience";
import { useAccessReview } from "../api/recent-proof";
import { useSession } from "../session";
import { RecentProofDialog } from "./recent-proof-dialog";

type Asking = { audience: AccountAudience; answer: Promise<boolean>; resolve: (proved: boolean) => void };

/**
 * While a signed-in page is open, a sensitive change the server refuses for want of a recent proof (403
 * RECENT_PROOF_REQUIRED) opens "Confirme que é você"; the API client repeats the request once she proved it. Calls
 * refused together share one dialog.
 */
function RecentProofHost() {
  const [asking, setAsking] = useState<Asking | null>(null);
  const current = useRef<Asking | null>(null);

  useEffect(() => {
    setRecentProofHandler((audience) => {
      if (current.current?.audience === audience) return current.current.answer;
      let resolve!: (proved: boolean) => void;
      const answer = new Promise<boolean>((r) => {
        resolve = r;
      });
      const next = { audience, answer, resolve };
      current.current = next;
      setAsking(next);
      return answer;
    });
    return () => {
      setRecentProofHandler(null);
      current.current?.resolve(false);
      current.current = null;
    };
  }, []);

  if (!asking) return null;
  return (
    <RecentProofDialog
      key={asking.audience}
      audience={asking.audience}
      onDone={(proved) => {
        asking.resolve(proved);
        current.current = null;
        setAsking(null);
      }}
    />
  );
}

/**
 * The frame of the signed-in pages (the advertiser's /dashboard… and the back-office's /admin…): the "Confirme que é
 * você" dialog, and after a password reset the access review as her first screen ("Revise o acesso à sua conta")
 * until she says she recognises every passkey and session.
 */
export function SignedInFrame() {
  const session = useSession();
  const { pathname } = useLocation();
  const audience: AccountAudience = pathname.startsWith("/admin") ? "admin" : "model";
  const signedIn =
    (audience === "admin" && session.status === "admin" && !session.user.must_change_password) ||
    (audience === "model" && session.status === "model" && !session.model.banned);
  const review = useAccessReview(audience, signedIn);
  const reviewPath = audience === "admin" ? appPaths.adminAccessReview : appPaths.dashboardAccessReview;
  if (signedIn && review.data?.due && pathname !== reviewPath) return <Navigate to={reviewPath} replace />;
  return (
    <>
      <Outlet />
      <RecentProofHost />
    </>
  );
}
