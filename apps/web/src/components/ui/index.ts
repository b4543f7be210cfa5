/** The design system. Import from "@/components/ui". Each component documents its props in its file. */
export { Badge, type BadgeVariant } from "./badge";
export { Button, buttonClasses, type ButtonProps, type ButtonSize, type ButtonVariant } from "./button";
export { Card } from "./card";
export { Checkbox } from "./checkbox";
export { ConfirmDialog, type ConfirmDialogProps } from "./confirm-dialog";
export { EMAIL_INPUT, Input } from "./input";
export { Modal } from "./modal";
export { Pagination, type PaginationProps } from "./pagination";
export { PasswordInput } from "./password-input";
export { QueryState, type QueryLike, type QueryStateProps } from "./query-state";
export { Select, type SelectOption } from "./select";
export { PageSpinner, Spinner } from "./spinner";
export { Stat, StatGroup } from "./stat";
export { Table, type TableColumn } from "./table";
export { Textarea } from "./textarea";
export { Toaster } from "./toaster";
