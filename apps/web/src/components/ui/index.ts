/** The design system. Import from "@/components/ui". Each component documents its props in its file. */
export { Badge, type BadgeVariant } from "./badge";
export { Button, buttonClasses, type ButtonProps, type ButtonSize, type ButtonVariant } from "./button";
export { Card } from "./card";
export { Checkbox } from "./checkbox";
export { Input } from "./input";
export { Modal } from "./modal";
export { PasswordInput } from "./password-input";
export { Select, type SelectOption } from "./select";
export { PageSpinner, Spinner } from "./spinner";
export { Table, type TableColumn } from "./table";
export { Textarea } from "./textarea";
export { Toaster } from "./toaster";
