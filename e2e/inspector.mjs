// Smoke test with the MCP Inspector CLI (a second, independent client): in
// every privacy mode it lists the tools, the resource templates and the
// prompts of the built binary on the demo books, the way a user would:
//
//   npx @modelcontextprotocol/inspector --cli <binary> --demo --method tools/list
//
// and runs the Inspector's schema portability lint (--strict), which must
// find nothing: no type arrays, no untyped schemas, no remote $ref, in any
// input or output schema. The Inspector (2.x) needs Node 22; the `node`
// package in package.json brings it, and it is put first on the PATH here.
//
// Prints "N passed, M failed" last and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MODES, binary, check, finish, assert, assertEqual } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));

const bin = join(here, 'node_modules', '.bin');
const env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH}` };

// run starts the Inspector CLI with options, then the server in mode.
function run(mode, options, method) {
  const args = ['--cli', ...options, '-e', `Mcp__Privacy=${mode}`, binary(), '--demo', ...method];
  const r = spawnSync(join(bin, 'mcp-inspector'), args, { cwd: here, env, encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0) {
    throw new Error(`mcp-inspector ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  }
  return r;
}

function inspector(mode, ...method) {
  const r = run(mode, [], method);
  return JSON.parse(r.stdout.slice(r.stdout.indexOf('{')));
}

for (const mode of MODES) {
  await check(`inspector ${mode}: tools/list`, () => {
    const names = inspector(mode, '--method', 'tools/list').tools.map((t) => t.name);
    for (const t of ['list_years', 'list_accounts', 'get_balance_summary', 'get_income_statement', 'get_expenses_by_category', 'compare_years']) {
      assert(names.includes(t), `${t} missing from ${names}`);
    }
    const detail = ['list_mandators', 'get_account', 'get_transactions', 'search_transactions'];
    assertEqual(detail.filter((t) => names.includes(t)), mode === 'Aggregate' ? [] : detail, 'detail tools');
  });
  await check(`inspector ${mode}: --strict schema lint finds nothing`, () => {
    const r = run(mode, ['--strict', '--format', 'json'], ['--method', 'tools/list']);
    const envelope = JSON.parse(r.stdout);
    assert(envelope.result && envelope.result.tools.length > 0, 'no tools listed');
    assertEqual(envelope.schemaFindings ?? [], [], 'schema findings');
    assert(!/Schema portability|Warning: tool|Error: tool/.test(r.stderr), `lint output on stderr: ${r.stderr}`);
  });
  await check(`inspector ${mode}: resources/templates/list`, () => {
    assertEqual(inspector(mode, '--method', 'resources/templates/list').resourceTemplates.length, 4, 'templates');
  });
  await check(`inspector ${mode}: prompts/get monthly_cash_report`, () => {
    const res = inspector(mode, '--method', 'prompts/get', '--prompt-name', 'monthly_cash_report', '--prompt-args', 'month=2026-03');
    assert(res.messages[0].content.text.includes('2026-03-01'), 'prompt text lacks the month');
  });
}
finish();
