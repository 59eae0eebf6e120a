/**
 * Resources are kept as integers in thousandths (millicores; MB with 1 GB = 1000 MB) so sums
 * and quota comparisons are exact. These convert at the API edge.
 */
export const toMilli = (value: number): number => Math.round(value * 1000);
export const fromMilli = (value: number): number => value / 1000;
