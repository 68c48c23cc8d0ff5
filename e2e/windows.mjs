// The Windows lane (docs/windows.md): the official TypeScript MCP client
// drives accounting-mcp.exe under Wine over stdio and the Linux binary on
// the same books, in every privacy mode, and requires every answer to be
// the same, byte for byte; then doctor, export and config claude-desktop,
// and bad input. The .exe gets a Windows-style data path (drive letter Z:,
// which Wine maps to /, backslashes, a trailing backslash), and one
// mandator folder is named in other capitals than the requests use.
// Prints "N passed, M failed" last and exits non-zero on any failure.
//
//   ACCOUNTING_MCP_BIN=/path/to/accounting-mcp \
//   ACCOUNTING_MCP_EXE=/path/to/accounting-mcp.exe \
//   WINEPREFIX=/tmp/prefix WINEDEBUG=-all node windows.mjs
import { cpSync, mkdtempSync, renameSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { MODES, check, finish, assert, assertEqual } from './lib.mjs';
import { casesFor } from './tool-args.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const linuxBin = resolve(process.env.ACCOUNTING_MCP_BIN || join(here, '..', 'accounting-mcp'));
const exe = resolve(process.env.ACCOUNTING_MCP_EXE || join(here, '..', 'accounting-mcp.exe'));
const wine = process.env.WINE || 'wine';
for (const f of [linuxBin, exe]) {
  if (!existsSync(f)) {
    console.error(`no binary at ${f}: set ACCOUNTING_MCP_BIN and ACCOUNTING_MCP_EXE (see docs/windows.md)`);
    process.exit(2);
  }
}

// The books: the demo books on disk, with Claudio Schaad's folders named
// in capitals in every year, while every request says "Claudio Schaad".
const work = mkdtempSync(join(tmpdir(), 'accounting-mcp-windows-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
const books = join(work, 'books');
// Copied with new file times: a folder newer than every file in it is how a
// save in progress looks (reader/saving.go), as a copy that keeps the old
// file times would for 30 s.
cpSync(join(here, '..', 'fixtures', 'demo'), books, { recursive: true });
for (const year of readdirSync(books)) {
  if (existsSync(join(books, year, 'Claudio Schaad'))) {
    renameSync(join(books, year, 'Claudio Schaad'), join(books, year, 'CLAUDIO SCHAAD'));
  }
}
/** winPath is the path Wine's drive Z: gives a Linux path, with backslashes. */
const winPath = (p) => 'Z:' + p.replaceAll('/', '\\');
const winBooks = winPath(books) + '\\'; // the trailing backslash a user may type
const env = { ...process.env, WINEDEBUG: process.env.WINEDEBUG || '-all' };
delete env.DISPLAY; // console programs need no X server

const linux = (args) => ({ command: linuxBin, args: ['--data-path', books, ...args] });
const windows = (args) => ({ command: wine, args: [exe, '--data-path', winBooks, ...args] });

async function connect(side, mode) {
  const { command, args } = side(['--privacy', mode]);
  const client = new Client({ name: 'accounting-mcp-windows', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command, args, env, stderr: 'pipe' }));
  return client;
}

// same compares two answers byte for byte, as JSON text (the SDK parses
// each message; the text content inside is compared as the server sent
// it). No normalisation is needed: every path in an answer is relative to
// the data root and written with slashes on both systems, and both read
// the same files, so dataAsOf (the files' modification time) is the same.
function same(lin, win, what, names = ['Linux', 'Windows']) {
  const a = JSON.stringify(lin);
  const b = JSON.stringify(win);
  if (a !== b) {
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    throw new Error(`${what}: ${names[1]} differs from ${names[0]} at ${i}: ${names[0]} …${a.slice(Math.max(0, i - 60), i + 80)}… ${names[1]} …${b.slice(Math.max(0, i - 60), i + 80)}…`);
  }
}

let calls = 0;
for (const mode of MODES) {
  let lin, win;
  await check(`${mode}: both connect`, async () => {
    [lin, win] = await Promise.all([connect(linux, mode), connect(windows, mode)]);
    same(lin.getServerVersion().name, win.getServerVersion().name, 'server name');
    same(lin.getServerCapabilities(), win.getServerCapabilities(), 'capabilities');
    same(lin.getInstructions(), win.getInstructions(), 'instructions');
  });
  if (!lin || !win) continue;
  try {
    const [lt, wt] = await Promise.all([lin.listTools(), win.listTools()]);
    await check(`${mode}: tools/list`, () => same(lt, wt, 'tools/list'));
    const extra = [
      { mandator: 'CLAUDIO SCHAAD', year: 2025 }, // the folder's own capitals
      { mandator: 'Nobody', year: 2025 }, // an unknown mandator: the same error
      { mandator: 'Claudio Schaad', year: 1999 }, // a year without books
    ];
    for (const tool of lt.tools) {
      const cases = casesFor(tool.name, mode) || [];
      const more = 'year' in (tool.inputSchema.properties || {}) && 'mandator' in (tool.inputSchema.properties || {}) ? extra : [];
      for (const args of [...cases, ...more]) {
        await check(`${mode}: ${tool.name} ${JSON.stringify(args)}`, async () => {
          const [a, b] = await Promise.all([
            lin.callTool({ name: tool.name, arguments: args }),
            win.callTool({ name: tool.name, arguments: args }),
          ]);
          calls++;
          if (cases.includes(args)) assert(!a.isError, `Linux error ${JSON.stringify(a.structuredContent)}`);
          same(a, b, 'answer');
        });
      }
    }
    const [lr, wr] = await Promise.all([lin.listResources(), win.listResources()]);
    await check(`${mode}: resources/list`, () => same(lr, wr, 'resources/list'));
    for (const r of lr.resources) {
      await check(`${mode}: read ${r.uri}`, async () => {
        const [a, b] = await Promise.all([lin.readResource({ uri: r.uri }), win.readResource({ uri: r.uri })]);
        calls++;
        same(a, b, r.uri);
      });
    }
    for (const uri of ['accounting://Claudio%20Schaad/2025/income-statement', 'accounting://Verein%20Z%C3%BCrichsee/2026/balance-summary']) {
      if (mode === 'Aggregate') break; // templates read per mandator only where mandators are named
      await check(`${mode}: read ${uri}`, async () => {
        const [a, b] = await Promise.all([lin.readResource({ uri }), win.readResource({ uri })]);
        calls++;
        same(a, b, uri);
      });
    }
    const [lp, wp] = await Promise.all([lin.listPrompts(), win.listPrompts()]);
    await check(`${mode}: prompts/list`, () => same(lp, wp, 'prompts/list'));
    await check(`${mode}: completion of mandator`, async () => {
      const ref = { type: 'ref/resource', uri: 'accounting://{mandator}/{year}/income-statement' };
      const argument = { name: 'mandator', value: 'cl' };
      const [a, b] = await Promise.all([lin.complete({ ref, argument }), win.complete({ ref, argument })]);
      same(a, b, 'completion');
    });
  } finally {
    await Promise.all([lin.close(), win.close()]);
  }
}

// A save under way never reads as empty books: while a saver takes
// Transactions.xml away (deleted, or renamed away) and writes it again
// 20 ms later, every answer of one long-running server is either the
// answer before the saves or a retryable error, on both systems.
for (const how of ['delete', 'rename']) {
  await check(`saves by ${how} then write: no answer as if the year had no postings`, async () => {
    const [lin, win] = await Promise.all([connect(linux, 'Full'), connect(windows, 'Full')]);
    try {
      const args = { mandator: 'Claudio Schaad', year: 2025 };
      const call = (c) => c.callTool({ name: 'get_income_statement', arguments: args });
      // Each save gives the file a new modification time, which dataAsOf
      // reports: it is left out of this comparison, and only of this one.
      const figures = (res) => ({ ...res.structuredContent, dataAsOf: undefined });
      const want = [figures(await call(lin)), figures(await call(win))];
      same(want[0], want[1], 'before the saves');
      const file = join(books, '2025', 'CLAUDIO SCHAAD', 'Data', 'Transactions.xml');
      const content = readFileSync(file);
      let stop = false;
      const saver = (async () => {
        while (!stop) {
          if (how === 'delete') rmSync(file);
          else renameSync(file, file + '.bak');
          await new Promise((r) => setTimeout(r, 20));
          writeFileSync(file + '.new', content);
          renameSync(file + '.new', file);
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      const tally = { right: 0, retryable: 0 };
      try {
        for (let i = 0; i < 30; i++) {
          const got = await Promise.all([call(lin), call(win)]);
          got.forEach((res, side) => {
            if (res.isError && res.structuredContent?.error?.retryable) tally.retryable++;
            else {
              same(want[side], figures(res), `${side ? 'Windows' : 'Linux'} answer`, ['before the saves', 'during the saves']);
              tally.right++;
            }
          });
        }
      } finally {
        stop = true;
        await saver;
      }
      console.log(`saves by ${how}: ${tally.right} answers as before, ${tally.retryable} retryable, 0 wrong`);
    } finally {
      await Promise.all([lin.close(), win.close()]);
    }
  });
}

/** run runs a command line of side and returns its exit code, stdout and stderr. */
function run(side, args) {
  const { command, args: argv } = side(args);
  return new Promise((done) => {
    execFile(command, argv, { env, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      done({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
    });
  });
}

const winExe = winPath(exe);
const bare = (args) => ({ command: wine, args: [exe, ...args] }); // no --data-path

await check('doctor: same report and exit code', async () => {
  const [a, b] = await Promise.all([run(linux, ['doctor']), run(windows, ['doctor'])]);
  assertEqual(b.code, a.code, 'exit code');
  // The report names files relative to the data root, with slashes on
  // both systems; its first line echoes the data path as given, the one
  // thing that differs by right: it is replaced by a mark on both sides.
  const mark = (out, path) => out.replace(`data path ${path}\n`, 'data path DATA\n');
  assert(b.stdout.includes(`data path ${winBooks}\n`), `the Windows report does not name ${winBooks}`);
  same(mark(a.stdout, books), mark(b.stdout, winBooks), 'doctor stdout');
});
for (const args of [
  ['export', '--mandator', 'Claudio Schaad'],
  ['export', '--year', '2025', '--format', 'csv', '--mandator', 'claudio schaad'],
  ['--mandator', 'Verein Zürichsee', 'export', '--format', 'journal'],
]) {
  await check(`${args.join(' ')}: same output`, async () => {
    const [a, b] = await Promise.all([run(linux, args), run(windows, args)]);
    assertEqual([b.code, a.code], [0, 0], 'exit codes');
    assert(a.stdout.length > 1000, `export wrote ${a.stdout.length} bytes`);
    same(a.stdout, b.stdout, 'export stdout');
  });
}
await check('config claude-desktop --data-path: a Windows command and path, flags after the subcommand as before', async () => {
  const after = await run(bare, ['config', 'claude-desktop', '--data-path', winBooks]);
  const before = await run(bare, ['--data-path', winBooks, 'config', 'claude-desktop']);
  assertEqual([after.code, before.code], [0, 0], `exit codes (stderr ${after.stderr} ${before.stderr})`);
  same(before.stdout, after.stdout, 'config with the flag after vs before the subcommand');
  const server = JSON.parse(after.stdout).mcpServers.accounting;
  assertEqual(server.command.toLowerCase(), winExe.toLowerCase(), 'command');
  const i = server.args.indexOf('--data-path');
  assert(i >= 0, `no --data-path in ${JSON.stringify(server.args)}`);
  assertEqual(server.args[i + 1], winPath(books), 'data path (absolute, backslashes, no trailing backslash)');
});

// Bad input: a clear error naming the path, never a crash (a Go panic
// prints "goroutine"), the same on Windows as on Linux.
const missing = join(work, 'no such folder');
for (const [what, path] of [
  ['a data path that does not exist', winPath(missing) + '\\'],
  ['a \\\\?\\ path that does not exist', '\\\\?\\' + winPath(missing)],
  ['a UNC path', '\\\\nosuchhost\\share\\AccountingData\\'],
]) {
  await check(`${what}: a clear error`, async () => {
    const r = await run(bare, ['--data-path', path, 'doctor']);
    assert(r.code !== 0, `exit code 0 for ${path}`);
    assert(!/goroutine|panic:/.test(r.stderr), `crash: ${r.stderr}`);
    assert(r.stderr.includes(path.replace(/\\$/, '')) || r.stderr.includes(path), `the error does not name ${path}: ${r.stderr}`);
  });
}
await check('a \\\\?\\ path to the books: the same answer as the plain path', async () => {
  const r = await run(bare, ['--data-path', '\\\\?\\' + winPath(books), 'call', 'get_income_statement', '{"mandator":"Claudio Schaad","year":2025}']);
  const l = await run(linux, ['call', 'get_income_statement', '{"mandator":"Claudio Schaad","year":2025}']);
  assertEqual([r.code, l.code], [0, 0], `exit codes (stderr ${r.stderr})`);
  same(l.stdout, r.stdout, 'answer');
});

console.log(`${calls} answers compared between Linux and Windows`);
finish();
