// inspect reads what the view shows, from the DOM of its frame: its state
// and text, the total line, every labelled chart mark with its amount and
// geometry, every table as rows of cell texts, and the page's background
// and height. It then checks that each chart draws its amounts to scale.

const AMOUNT = /CHF (-?[\d']+\.\d\d)/;

export async function inspect(frame) {
  const seen = await frame.evaluate(() => {
    const main = document.querySelector("main");
    const marks = [...main.querySelectorAll("svg")].flatMap((svg, chart) => [...svg.querySelectorAll(":is(rect, circle, text)[aria-label]")].map((m) => {
      const b = m.getBoundingClientRect();
      return { chart, tag: m.tagName, label: m.getAttribute("aria-label"), focusable: m.getAttribute("tabindex") === "0",
        x: b.x, y: b.y, w: b.width, h: b.height, cy: b.y + b.height / 2 };
    }));
    const tables = [...main.querySelectorAll("table")].map((t) => [...t.querySelectorAll("tr")].map((r) => [...r.children].map((c) => c.textContent)));
    return {
      state: main.dataset.state,
      text: main.innerText,
      total: main.querySelector(".total")?.textContent,
      title: main.querySelector("h1")?.textContent,
      marks,
      tables,
      background: getComputedStyle(document.body).backgroundColor,
      height: Math.ceil(document.documentElement.getBoundingClientRect().height),
    };
  });
  for (const m of seen.marks) {
    const a = AMOUNT.exec(m.label);
    m.amount = a ? a[1] : undefined;
    m.withheld = a ? undefined : (/withheld( \(.*\))?$/.exec(m.label) ?? [""])[0];
  }
  seen.focusable = seen.marks.filter((m) => m.focusable).length;
  seen.geometry = toScale(seen.marks);
  seen.counts = { marks: seen.marks.length, cells: seen.tables.reduce((n, t) => n + t.reduce((k, r) => k + r.length, 0), 0) };
  return seen;
}

// toScale checks, chart by chart, that bars are as long as their amounts
// and that points sit at their amounts, all on one linear scale (±1 px).
function toScale(marks) {
  const problems = [];
  const charts = new Map();
  for (const m of marks.filter((m) => m.amount)) charts.set(m.chart, [...(charts.get(m.chart) ?? []), m]);
  for (const [chart, ms] of charts) {
    const v = (m) => Number(m.amount.replaceAll("'", ""));
    const rects = ms.filter((m) => m.tag === "rect");
    const dots = ms.filter((m) => m.tag === "circle");
    const horizontal = new Set(rects.map((m) => Math.round(m.w))).size > 1 && new Set(rects.map((m) => Math.round(m.h))).size === 1;
    if (rects.length) {
      const size = (m) => (horizontal ? m.w : m.h);
      const ratios = rects.filter((m) => v(m) !== 0).map((m) => size(m) / Math.abs(v(m))).sort((a, b) => a - b);
      const k = ratios[Math.floor(ratios.length / 2)] ?? 0;
      for (const m of rects) {
        if (Math.abs(size(m) - k * Math.abs(v(m))) > 1) problems.push(`chart ${chart}: bar "${m.label}" is ${size(m).toFixed(1)}px; to scale it would be ${(k * Math.abs(v(m))).toFixed(1)}px`);
      }
    }
    // Points over vertical bars (spending's total line) sit on the bars'
    // scale: as far above the zero line as their amount, which is where the
    // lowest bar of a positive stack starts.
    const positive = rects.filter((m) => v(m) > 0 && m.h > 0);
    if (dots.length && !horizontal && positive.length) {
      const zero = Math.max(...positive.map((m) => m.y + m.h));
      const k = positive.map((m) => m.h / v(m)).sort((a, b) => a - b)[Math.floor(positive.length / 2)];
      for (const m of dots) {
        const want = zero - k * v(m);
        if (Math.abs(m.cy - want) > 1.5) problems.push(`chart ${chart}: point "${m.label}" at y=${m.cy.toFixed(1)}; on the bars' scale ${want.toFixed(1)}`);
      }
    }
    if (dots.length > 1) {
      const lo = dots.reduce((a, b) => (v(b) < v(a) ? b : a));
      const hi = dots.reduce((a, b) => (v(b) > v(a) ? b : a));
      const slope = (hi.cy - lo.cy) / (v(hi) - v(lo) || 1);
      for (const m of dots) {
        const want = lo.cy + slope * (v(m) - v(lo));
        if (Math.abs(m.cy - want) > 1) problems.push(`chart ${chart}: point "${m.label}" at y=${m.cy.toFixed(1)}; to scale ${want.toFixed(1)}`);
      }
    }
  }
  return problems;
}
