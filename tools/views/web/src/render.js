// render turns one tool result into the view: the chart and table of the
// tool that answered, "no postings in this period" for an answer without
// rows, or the error message and its remedy for an error result.
import { compare, sectionNodes } from "./compare.js";
import { expenses } from "./expenses.js";
import { forecast } from "./forecast.js";
import { netWorth } from "./networth.js";
import { el, focusable } from "./page.js";
import { spending } from "./spending.js";

const VIEWS = {
  get_spending_over_time: spending,
  get_net_worth_history: netWorth,
  get_expenses_by_category: expenses,
  compare_years: compare,
  forecast_year_end: forecast,
};

// toolOf names the tool whose answer sc is: the host's toolInfo when it
// sends one, else the answer's own shape.
export function toolOf(hostTool, sc) {
  if (VIEWS[hostTool]) return hostTool;
  if (Array.isArray(sc?.path)) return "forecast_year_end";
  if (Array.isArray(sc?.series)) return "get_spending_over_time";
  if (Array.isArray(sc?.months)) return "get_net_worth_history";
  if (Array.isArray(sc?.categories)) return "get_expenses_by_category";
  if (Array.isArray(sc?.comparison)) return "compare_years";
  return undefined;
}

// structured returns the result's structured content, or the JSON of its
// first text block for hosts that pass only content.
function structured(result) {
  if (result.structuredContent && typeof result.structuredContent === "object") return result.structuredContent;
  const text = (result.content ?? []).find((c) => c.type === "text")?.text;
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

// errorView shows a tool error: its message and what to do about it.
function errorView(result, sc) {
  const e = sc?.error;
  const text = (result.content ?? []).find((c) => c.type === "text")?.text;
  return [
    el("h1", { class: "error" }, "The tool answered with an error"),
    el("p", { class: "error message", role: "alert" }, e?.message ?? text ?? "no message"),
    e?.remediation ? el("p", { class: "remedy" }, `What to do: ${e.remediation}`) : null,
    e?.code ? el("p", { class: "note" }, `code ${e.code}${e.retryable ? " · retrying may help" : ""}`) : null,
  ];
}

// render draws result into root; width is the space the charts may take.
export function render(root, hostTool, result, width) {
  const sc = structured(result);
  if (result.isError || sc?.error) {
    root.replaceChildren(...errorView(result, sc).filter(Boolean));
    root.dataset.state = "error";
    return;
  }
  const tool = toolOf(hostTool, sc);
  if (!tool) {
    root.replaceChildren(el("p", { class: "error", role: "alert" }, "This view draws spending, net worth, expenses by category, year comparisons and year-end forecasts; this answer is none of them."));
    root.dataset.state = "error";
    return;
  }
  const v = VIEWS[tool](sc, width);
  const readout = el("p", { class: "readout", "aria-live": "polite" });
  const nodes = [
    el("h1", {}, v.title),
    v.sub ? el("p", { class: "sub" }, v.sub) : null,
    v.total ? el("p", { class: "total" }, v.total) : null,
  ];
  if (v.empty) {
    nodes.push(el("p", { class: "status empty" }, "no postings in this period"));
  } else if (v.sections) {
    nodes.push(readout, ...sectionNodes(v.sections.filter((s) => !s.empty), readout, focusable));
  } else {
    nodes.push(focusable(v.chart, readout), readout, v.table);
  }
  for (const w of sc.warnings ?? []) nodes.push(el("p", { class: "note" }, `Note: ${w}`));
  if (sc.dataAsOf) nodes.push(el("p", { class: "asof" }, `Books as of ${sc.dataAsOf}`));
  root.replaceChildren(...nodes.filter(Boolean));
  root.dataset.state = v.empty ? "empty" : "ready";
  root.dataset.tool = tool;
}
