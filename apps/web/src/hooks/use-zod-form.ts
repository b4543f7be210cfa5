import { configurePortugueseMessages, type ErrorDetail } from "@vitrine/contracts";
import { type FormEvent, useState } from "react";
import { ApiError } from "@/lib/api-client";

// zod's own messages (a field whose schema gives none) in pt-BR in the browser as on the server.
configurePortugueseMessages();

/** field name → the first message about it. */
export type FieldErrors = Record<string, string>;

type Issue = { path: ReadonlyArray<PropertyKey>; message: string };

/** What the hook needs from a zod schema (every schema in @vitrine/contracts fits). */
export type FormSchema<Out> = {
  safeParse: (input: unknown) => { success: true; data: Out } | { success: false; error: { issues: Issue[] } };
};

export type ZodFormOptions<V> = {
  /**
   * The rejection of the last submit, typically `mutation.error`. Each time a new one arrives, the field
   * errors become its `details` ([{ path, message }] → { field: message }).
   */
  serverErrors?: unknown;
  /** The schema's input built from the values (e.g. an empty height sent as null). Default: the values. */
  toInput?: (values: V) => unknown;
  /**
   * Checks the schema cannot make, such as a password typed twice. Receives the schema's errors; what it
   * returns is added to them and wins over them.
   */
  check?: (values: V, errors: FieldErrors) => FieldErrors | undefined;
  /** The input to focus for an error whose key is not an input name: { rates: "rate_duration" }. */
  focusNames?: Record<string, string>;
};

type StringKeys<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * The check of a password typed twice: when the new password itself is valid, its confirmation must equal it
 * ("As senhas não conferem" on the confirmation field).
 */
export function passwordsMatch<K extends string>(password: K, confirm: K) {
  return (values: Record<K, string>, errors: FieldErrors): FieldErrors | undefined =>
    !errors[password] && values[password] !== values[confirm] ? { [confirm]: "As senhas não conferem" } : undefined;
}

/** zod issues → { field: first message }: "email" for a path ["email"], the first segment of a deeper one. */
export function issuesToFieldErrors(issues: ReadonlyArray<Issue>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "");
    if (key && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** The server's `details` ([{ path: "rates.tags.0", message }]) → { rates: message }. */
export function detailsToFieldErrors(details: ReadonlyArray<ErrorDetail>): FieldErrors {
  const errors: FieldErrors = {};
  for (const d of details) {
    const key = d.path.split(".")[0];
    if (key && !errors[key]) errors[key] = d.message;
  }
  return errors;
}

/** Focuses the first control of `form`, in page order, that has an error. */
function focusFirstInvalid(form: HTMLFormElement, errors: FieldErrors, focusNames: Record<string, string> = {}) {
  const names = new Set(Object.keys(errors).map((key) => focusNames[key] ?? key));
  for (const element of Array.from(form.elements)) {
    const control = element as HTMLInputElement;
    if (control.name && names.has(control.name) && !control.disabled) {
      control.focus();
      return;
    }
  }
}

/**
 * A form validated with the same zod schema as the server:
 *
 * const form = useZodForm(ChangeEmailBodySchema, { email: "", current_password: "" }, { serverErrors: change.error });
 * <form onSubmit={form.handleSubmit((body) => change.mutate(body))} noValidate>
 *   <Input label="Novo e-mail" {...form.field("email")} />
 *
 * `field(name)` binds a text input, select or textarea (name, value, onChange, error); `setValue` and
 * `errors` serve other controls. Editing a field clears its error. On submit the values are parsed; on failure
 * each field shows its first message and the first invalid field (in page order) gets the focus; on success
 * `onValid` receives the parsed body. A new `serverErrors` shows the server's field details the same way.
 */
export function useZodForm<V extends Record<string, unknown>, Out>(
  schema: FormSchema<Out>,
  initial: V,
  { serverErrors, toInput, check, focusNames }: ZodFormOptions<V> = {},
) {
  const [initialValues] = useState(initial);
  const [values, setAllValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  // Adjusting state while rendering, when a new rejection arrives (React's pattern for derived state).
  const [lastServerErrors, setLastServerErrors] = useState(serverErrors);
  if (lastServerErrors !== serverErrors) {
    setLastServerErrors(serverErrors);
    if (serverErrors instanceof ApiError && serverErrors.details.length > 0) {
      setErrors(detailsToFieldErrors(serverErrors.details));
    }
  }

  /** Sets some fields at once and clears their errors. */
  function setValues(patch: Partial<V>) {
    setAllValues((current) => ({ ...current, ...patch }));
    const touched = Object.keys(patch);
    if (touched.some((key) => errors[key])) {
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !touched.includes(key))));
    }
  }

  function setValue<K extends keyof V & string>(name: K, value: V[K]) {
    setValues({ [name]: value } as unknown as Partial<V>);
  }

  /** Props for an <Input>, <Select> or <Textarea> bound to a text field. */
  function field<K extends StringKeys<V>>(name: K) {
    return {
      name,
      value: values[name] as string,
      error: errors[name],
      onChange: (event: { target: { value: string } }) => setValue(name, event.target.value as V[K]),
    };
  }

  /** The submit handler: validates, shows and focuses errors, or calls `onValid` with the parsed body. */
  function handleSubmit(onValid: (data: Out) => void) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const result = schema.safeParse(toInput ? toInput(values) : values);
      const schemaErrors = result.success ? {} : issuesToFieldErrors(result.error.issues);
      const found = { ...schemaErrors, ...check?.(values, schemaErrors) };
      if (!result.success || Object.keys(found).length > 0) {
        setErrors(found);
        focusFirstInvalid(event.currentTarget, found, focusNames);
        return;
      }
      setErrors({});
      onValid(result.data);
    };
  }

  /** Back to the initial values (or `next`), without errors. */
  function reset(next: V = initialValues) {
    setAllValues(next);
    setErrors({});
  }

  return { values, errors, setErrors, setValue, setValues, field, handleSubmit, reset };
}
