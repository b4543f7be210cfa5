export function describePageFaults(): string;
