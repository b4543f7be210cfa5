/**
 * What the machine itself costs, printed by the benchmarks beside their figures. On some virtual machines a page
 * fault (the first touch of a memory page by a process) costs tens of microseconds instead of well under one: every
 * new process then pays for its memory as it first uses it, a new browser tab and a new PostgreSQL connection alike,
 * and measurements of a cold start mostly measure that.
 */

const PAGE = 4096;

/**
 * Microseconds per page fault, measured by touching each 4 KB page of a fresh 64 MB buffer once, and the time of a
 * second pass over the same pages (no faults) to show what the faults alone cost.
 */
function pageFaultCost() {
  const size = 64 * 1024 * 1024;
  const faultsBefore = process.resourceUsage().minorPageFault;
  const started = process.hrtime.bigint();
  const buffer = Buffer.allocUnsafeSlow(size);
  for (let i = 0; i < size; i += PAGE) buffer[i] = 1;
  const firstMs = Number(process.hrtime.bigint() - started) / 1e6;
  const faults = process.resourceUsage().minorPageFault - faultsBefore;
  const again = process.hrtime.bigint();
  for (let i = 0; i < size; i += PAGE) buffer[i] = 2;
  const secondMs = Number(process.hrtime.bigint() - again) / 1e6;
  return { faults, microsPerFault: faults > 0 ? (1000 * (firstMs - secondMs)) / faults : 0 };
}

/** One line for a benchmark's header: the page fault cost (pt-BR, like the rest of the benchmarks' output). */
export function describePageFaults() {
  const { faults, microsPerFault } = pageFaultCost();
  return `custo de uma falta de página (1º toque numa página de memória): ${microsPerFault.toFixed(1)} µs (${faults} faltas medidas)`;
}
