import { useState } from "react";
import { ApiError, errorMessage } from "@/lib/api-client";
import { detailsToFieldErrors } from "@/lib/form-errors";
import { toast } from "@/lib/toast";

/**
 * Values and inline errors of a small form of text fields. `field(name)` gives an input's name, value, onChange
 * (which clears that field's error) and error; `failWith(err, fallback)` toasts a failed request and shows the
 * server's field details inline.
 */
export function useFormFields<T extends Record<string, string>>(empty: T) {
  const [values, setValues] = useState<T>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      if (errors[name]) setErrors(({ [name]: _removed, ...rest }) => rest);
    },
  });

  function failWith(err: unknown, fallback: string) {
    toast.error(errorMessage(err, fallback));
    if (err instanceof ApiError) setErrors(detailsToFieldErrors(err.details));
  }

  return { values, errors, setErrors, field, failWith, reset: () => setValues(empty) };
}
