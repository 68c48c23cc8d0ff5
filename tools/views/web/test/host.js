// The test host: it plays the host side of MCP Apps with the official SDK's
// AppBridge. showView puts a view's HTML into a sandboxed iframe under the
// Content-Security-Policy the spec tells hosts to build from the resource's
// _meta.ui.csp, answers ui/initialize with the given host context, sends the
// tool input and result, follows the view's size, and records every tool
// call and log message the view sends.
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";

// cspFor builds the policy of the spec's "CSP Construction from Metadata".
function cspFor(csp = {}) {
  const res = (csp.resourceDomains ?? []).join(" ");
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline' ${res}`,
    `style-src 'self' 'unsafe-inline' ${res}`,
    `connect-src 'self' ${(csp.connectDomains ?? []).join(" ")}`,
    `img-src 'self' data: ${res}`,
    `font-src 'self' ${res}`,
    `media-src 'self' data: ${res}`,
    `frame-src ${(csp.frameDomains ?? []).join(" ") || "'none'"}`,
    "object-src 'none'",
    `base-uri ${(csp.baseUriDomains ?? []).join(" ") || "'self'"}`,
  ].map((d) => d.trim()).join("; ");
}

let current;

window.hostLog = { calls: [], logs: [], sizes: [], csp: "" };

window.showView = async ({ html, csp, tool, args, result, hostContext, width }) => {
  if (current) {
    await current.bridge.close().catch(() => {});
    current.iframe.remove();
  }
  window.hostLog = { calls: [], logs: [], sizes: [], csp: cspFor(csp) };
  const iframe = document.createElement("iframe");
  iframe.setAttribute("sandbox", "allow-scripts");
  iframe.setAttribute("title", tool.name);
  iframe.style.cssText = `display:block;border:0;width:${width}px;height:80px`;
  const bridge = new AppBridge(null, { name: "accounting-mcp test host", version: "1.0.0" },
    { serverTools: {}, logging: {} }, { hostContext: { ...hostContext, toolInfo: { tool } } });
  bridge.oncalltool = async (params) => {
    window.hostLog.calls.push(params.name);
    throw new Error("the test host forwards no tool calls");
  };
  bridge.onloggingmessage = (params) => window.hostLog.logs.push(params);
  bridge.onsizechange = ({ height }) => {
    window.hostLog.sizes.push(height);
    if (height) iframe.style.height = `${height}px`;
  };
  const initialized = new Promise((resolve) => { bridge.oninitialized = resolve; });
  const meta = `<meta http-equiv="Content-Security-Policy" content="${window.hostLog.csp}">`;
  iframe.srcdoc = html.replace(/<head>/i, `<head>${meta}`);
  document.body.append(iframe);
  await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
  current = { bridge, iframe };
  await initialized;
  await bridge.sendToolInput({ arguments: args });
  await bridge.sendToolResult(result);
};
