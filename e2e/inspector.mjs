// Smoke test with the MCP Inspector CLI (a second, independent client): in
// every privacy mode it lists the tools, the resource templates and the
// prompts of the built binary on the demo books, the way a user would:
//
//   npx @modelcontextprotocol/inspector --cli <binary> --demo --method tools/list
//
// Prints "N passed, M failed" last and exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MODES, binary, check, finish, assert, assertEqual } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));

function inspector(mode, ...method) {
  const args = ['--no-install', '@modelcontextprotocol/inspector', '--cli', '-e', `Mcp__Privacy=${mode}`, binary(), '--demo', ...method];
  const run = spawnSync('npx', args, { cwd: here, encoding: 'utf8', timeout: 120_000 });
  if (run.status !== 0) {
    throw new Error(`npx ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  }
  return JSON.parse(run.stdout.slice(run.stdout.indexOf('{')));
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
  await check(`inspector ${mode}: resources/templates/list`, () => {
    assertEqual(inspector(mode, '--method', 'resources/templates/list').resourceTemplates.length, 4, 'templates');
  });
  await check(`inspector ${mode}: prompts/get monthly_cash_report`, () => {
    const res = inspector(mode, '--method', 'prompts/get', '--prompt-name', 'monthly_cash_report', '--prompt-args', 'month=2026-03');
    assert(res.messages[0].content.text.includes('2026-03-01'), 'prompt text lacks the month');
  });
}
finish();
