// End-to-end suite: the official TypeScript MCP client drives the built
// accounting-mcp binary over stdio (--demo) in every privacy mode and
// exercises every tool, resource, resource template, prompt and completion.
// Prints "N passed, M failed" last and exits non-zero on any failure.
//
//   ACCOUNTING_MCP_BIN=/path/to/accounting-mcp node run.mjs
import { MODES, connect, check, finish, assert, assertEqual, rejects, validate, strictProblems } from './lib.mjs';
import { casesFor } from './tool-args.mjs';
import { checkResources, checkPrompts, checkCompletions } from './features.mjs';
import { checkDataAsOf } from './provenance.mjs';

const catalogs = {};

for (const mode of MODES) {
  let client;
  await check(`${mode}: connect and initialize`, async () => {
    client = await connect(mode);
    const caps = client.getServerCapabilities();
    assert(caps.tools && caps.resources && caps.prompts && caps.completions,
      `capabilities ${JSON.stringify(caps)} lack tools, resources, prompts or completions`);
    // None of the lists changes while the server runs (tools/server.go).
    for (const list of ['tools', 'resources', 'prompts']) {
      assert(!caps[list].listChanged, `${list}.listChanged is advertised, but the ${list} list never changes`);
    }
    assertEqual(client.getServerVersion().name, 'accounting-mcp', 'server name');
    assert(client.getInstructions().includes(`Privacy mode in force: ${mode}`), 'instructions do not name the mode');
  });
  if (!client) continue;
  try {
    await checkTools(client, mode);
    await checkResources(client, mode, catalogs[mode]);
    await checkPrompts(client, mode, catalogs);
    await checkCompletions(client, mode);
  } finally {
    await client.close();
  }
}
await checkDataAsOf();
finish();

async function checkTools(client, mode) {
  const { tools } = await client.listTools();
  catalogs[mode] = tools;
  await check(`${mode}: tools/list`, () => {
    assert(tools.length > 0, 'no tools');
    const names = tools.map((t) => t.name);
    if (mode === 'Aggregate') {
      for (const t of ['list_mandators', 'get_transactions', 'search_transactions', 'get_account']) {
        assert(!names.includes(t), `Aggregate lists ${t}`);
      }
    }
    for (const t of tools) {
      assert(t.outputSchema && t.outputSchema.type === 'object', `${t.name} has no object outputSchema`);
      assert(t.annotations && t.annotations.readOnlyHint === true, `${t.name} is not annotated read-only`);
      assert(t.inputSchema.additionalProperties === false, `${t.name} accepts unknown arguments`);
      assert(t.outputSchema.properties.dataAsOf?.format === 'date-time', `${t.name} output schema lacks dataAsOf`);
    }
  });
  await check(`${mode}: every input and output schema compiles under ajv strict: true`, () => {
    const problems = tools.flatMap((t) => [
      ...strictProblems(t.inputSchema).map((p) => `${t.name} inputSchema ${p}`),
      ...strictProblems(t.outputSchema).map((p) => `${t.name} outputSchema ${p}`),
    ]);
    assert(problems.length === 0, problems.join('\n'));
  });
  for (const tool of tools) {
    const cases = casesFor(tool.name, mode);
    if (cases === null) {
      await check(`${mode}: ${tool.name}`, () => {
        throw new Error(`no e2e arguments for tool ${tool.name}: add an entry to e2e/tool-args.mjs`);
      });
      continue;
    }
    for (const args of cases) {
      await check(`${mode}: ${tool.name} ${JSON.stringify(args)}`, async () => {
        // callTool also validates structuredContent against outputSchema
        // with the SDK's own ajv; we validate again with ajv-formats.
        const res = await client.callTool({ name: tool.name, arguments: args });
        assert(!res.isError, `error result ${JSON.stringify(res.structuredContent)}`);
        validate(tool.outputSchema, res.structuredContent, 'structuredContent');
        const text = res.content.find((c) => c.type === 'text');
        assert(text, 'no text content');
        assertEqual(JSON.parse(text.text), res.structuredContent, 'text content vs structuredContent');
        assert(!('dataAsOf' in res.structuredContent), 'the embedded demo books have no file times, yet dataAsOf is set');
        for (const link of res.content.filter((c) => c.type === 'resource_link')) {
          const read = await client.readResource({ uri: link.uri });
          assertEqual(JSON.parse(read.contents[0].text), res.structuredContent, `linked resource ${link.uri}`);
        }
      });
    }
  }
  await check(`${mode}: a tool error reaches the client with its envelope`, async () => {
    // Through the ordinary callTool, which (TypeScript SDK 1.32,
    // typescript-sdk#1943) validates even an error's structuredContent
    // against the outputSchema: the schema admits the envelope, so the
    // message reaches the model instead of a schema error.
    const tool = tools.find((t) => t.name === 'get_balance_summary');
    const res = await client.callTool({ name: 'get_balance_summary', arguments: { mandator: 'Nobody' } });
    assert(res.isError === true, 'isError is not true');
    validate(tool.outputSchema, res.structuredContent, 'error structuredContent');
    const e = res.structuredContent?.error;
    assert(e && e.code === 'unknown_mandator' && e.retryable === false, `envelope ${JSON.stringify(res.structuredContent)}`);
    assert(e.message.includes('"Nobody"') && e.message.includes('Verein Zürichsee'), `message ${e.message} does not name the value and the choices`);
  });
  await check(`${mode}: bad arguments are an invalid_argument result`, async () => {
    const res = await client.callTool({ name: 'list_accounts', arguments: { class: 'assets' } });
    assert(res.isError && res.structuredContent.error.code === 'invalid_argument', JSON.stringify(res.structuredContent));
    assert(res.structuredContent.error.message.includes('activa'), 'message does not list the choices');
  });
  if (mode === 'Aggregate') {
    await check('Aggregate: an unregistered tool does not exist', async () => {
      const msg = await rejects(() => client.callTool({ name: 'get_transactions', arguments: {} }), 'get_transactions');
      assert(/unknown tool|not found/i.test(msg), msg);
    });
  }
}
