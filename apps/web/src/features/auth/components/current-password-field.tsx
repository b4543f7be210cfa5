import { PasswordInput } from "@/components/ui";

/** Her current password, asked before a change that could lock her out (removing her last sign-in factor). */
export function CurrentPasswordField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <PasswordInput
      label="Sua senha"
      autoComplete="current-password"
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
