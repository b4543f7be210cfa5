import { type RefObject, useEffect, useRef } from "react";
import { useSearchParams } from "@/lib/router";

/**
 * ?focus=email or ?focus=username focuses that field.
 * useFocusParam({ email: emailRef, username: usernameRef })
 */
export function useFocusParam(fields: Record<string, RefObject<HTMLElement | null>>) {
  const [searchParams] = useSearchParams();
  const focus = searchParams.get("focus");
  const fieldsRef = useRef(fields);
  useEffect(() => {
    fieldsRef.current = fields;
  });
  useEffect(() => {
    if (focus) fieldsRef.current[focus]?.current?.focus();
  }, [focus]);
}
