/** A select's options from a list of values and their labels (a contracts enum and its label table). */
export function labelledOptions<V extends string>(values: readonly V[], labels: Record<V, string>) {
  return values.map((value) => ({ value, label: labels[value] }));
}
