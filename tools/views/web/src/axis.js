// Shared chart settings: colours that read on light and dark backgrounds,
// Swiss grouping for axis ticks, and the left margin a set of labels needs.

export const ACCENT = "#3b7dd8";

// tick formats an axis tick (a round number the scale chose, not a figure
// of the answer) with Swiss grouping: 12000 → "12'000".
export function tick(d) {
  if (!Number.isInteger(d)) return String(d);
  return String(d).replace(/\B(?=(\d{3})+(?!\d))/g, "'");
}

// margin returns a left margin wide enough for the longest label.
export function margin(labels, min = 50, max = 240) {
  const longest = labels.reduce((n, l) => Math.max(n, String(l).length), 0);
  return Math.min(max, Math.max(min, 8 + longest * 7));
}

// every returns every k-th of values, so that at most n ticks are drawn.
export function every(values, n) {
  const k = Math.max(1, Math.ceil(values.length / n));
  return values.filter((_, i) => i % k === 0);
}
