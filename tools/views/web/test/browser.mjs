// Browser test of the MCP Apps view. The built server (ACCOUNTING_MCP_BIN,
// else a binary built here with go build) runs on the demo books in each
// privacy mode; the official TypeScript client reads the view's ui://
// resource and calls the tools that name it, and a headless Chromium (the
// system's, never a downloaded one) shows each answer in the test host page
// (host.js, the SDK's AppBridge) in a light and a dark theme. Every drawn
// amount, every table cell and the total line must equal the answer
// (expect.mjs); there may be no console error, no network request and no
// tool call from the view. Hand-made answers cover withheld figures (issue
// 9's shape), errors, empty answers and a host that sends no theme. Every
// chart is drawn again at each host width of ticks.mjs, light and dark, and
// its tick labels may neither overlap nor be cut off.
// With --screenshots it also writes ../screenshots/*.png for the README.
import { execFileSync } from "node:child_process";
import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import * as esbuild from "esbuild";
import { chromium } from "playwright-core";
import { expected } from "./expect.mjs";
import { handmade } from "./handmade.mjs";
import { inspect } from "./inspect.mjs";
import { WIDTHS, tickProblems } from "./ticks.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..", "..", "..");
const screenshots = process.argv.includes("--screenshots");
const EXTENSION = "io.modelcontextprotocol/ui";
const MIME = "text/html;profile=mcp-app";
const WIDTH = 760;

// The questions each mode is asked; answers with state "error" or "empty"
// (in every mode, or in the modes named) must show the error and "no
// postings in this period". In Aggregate the club's books withhold most
// months, so its spending shows withheld totals and categories.
const QUESTIONS = [
  { name: "spending-month", tool: "get_spending_over_time", args: { fromYear: 2026, toYear: 2026 } },
  { name: "spending-by-category", tool: "get_spending_over_time", args: { fromYear: 2026, toYear: 2026, groupBy: "subclass" } },
  { name: "spending-quarters", tool: "get_spending_over_time", args: { fromYear: 2024, toYear: 2026, interval: "quarter" } },
  { name: "spending-quarters-by-category", tool: "get_spending_over_time", args: { fromYear: 2024, toYear: 2026, interval: "quarter", groupBy: "subclass" } },
  { name: "spending-club", tool: "get_spending_over_time", args: { fromYear: 2025, toYear: 2025, mandator: "Verein Zürichsee" } },
  { name: "spending-club-by-category", tool: "get_spending_over_time", args: { fromYear: 2025, toYear: 2025, groupBy: "subclass", mandator: "Verein Zürichsee" } },
  { name: "spending-by-account", tool: "get_spending_over_time", args: { fromYear: 2026, toYear: 2026, interval: "quarter", groupBy: "account" }, state: { Aggregate: "error" } },
  { name: "net-worth", tool: "get_net_worth_history", args: { fromYear: 2024 } },
  { name: "expenses", tool: "get_expenses_by_category", args: { year: 2025 } },
  { name: "expenses-club", tool: "get_expenses_by_category", args: { year: 2025, mandator: "Verein Zürichsee" } },
  { name: "compare-years", tool: "compare_years", args: { years: [2024, 2025, 2026] } },
  { name: "forecast", tool: "forecast_year_end", args: { year: 2026, asOf: "2026-06-30" }, modes: ["Full", "Local"] },
  { name: "error", tool: "get_expenses_by_category", args: { year: 1999 }, state: "error" },
  { name: "empty", tool: "get_expenses_by_category", args: { year: 2027 }, state: "empty" },
];

// The answers whose views --screenshots writes, per mode, light and dark.
const SCREENSHOTS = {
  Full: ["spending-by-category", "net-worth", "expenses", "compare-years", "forecast"],
  Aggregate: ["spending-by-category"],
};

// Host contexts: a light and a dark host with style variables as Claude
// sends them (light-dark() pairs), and a host that sends nothing.
const VARIABLES = {
  "--color-background-primary": "light-dark(#ffffff, #262624)",
  "--color-text-primary": "light-dark(#141413, #faf9f5)",
  "--font-sans": "system-ui, sans-serif",
};
const THEMES = {
  light: { theme: "light", styles: { variables: VARIABLES }, displayMode: "inline", containerDimensions: { width: WIDTH, maxHeight: 6000 } },
  dark: { theme: "dark", styles: { variables: VARIABLES }, displayMode: "inline", containerDimensions: { width: WIDTH, maxHeight: 6000 } },
  none: {},
};
const BACKGROUND = { light: "rgb(255, 255, 255)", dark: "rgb(38, 38, 36)", none: "rgb(255, 255, 255)" };

