// TypeScript SDK clients against a running `accounting-mcp --http` with a
// bearer token: every protocol revision connects, lists the tools and calls
// one, with the same answer each time; requests without the token get 401
// with a Bearer challenge, and a foreign browser Origin gets 403.
//
// Usage (Node 22 strips the types): node client.ts --url URL, with the token
// in ACCOUNTING_MCP_TOKEN (or --token TOKEN).
//
// 2025-06-18 and 2025-11-25 use @modelcontextprotocol/sdk (v1, what most
// clients ship today); v1 always asks for its latest revision, 2025-11-25,
// so for 2025-06-18 the initialize request is rewritten to ask for that one.
// 2026-07-28 uses @modelcontextprotocol/client (v2), pinned to that revision.
import { parseArgs } from 'node:util';
import { isDeepStrictEqual } from 'node:util';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';

const { values } = parseArgs({ options: { url: { type: 'string' }, token: { type: 'string' } } });
const token = values.token ?? process.env.ACCOUNTING_MCP_TOKEN;
if (!values.url || !token) {
  console.error('usage: ACCOUNTING_MCP_TOKEN=TOKEN node client.ts --url http://127.0.0.1:PORT/mcp');
  process.exit(2);
}
const url = new URL(values.url);
const auth = { Authorization: `Bearer ${token}` };
const call = { name: 'get_balance_summary', arguments: { mandator: 'Claudio Schaad', year: 2025 } };

let failures = 0;
function check(ok: boolean, what: string, detail: unknown = '') {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}${ok ? '' : ` ${JSON.stringify(detail)}`}`);
  if (!ok) failures++;
}

// A raw initialize POST, to see status codes and headers as a client does.
async function post(headers: Record<string, string>) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({
      jsonrpc: '2.0', id: 1, method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  });
  await res.arrayBuffer();
  return res;
}

async function checkHTTP() {
  let res = await post({});
  check(res.status === 401 && /^Bearer\b/.test(res.headers.get('www-authenticate') ?? ''),
    'no token: 401 with WWW-Authenticate: Bearer', { status: res.status, challenge: res.headers.get('www-authenticate') });
  res = await post({ Authorization: 'Bearer wrong-token-wrong-token' });
  check(res.status === 401, 'wrong token: 401', res.status);
  res = await post({ Authorization: 'Basic dXNlcjpwYXNz' });
  check(res.status === 401, 'Basic credentials: 401', res.status);
  res = await post({ ...auth, Origin: 'https://evil.example' });
  check(res.status === 403, 'foreign Origin: 403', res.status);
  res = await post({ ...auth, Origin: 'http://localhost:6274' });
  check(res.status === 200, 'loopback Origin: 200', res.status);
  res = await post(auth);
  check(res.status === 200, 'right token, no Origin: 200', res.status);
}

// connectV1 connects the v1 client, asking for the given revision.
async function connectV1(version: string) {
  const transport = new TransportV1(url, { requestInit: { headers: auth } });
  const send = transport.send.bind(transport);
  transport.send = (msg, opts) =>
    send('method' in msg && msg.method === 'initialize' ? { ...msg, params: { ...msg.params, protocolVersion: version } } : msg, opts);
  const client = new ClientV1({ name: 'accounting-mcp-conformance-v1', version: '1.0.0' });
  await client.connect(transport);
  return { client, negotiated: transport.protocolVersion, close: () => client.close() };
}

async function connectV2(version: string) {
  const transport = new TransportV2(url, { requestInit: { headers: auth } });
  const client = new ClientV2({ name: 'accounting-mcp-conformance-v2', version: '1.0.0' }, { versionNegotiation: { mode: { pin: version } } });
  await client.connect(transport);
  return { client, negotiated: client.getNegotiatedProtocolVersion(), close: () => client.close() };
}

async function checkRevision(version: string, connect: typeof connectV1) {
  const { client, negotiated, close } = await connect(version);
  try {
    check(negotiated === version, `${version}: negotiated ${negotiated}`, negotiated);
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    check(names.includes('get_balance_summary') && names.includes('list_years'), `${version}: tools/list has ${tools.length} tools`, names);
    const res = await client.callTool(call);
    check(!res.isError && typeof res.structuredContent?.totalActivaChf === 'string',
      `${version}: ${call.name} answers totalActivaChf ${res.structuredContent?.totalActivaChf}`, res);
    return { tools: names, answer: res.structuredContent };
  } finally {
    await close();
  }
}

async function checkUnauthorizedClient() {
  const client = new ClientV1({ name: 'no-token', version: '1.0.0' });
  try {
    await client.connect(new TransportV1(url));
    check(false, 'v1 client without a token is refused', 'connected');
    await client.close();
  } catch (err) {
    check(/401|Unauthorized/i.test(String(err)), 'v1 client without a token is refused (401)', String(err));
  }
}

try {
  await checkHTTP();
  await checkUnauthorizedClient();
  const results = [
    await checkRevision('2025-06-18', connectV1),
    await checkRevision('2025-11-25', connectV1),
    await checkRevision('2026-07-28', connectV2),
  ];
  check(results.every((r) => isDeepStrictEqual(r, results[0])), 'every revision lists the same tools and gets the same answer', results);
} catch (err) {
  check(false, 'unexpected error', String(err));
}
console.log(failures === 0 ? 'TypeScript SDK clients: all checks passed' : `TypeScript SDK clients: ${failures} check(s) failed`);
process.exit(failures === 0 ? 0 : 1);
