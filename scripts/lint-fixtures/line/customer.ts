// The lower half of line/: imports nothing back from order.ts.
export interface Customer {
  name: string;
}