let passed = 0;
let failed = 0;
let pointedViews = 0;
let pointedMarks = 0;
function check(name, problems) {
  if (problems.length === 0) {
    passed++;
    return;
  }
  failed++;
  console.error(`FAIL ${name}\n  ${problems.join("\n  ")}`);
}

function binary() {
  if (process.env.ACCOUNTING_MCP_BIN) return process.env.ACCOUNTING_MCP_BIN;
  const dir = mkdtempSync(join(tmpdir(), "views-test-"));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  const bin = join(dir, "accounting-mcp");
  execFileSync("go", ["build", "-o", bin, "./cmd/accounting-mcp"], { cwd: repo, stdio: "inherit" });
  return bin;
}

async function hostPage() {
  const out = await esbuild.build({ entryPoints: [join(here, "host.js")], bundle: true, format: "iife", write: false, logLevel: "warning" });
  const js = out.outputFiles[0].text.replaceAll("</script", "<\\/script");
  return `<!doctype html><html><head><meta charset="utf-8"><title>test host</title></head><body style="margin:0"><script>${js}</script></body></html>`;
}

// connect starts the server in mode and returns a client that, like an MCP
// Apps host, declares the extension.
async function connect(bin, mode) {
  const client = new Client({ name: "views-browser-test", version: "1.0.0" },
    { capabilities: { extensions: { [EXTENSION]: { mimeTypes: [MIME] } } } });
  await client.connect(new StdioClientTransport({ command: bin, args: ["--demo", "--privacy", mode], stderr: "inherit" }));
  return client;
}

// discover checks what a host sees before any call: the extension in the
// server's capabilities, the tools that name the view, and the view itself.
async function discover(client, mode) {
  const problems = [];
  const ext = client.getServerCapabilities()?.extensions?.[EXTENSION];
  if (!ext?.mimeTypes?.includes(MIME)) problems.push(`capabilities.extensions[${EXTENSION}] = ${JSON.stringify(ext)}`);
  const { tools } = await client.listTools();
  const named = tools.filter((t) => t._meta?.ui?.resourceUri);
  const names = named.map((t) => t.name).sort();
  const want = ["compare_years", ...(mode === "Aggregate" ? [] : ["forecast_year_end"]), "get_expenses_by_category", "get_net_worth_history", "get_spending_over_time"];
  if (JSON.stringify(names) !== JSON.stringify(want)) problems.push(`tools with a view: ${names}; want ${want}`);
  const uris = [...new Set(named.map((t) => t._meta.ui.resourceUri))];
  if (uris.length !== 1) problems.push(`view URIs ${uris}; want one`);
  const { contents } = await client.readResource({ uri: uris[0] });
  const view = contents[0];
  if (view.mimeType !== MIME) problems.push(`view MIME type ${view.mimeType}`);
  const csp = view._meta?.ui?.csp ?? {};
  for (const [k, v] of Object.entries(csp)) if (v.length) problems.push(`CSP ${k} declares ${v}`);
  check(`${mode}: discovery`, problems);
  return { tools: Object.fromEntries(tools.map((t) => [t.name, t])), html: view.text, csp };
}

// viewFrame returns the frame of the view's iframe, the one showView just
// put in: page.frames() may still list the iframe it replaced, which has
// gone, for a moment after.
async function viewFrame(page) {
  const iframe = await page.waitForSelector("iframe", { timeout: 15000 });
  return iframe.contentFrame();
}

