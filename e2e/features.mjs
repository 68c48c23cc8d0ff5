// Resources, resource templates, prompts and completions, per privacy mode.
import { check, assert, assertEqual, rejects, validate, encode } from './lib.mjs';

const club = 'Verein Zürichsee';
const home = 'Claudio Schaad';

// reportTool names the tool whose answer each template serves.
const reportTool = {
  chart: 'list_accounts',
  'balance-summary': 'get_balance_summary',
  'income-statement': 'get_income_statement',
  'expenses-by-category': 'get_expenses_by_category',
};

export async function checkResources(client, mode, tools) {
  const detail = mode !== 'Aggregate';
  const listed = (await client.listResources()).resources;
  // The MCP Apps view (ui://, issue 11) is listed in every mode; the browser
  // test in tools/views/web checks it.
  const resources = listed.filter((r) => !r.uri.startsWith('ui://'));
  const views = listed.filter((r) => r.uri.startsWith('ui://'));
  const { resourceTemplates } = await client.listResourceTemplates();
  await check(`${mode}: resources/list and resources/templates/list`, () => {
    assertEqual(resources.map((r) => r.uri), detail ? ['accounting://mandators'] : [], 'resources');
    assertEqual(views.map((r) => [r.uri, r.mimeType]), [['ui://accounting-mcp/charts.html', 'text/html;profile=mcp-app']], 'views');
    const want = Object.keys(reportTool).map((r) => `accounting://{mandator}/{year}/${r}`).sort();
    assertEqual(resourceTemplates.map((t) => t.uriTemplate).sort(), want, 'templates');
    for (const r of [...resources, ...resourceTemplates]) assertEqual(r.mimeType, 'application/json', `${r.name} mimeType`);
  });
  for (const r of resources) {
    await check(`${mode}: read ${r.uri}`, async () => {
      const res = await client.readResource({ uri: r.uri });
      const got = JSON.parse(res.contents[0].text);
      assert(got.mandators.includes(club) && got.mandators.includes(home), JSON.stringify(got));
    });
  }
  for (const t of resourceTemplates) {
    const report = t.uriTemplate.split('/').pop();
    const tool = tools.find((x) => x.name === reportTool[report]);
    for (const [mandator, year] of [[club, 2025], [home, 2026]]) {
      const uri = t.uriTemplate.replace('{mandator}', encode(mandator)).replace('{year}', String(year));
      await check(`${mode}: read ${uri}`, async () => {
        const res = await client.readResource({ uri });
        assertEqual(res.contents.length, 1, 'contents');
        const c = res.contents[0];
        assertEqual([c.uri, c.mimeType], [uri, 'application/json'], 'uri and mimeType');
        const got = JSON.parse(c.text);
        validate(tool.outputSchema, got, `${uri} against ${tool.name}'s outputSchema`);
        const call = await client.callTool({ name: tool.name, arguments: { mandator, year } });
        assertEqual(got, call.structuredContent, `${uri} vs ${tool.name}`);
        if (!detail) {
          for (const leak of ['accountId', 'bankAccountNumber', 'startBalance', 'transactionId']) {
            assert(!c.text.includes(leak), `Aggregate ${uri} contains ${leak}`);
          }
        }
      });
    }
  }
  const bad = [
    ['accounting://nothing', 'accounting://nothing'],
    [`accounting://Nobody/2025/chart`, 'Nobody'],
    [`accounting://${encode(club)}/2031/balance-summary`, '2031'],
    [`accounting://${encode(club)}/20x5/chart`, '20x5'],
    ['accounting://Verein Zürichsee/2025/chart', 'Verein%20Z%C3%BCrichsee'],
  ];
  if (!detail) bad.push(['accounting://mandators', 'unknown resource'], [`accounting://${encode(home)}/2025/transactions`, 'unknown resource']);
  for (const [uri, want] of bad) {
    await check(`${mode}: read ${uri} fails clearly`, async () => {
      const msg = await rejects(() => client.readResource({ uri }), `read ${uri}`);
      assert(msg.includes(want), `error "${msg}" does not contain "${want}"`);
      if (!detail) assert(!msg.split('serves')[1]?.includes('mandators'), `Aggregate error offers the mandators resource: ${msg}`);
    });
  }
}

