// The MCP Apps view: the official SDK's App talks to the host; each tool
// result the host sends is drawn by render(). The view calls no tools, so it
// can call none that the privacy mode lacks: it draws only what it is given.
import { App, applyDocumentTheme, applyHostStyleVariables } from "@modelcontextprotocol/ext-apps";
import { el } from "./page.js";
import { render } from "./render.js";

const root = document.getElementById("app");
const app = new App({ name: "accounting-mcp charts", version: "1.0.0" });
let result;
let drawnWidth = 0;

// theme follows the host: its light or dark theme (light when it sends
// none) and its style variables, over the fallbacks in style.css.
function theme() {
  const ctx = app.getHostContext() ?? {};
  applyDocumentTheme(ctx.theme === "dark" ? "dark" : "light");
  if (ctx.styles?.variables) applyHostStyleVariables(ctx.styles.variables);
}

function draw() {
  if (!result) return;
  // innerWidth, unlike clientWidth, does not change when a scroll bar comes
  // or goes while the host follows the view's height, so drawing cannot
  // loop; the charts leave room for a scroll bar instead.
  drawnWidth = window.innerWidth;
  const width = Math.max(320, drawnWidth - 48);
  try {
    render(root, app.getHostContext()?.toolInfo?.tool?.name, result, width);
  } catch (err) {
    root.replaceChildren(el("p", { class: "error", role: "alert" }, `This answer could not be drawn: ${err.message}`));
    root.dataset.state = "error";
  }
}

app.ontoolresult = (r) => {
  result = r;
  draw();
};
app.ontoolcancelled = (p) => {
  root.replaceChildren(el("p", { class: "status" }, `The tool call was cancelled${p?.reason ? `: ${p.reason}` : ""}.`));
  root.dataset.state = "cancelled";
};
app.onhostcontextchanged = () => {
  theme();
  draw();
};
app.onteardown = async () => ({});
window.addEventListener("resize", () => {
  if (window.innerWidth !== drawnWidth) draw();
});

app.connect().then(theme, (err) => {
  root.replaceChildren(el("p", { class: "error", role: "alert" }, `No host to talk to: ${err.message}`));
  root.dataset.state = "error";
});
