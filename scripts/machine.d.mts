export function pageFaultCost(): { faults: number; microsPerFault: number };
export function describePageFaults(): string;