export async function checkPrompts(client, mode, catalogs) {
  const { prompts } = await client.listPrompts();
  await check(`${mode}: prompts/list`, () => {
    const office = mode === 'Aggregate' ? [] : ['weekly_office_review']; // it needs get_mandators_overview
    assertEqual(prompts.map((p) => p.name).sort(), ['explain_change', 'monthly_cash_report', ...office, 'year_in_review'], 'prompts');
  });
  const registered = new Set(catalogs[mode].map((t) => t.name));
  const fullOnly = (catalogs.Full || []).map((t) => t.name).filter((n) => !registered.has(n));
  const calls = [
    ['monthly_cash_report', { mandator: club, month: '2025-06' }],
    ['monthly_cash_report', { month: '2026-03', language: 'de' }],
    ['explain_change', { mandator: home, from: '2026-Q2', to: '2026-Q3', language: 'de' }],
    ['explain_change', { mandator: club, from: '2025', to: '2026' }],
    ['year_in_review', { mandator: home, year: '2025' }],
    ...(mode === 'Aggregate' ? [] : [['weekly_office_review', { language: 'de' }]]),
  ];
  for (const [name, args] of calls) {
    await check(`${mode}: prompt ${name} ${JSON.stringify(args)}`, async () => {
      const res = await client.getPrompt({ name, arguments: args });
      const text = res.messages.map((m) => m.content.text).join('\n');
      const steps = [...text.matchAll(/^\d+\. ([a-z_]+) \{/gm)].map((m) => m[1]);
      assert(steps.length >= 3, `only ${steps.length} steps`);
      for (const s of steps) assert(registered.has(s), `step names ${s}, which ${mode} does not register`);
      for (const n of fullOnly) assert(!text.includes(n), `${mode} prompt mentions ${n}`);
      assert(args.language !== 'de' || text.includes('Deutsch'), 'German prompt is not in German');
    });
  }
  for (const [name, args, want] of [
    ['monthly_cash_report', { month: '2026-13' }, '2026-13'],
    ['monthly_cash_report', {}, 'month'],
    ['explain_change', { from: '2026-Q3', to: '2026-07' }, 'same kind'],
    ['year_in_review', { year: '2026', mandator: 'Nobody' }, 'Nobody'],
  ]) {
    await check(`${mode}: prompt ${name} ${JSON.stringify(args)} fails clearly`, async () => {
      const msg = await rejects(() => client.getPrompt({ name, arguments: args }), name);
      assert(msg.includes(want), `error "${msg}" does not contain "${want}"`);
    });
  }
}

export async function checkCompletions(client, mode) {
  const prompt = { type: 'ref/prompt', name: 'monthly_cash_report' };
  const chart = { type: 'ref/resource', uri: 'accounting://{mandator}/{year}/chart' };
  const cases = [
    [prompt, 'mandator', 'zur', undefined, [club]],
    [chart, 'mandator', 'CLAU', undefined, [home]],
    [prompt, 'mandator', 'ver', undefined, [club]],
    [chart, 'year', '', { mandator: club }, ['2026', '2025']],
    [{ type: 'ref/prompt', name: 'year_in_review' }, 'year', '2024', { mandator: home }, ['2024']],
    [prompt, 'language', 'd', undefined, ['de']],
  ];
  for (const [ref, name, value, context, want] of cases) {
    await check(`${mode}: complete ${ref.name || ref.uri} ${name}=${JSON.stringify(value)}`, async () => {
      const res = await client.complete({ ref, argument: { name, value }, ...(context ? { context: { arguments: context } } : {}) });
      assertEqual(res.completion.values, want, 'values');
    });
  }
  await check(`${mode}: completing an unknown argument fails clearly`, async () => {
    const msg = await rejects(() => client.complete({ ref: prompt, argument: { name: 'colour', value: '' } }), 'complete colour');
    assert(msg.includes('colour') && msg.includes('mandator, month, language'), msg);
  });
}
