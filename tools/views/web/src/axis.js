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

// fit returns every k-th of values, so that their tick labels, each of at
// most chars characters, stand side by side in span pixels without
// touching: Plot draws tick labels in 10px sans-serif, whose characters are
// at most about 6 px wide here, and each label keeps 10 px to its neighbour.
// The labels stay horizontal at every width: thinning keeps them readable
// where rotating them would not (and would need room below the chart).
export function fit(values, span, chars) {
  return every(values, Math.max(1, Math.floor(span / (chars * 6 + 10))));
}