// show renders result in the host page and checks it against the answer.
async function show(page, name, { html, csp, tool, args, result, theme, state }) {
  const errors = [];
  const requests = [];
  const onConsole = (m) => m.type() === "error" && errors.push(`console: ${m.text()}`);
  const onError = (e) => errors.push(`page error: ${e.message}`);
  const onRequest = (r) => requests.push(r.url());
  page.on("console", onConsole);
  page.on("pageerror", onError);
  page.on("request", onRequest);
  await page.evaluate((a) => window.showView(a), { html, csp, tool, args, result, hostContext: THEMES[theme], width: WIDTH });
  const frame = await viewFrame(page);
  await frame.waitForSelector('main:not([data-state="waiting"])', { timeout: 15000 });
  // Let the view report its final size to the host.
  await page.waitForFunction(() => {
    const s = window.hostLog.sizes;
    return s.length > 0 && document.querySelector("iframe").getBoundingClientRect().height === s.at(-1);
  }, null, { timeout: 5000 }).catch(() => errors.push("the view never reported its size, or the host did not follow it"));
  const seen = await inspect(frame);
  // A mark that no other mark is within 8 px of, so that the pointer can
  // only mean it.
  const centre = (m) => [m.x + m.w / 2, m.y + m.h / 2];
  const alone = (m) => seen.marks.every((o) => o === m || Math.hypot(centre(o)[0] - centre(m)[0], centre(o)[1] - centre(m)[1]) >= 8);
  // The first lone amount, and on spending the first point of the total line
  // (whose period's bars all show the total when hovered), the first lone
  // withheld categories' segment and the first withheld mark.
  const targets = [
    seen.marks.find((m) => m.amount && alone(m)),
    seen.marks.find((m) => m.tag === "circle" && m.amount && m.label.startsWith("Total · ")),
    seen.marks.find((m) => m.amount && m.label.startsWith("withheld categories · ") && alone(m)),
    seen.marks.find((m) => !m.amount),
  ];
  const pointed = [];
  for (const mark of new Set(targets.filter(Boolean))) pointed.push(...await pointAndFocus(page, frame, mark));
  if (targets[0]) pointedViews++;
  const host = await page.evaluate(() => window.hostLog);
  page.off("console", onConsole);
  page.off("pageerror", onError);
  page.off("request", onRequest);

  const problems = [...errors];
  if (requests.length) problems.push(`network requests: ${requests.join(", ")}`);
  if (host.calls.length) problems.push(`the view called tools: ${host.calls}`);
  if (seen.background !== BACKGROUND[theme]) problems.push(`background ${seen.background}; want ${BACKGROUND[theme]} for theme ${theme}`);
  if (Math.abs(seen.height - host.sizes.at(-1)) > 2) problems.push(`view is ${seen.height}px high but reported ${host.sizes.at(-1)}px`);
  const want = state ?? "ready";
  if (seen.state !== want) problems.push(`state ${seen.state}; want ${want}`);
  const sc = result.structuredContent;
  if (want === "error") {
    if (!seen.text.includes(sc.error.message)) problems.push(`error message not shown: ${sc.error.message}`);
    if (sc.error.remediation && !seen.text.includes(sc.error.remediation)) problems.push(`remediation not shown: ${sc.error.remediation}`);
  } else if (want === "empty") {
    if (!seen.text.includes("no postings in this period")) problems.push(`empty answer shows ${JSON.stringify(seen.text.slice(0, 200))}`);
  } else {
    const exp = expected(tool.name, sc);
    const drawn = seen.marks.filter((m) => m.amount).map((m) => m.amount).sort();
    if (JSON.stringify(drawn) !== JSON.stringify(exp.drawn)) problems.push(`drawn amounts ${JSON.stringify(drawn)}\n    want ${JSON.stringify(exp.drawn)}`);
    if (exp.labels) {
      const labels = seen.marks.map((m) => m.label).sort();
      const missing = exp.labels.filter((l) => !labels.includes(l));
      const extra = labels.filter((l) => !exp.labels.includes(l));
      if (missing.length || extra.length || labels.length !== exp.labels.length) problems.push(`chart labels: missing ${JSON.stringify(missing)}, not in the answer ${JSON.stringify(extra)}`);
    }
    const held = seen.marks.filter((m) => !m.amount).map((m) => m.withheld).sort();
    if (JSON.stringify(held) !== JSON.stringify(exp.withheld)) problems.push(`withheld marks ${JSON.stringify(held)}; want ${JSON.stringify(exp.withheld)}`);
    problems.push(...seen.geometry);
    if (JSON.stringify(seen.tables) !== JSON.stringify(exp.tables)) problems.push(`tables ${JSON.stringify(seen.tables)}\n    want ${JSON.stringify(exp.tables)}`);
    if (exp.total && seen.total !== exp.total) problems.push(`total line ${JSON.stringify(seen.total)}; want ${JSON.stringify(exp.total)}`);
    if (exp.title && seen.title !== exp.title) problems.push(`title ${JSON.stringify(seen.title)}; want ${JSON.stringify(exp.title)}`);
    if (seen.focusable !== seen.marks.length || seen.marks.length === 0) problems.push(`${seen.focusable} of ${seen.marks.length} marks take keyboard focus`);
    problems.push(...pointed);
  }
  check(name, problems);
  return seen.counts;
}

