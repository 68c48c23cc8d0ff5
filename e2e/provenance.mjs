// dataAsOf on books read from disk: the hand-check books are copied to a
// temporary folder, their files given known modification times, and the
// answer must carry the latest of them as an RFC 3339 date-time.
import { cpSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect, check, assert, assertEqual, validate } from './lib.mjs';

const handcheck = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'handcheck');

export async function checkDataAsOf() {
  const dir = mkdtempSync(join(tmpdir(), 'accounting-mcp-e2e-'));
  let client;
  try {
    cpSync(handcheck, dir, { recursive: true });
    const data = (y) => join(dir, String(y), 'Muster', 'Data');
    const stamps = {
      [join(data(2025), 'Accounts.xml')]: '2025-12-31T17:00:00Z',
      [join(data(2025), 'Transactions.xml')]: '2026-01-15T08:30:07Z', // latest of 2025
      [join(data(2026), 'Transactions.xml')]: '2026-11-28T15:45:12Z', // latest of 2026
    };
    for (const f of [join(data(2025), 'SubClasses.xml'), join(data(2025), 'BankTransactions.xml'), join(data(2026), 'Accounts.xml'), join(data(2026), 'SubClasses.xml')]) {
      stamps[f] = '2025-01-02T09:00:00Z';
    }
    for (const [file, at] of Object.entries(stamps)) utimesSync(file, new Date(at), new Date(at));
    client = await connect('Aggregate', ['--data-path', dir]);
    const { tools } = await client.listTools();
    const schema = (name) => tools.find((t) => t.name === name).outputSchema;
    for (const [tool, args, want] of [
      ['get_balance_summary', { year: 2025 }, '2026-01-15T08:30:07Z'],
      ['compare_years', { years: [2025, 2026] }, '2026-11-28T15:45:12Z'],
    ]) {
      await check(`disk: ${tool} ${JSON.stringify(args)} dataAsOf`, async () => {
        const res = await client.callTool({ name: tool, arguments: args });
        const got = res.structuredContent.dataAsOf;
        assert(typeof got === 'string' && /(Z|[+-]\d\d:\d\d)$/.test(got), `dataAsOf ${got} has no offset`);
        validate(schema(tool), res.structuredContent, 'structuredContent'); // ajv-formats checks date-time
        assertEqual(new Date(got).toISOString(), new Date(want).toISOString(), 'dataAsOf');
      });
    }
    await check('disk: list_years reads no books and has no dataAsOf', async () => {
      const res = await client.callTool({ name: 'list_years', arguments: {} });
      assert(!('dataAsOf' in res.structuredContent), JSON.stringify(res.structuredContent));
    });
  } finally {
    if (client) await client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
