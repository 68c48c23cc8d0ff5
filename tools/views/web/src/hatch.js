// The hatching that marks the withheld categories' segment of a stacked
// bar (and its legend swatch): diagonal lines in the secondary text colour,
// so that it reads as "not broken down" on light and dark backgrounds.

export const HATCH = "withheld-hatch";

const SVG = "http://www.w3.org/2000/svg";

function node(tag, attrs) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

// hatchDefs returns an empty SVG that defines the pattern; fill
// "url(#withheld-hatch)" anywhere in the document uses it.
export function hatchDefs() {
  const svg = node("svg", { width: "0", height: "0", "aria-hidden": "true", style: "position:absolute" });
  const pattern = node("pattern", { id: HATCH, width: "6", height: "6", patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" });
  pattern.append(
    node("rect", { width: "6", height: "6", style: "fill: var(--color-background-secondary)" }),
    node("line", { x1: "0", y1: "0", x2: "0", y2: "6", style: "stroke: var(--color-text-secondary); stroke-width: 2.5" }),
  );
  const defs = node("defs", {});
  defs.append(pattern);
  svg.append(defs);
  return svg;
}