// pointAndFocus hovers a mark with an amount with the mouse, as a user
// would, and checks that the tooltip shows its exact amount, on one line
// (over a point of the total line, the tip of its period's bars, which
// names the total; a no-break space keeps "CHF" with the amount); it
// then focuses the mark and checks that the readout under the chart shows
// its label.
async function pointAndFocus(page, frame, mark) {
  pointedMarks++;
  const problems = [];
  if (mark.amount) {
    // On a loaded machine a pointer move can reach the frame before its
    // listeners run; the mouse leaves and comes back, up to three times,
    // and the tip must then show the amount.
    let tip = "";
    for (let attempt = 0; attempt < 3 && !tip; attempt++) {
      const box = await page.locator("iframe").boundingBox();
      if (attempt > 0) await page.mouse.move(0, 0);
      await page.mouse.move(box.x + mark.x + mark.w / 2, box.y + mark.y + mark.h / 2);
      tip = await frame.waitForFunction(() => document.querySelector('[aria-label="tip"]')?.textContent, null, { timeout: 3000 })
        .then((h) => h.jsonValue().then((t) => t.replaceAll("\u00a0", " ")), () => "");
    }
    if (!tip.includes(`CHF ${mark.amount}`)) problems.push(`hovering "${mark.label}" shows the tip ${JSON.stringify(tip)}`);
    await page.mouse.move(0, 0);
  }
  const readout = await frame.evaluate((label) => {
    const m = [...document.querySelectorAll("svg [aria-label]")].find((e) => e.getAttribute("aria-label") === label);
    m.focus();
    const shown = document.activeElement === m ? document.querySelector(".readout").textContent : "(not focused)";
    m.blur();
    return shown;
  }, mark.label);
  if (readout !== mark.label) problems.push(`focusing "${mark.label}" shows ${JSON.stringify(readout)}`);
  return problems;
}

// atWidths draws each answer with a chart at every width of WIDTHS, light
// and dark, and checks its tick labels (ticks.mjs).
let tickLabels = 0;
async function atWidths(page, mode, { html, csp, tool, args, result }) {
  for (const width of WIDTHS) {
    for (const theme of ["light", "dark"]) {
      const hostContext = { ...THEMES[theme], containerDimensions: { width, maxHeight: 6000 } };
      await page.evaluate((a) => window.showView(a), { html, csp, tool, args, result, hostContext, width });
      const frame = await viewFrame(page);
      await frame.waitForSelector('main:not([data-state="waiting"])', { timeout: 15000 });
      const { problems, labels, axes } = await tickProblems(frame);
      tickLabels += labels;
      if (axes === 0) problems.push("no axis with tick labels");
      check(`${mode} ${tool.name} ${JSON.stringify(args)} at ${width}px (${theme}): tick labels`, problems);
    }
  }
}

async function main() {
  const bin = binary();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
  const context = await browser.newContext({ viewport: { width: WIDTH + 40, height: 3000 }, serviceWorkers: "block" });
  const page = await context.newPage();
  await page.setContent(await hostPage());
  let views = 0;
  let marks = 0;
  let cells = 0;
  try {
    for (const mode of ["Full", "Aggregate", "Local"]) {
      const client = await connect(bin, mode);
      const { tools, html, csp } = await discover(client, mode);
      for (const q of QUESTIONS) {
        if (q.modes && !q.modes.includes(mode)) continue;
        const state = typeof q.state === "object" ? q.state[mode] : q.state;
        const result = await client.callTool({ name: q.tool, arguments: q.args });
        if (!!result.isError !== (state === "error")) check(`${mode} ${q.name}: call`, [`isError ${result.isError}: ${JSON.stringify(result.structuredContent)}`]);
        for (const theme of ["light", "dark"]) {
          const c = await show(page, `${mode} ${q.name} (${theme})`, { html, csp, tool: tools[q.tool], args: q.args, result, theme, state });
          views++;
          marks += c.marks;
          cells += c.cells;
          const shot = SCREENSHOTS[mode]?.includes(q.name) ? `${q.name}${mode === "Full" ? "" : `-${mode.toLowerCase()}`}-${theme}.png` : "";
          if (screenshots && shot) {
            const dir = join(here, "..", "..", "screenshots");
            mkdirSync(dir, { recursive: true });
            await page.locator("iframe").screenshot({ path: join(dir, shot) });
          }
          if (theme === "dark" && (state ?? "ready") === "ready" && mode !== "Local") {
            await atWidths(page, mode, { html, csp, tool: tools[q.tool], args: q.args, result });
          }
        }
      }
      if (mode === "Full") {
        for (const h of handmade()) {
          for (const theme of h.themes ?? ["light", "dark"]) {
            const c = await show(page, `hand-made ${h.name} (${theme})`, { html, csp, tool: tools[h.tool], args: {}, result: h.result, theme, state: h.state });
            views++;
            marks += c.marks;
            cells += c.cells;
          }
        }
      }
      await client.close();
    }
  } finally {
    await browser.close();
  }
  console.log(`views rendered: ${views}; drawn marks checked: ${marks}; table cells checked: ${cells}; views hovered and focused: ${pointedViews} (${pointedMarks} marks)`);
  console.log(`tick labels checked at ${WIDTHS.join(", ")} px, light and dark: ${tickLabels}`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
