// Tick labels at every width: the browser test draws each chart at the
// widths of WIDTHS, in a light and a dark theme, and tickProblems reads from
// the view's DOM every axis's tick labels and checks that no two of them
// overlap and that none is cut off at the chart's edge (bounding boxes, in
// CSS pixels, with half a pixel of tolerance).

// WIDTHS are the host widths the charts must read at: phones (360, 420),
// a narrow chat column (560, 640) and the width the rest of the test uses.
export const WIDTHS = [360, 420, 560, 640, 760];

export async function tickProblems(frame) {
  const axes = await frame.evaluate(() => [...document.querySelectorAll("main svg")].flatMap((svg, chart) => {
    const frameBox = svg.getBoundingClientRect();
    return [...svg.querySelectorAll('g[aria-label$="tick label"]')].map((g) => ({
      chart,
      axis: g.getAttribute("aria-label"),
      svg: { x: frameBox.x, y: frameBox.y, w: frameBox.width, h: frameBox.height },
      labels: [...g.querySelectorAll("text")].map((t) => {
        const b = t.getBoundingClientRect();
        return { text: t.textContent, x: b.x, y: b.y, w: b.width, h: b.height };
      }).filter((l) => l.w > 0 && l.h > 0),
    }));
  }));
  const problems = [];
  let labels = 0;
  for (const a of axes) {
    labels += a.labels.length;
    const where = `chart ${a.chart} ${a.axis}`;
    for (const l of a.labels) {
      if (l.x < a.svg.x - 0.5 || l.x + l.w > a.svg.x + a.svg.w + 0.5 || l.y < a.svg.y - 0.5 || l.y + l.h > a.svg.y + a.svg.h + 0.5) {
        problems.push(`${where}: "${l.text}" is cut off at the chart's edge`);
      }
    }
    for (let i = 0; i < a.labels.length; i++) {
      for (let j = i + 1; j < a.labels.length; j++) {
        const p = a.labels[i];
        const q = a.labels[j];
        const dx = Math.min(p.x + p.w, q.x + q.w) - Math.max(p.x, q.x);
        const dy = Math.min(p.y + p.h, q.y + q.h) - Math.max(p.y, q.y);
        if (dx > 0.5 && dy > 0.5) problems.push(`${where}: "${p.text}" and "${q.text}" overlap by ${dx.toFixed(1)}×${dy.toFixed(1)} px`);
      }
    }
  }
  return { problems, labels, axes: axes.length };
}
