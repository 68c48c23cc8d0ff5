// The Claude Desktop bundle, installed and started the way Claude Desktop
// does it: the .mcpb is unpacked, its manifest's server command is resolved
// with the user's answers by getMcpConfigForManifest from @anthropic-ai/mcpb
// (the function that fills in ${__dirname} and ${user_config.*}), and the
// resulting command, arguments and environment are started by the official
// TypeScript SDK client over stdio.
//
//   ACCOUNTING_MCP_BUNDLE=../dist/accounting-mcp_<version>.mcpb \
//   ACCOUNTING_MCP_VERSION=<version> node bundle.mjs
//
// Checks: without the required data folder nothing is started; with it the
// server reports the bundle's version, lists the manifest's tools, answers
// for the configured mandator and applies the configured privacy mode; the
// macOS and Windows commands name a universal Mach-O and a PE binary in the
// bundle, stamped with the same version. Prints "N passed, M failed" last.
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getMcpConfigForManifest, unpackExtension } from '@anthropic-ai/mcpb';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { check, finish, assert, assertEqual } from './lib.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const bundle = process.env.ACCOUNTING_MCP_BUNDLE;
if (!bundle || !existsSync(bundle)) {
  console.error('set ACCOUNTING_MCP_BUNDLE to a .mcpb built by scripts/release.sh');
  process.exit(2);
}
const dataPath = resolve(here, '..', 'fixtures', 'demo');
const home = homedir();
const systemDirs = { HOME: home, DESKTOP: join(home, 'Desktop'), DOCUMENTS: join(home, 'Documents'), DOWNLOADS: join(home, 'Downloads') };

const dir = mkdtempSync(join(tmpdir(), 'accounting-mcp-bundle-'));
if (!(await unpackExtension({ mcpbPath: resolve(bundle), outputDir: dir, silent: true }))) {
  console.error(`could not unpack ${bundle}`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));

// resolveFor resolves the server command as Claude Desktop would on platform.
async function resolveFor(userConfig, platform = process.platform) {
  const real = process.platform;
  Object.defineProperty(process, 'platform', { value: platform });
  try {
    return await getMcpConfigForManifest({ manifest, extensionPath: dir, systemDirs, userConfig, pathSeparator: sep });
  } finally {
    Object.defineProperty(process, 'platform', { value: real });
  }
}

async function start(config) {
  const transport = new StdioClientTransport({ command: config.command, args: config.args ?? [], env: config.env, stderr: 'pipe' });
  const client = new Client({ name: 'accounting-mcp-bundle-e2e', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

await check('bundle: the manifest carries the release version', () => {
  const want = process.env.ACCOUNTING_MCP_VERSION;
  assert(want === undefined || manifest.version === want, `manifest version ${manifest.version}; the release is ${want}`);
  assert(manifest.version !== '0.0.0', 'the bundle kept the placeholder version of the committed manifest');
});

await check('bundle: nothing starts without the required data folder', async () => {
  assertEqual(await resolveFor({}), undefined, 'config without data_path');
});

await check('bundle: defaults (Full, no default mandator)', async () => {
  const config = await resolveFor({ data_path: dataPath });
  const { Settings__DataPath, Settings__DefaultMandator, Mcp__Privacy } = config.env;
  assertEqual({ Settings__DataPath, Settings__DefaultMandator, Mcp__Privacy }, { Settings__DataPath: dataPath, Settings__DefaultMandator: '', Mcp__Privacy: 'Full' }, 'environment');
  const client = await start(config);
  try {
    assertEqual(client.getServerVersion().version, manifest.version, 'serverInfo.version against the manifest');
    const names = (await client.listTools()).tools.map((t) => t.name).sort();
    assertEqual(names, manifest.tools.map((t) => t.name).sort(), 'tools against the manifest');
    const res = await client.callTool({ name: 'get_balance_summary', arguments: { mandator: 'Claudio Schaad', year: 2025 } });
    assert(!res.isError, JSON.stringify(res.structuredContent));
    assert(/^-?[0-9]+\.[0-9]{2}$/.test(res.structuredContent.totalActivaChf), `totalActivaChf ${res.structuredContent.totalActivaChf}`);
  } finally {
    await client.close();
  }
});

await check('bundle: default mandator and Aggregate mode from the user config', async () => {
  const client = await start(await resolveFor({ data_path: dataPath, default_mandator: 'Verein Zürichsee', privacy: 'Aggregate' }));
  try {
    const names = (await client.listTools()).tools.map((t) => t.name);
    assert(!names.includes('get_transactions') && names.includes('get_balance_summary'), `Aggregate tools: ${names}`);
    const res = await client.callTool({ name: 'get_balance_summary', arguments: { year: 2025 } });
    assertEqual(res.structuredContent.mandator, 'Verein Zürichsee', 'mandator');
  } finally {
    await client.close();
  }
});

// The macOS and Windows binaries cannot run here: their format and stamp
// are read instead.
const version = Buffer.from(manifest.version);
for (const [platform, format, magic] of [
  ['darwin', 'universal Mach-O (x86_64 and arm64)', (b) => b.readUInt32BE(0) === 0xcafebabe && b.readUInt32BE(4) === 2 &&
    [b.readUInt32BE(8), b.readUInt32BE(28)].sort().join() === [0x01000007, 0x0100000c].join()],
  ['win32', 'PE', (b) => b.toString('latin1', 0, 2) === 'MZ'],
]) {
  await check(`bundle: the ${platform} command is a ${format} binary of this version`, async () => {
    const config = await resolveFor({ data_path: dataPath }, platform);
    assert(config.command.startsWith(dir), `command ${config.command} is outside the bundle`);
    const b = readFileSync(config.command);
    assert(magic(b), `${config.command} is not a ${format} binary`);
    assert(b.includes(version), `${config.command} is not stamped ${manifest.version}`);
  });
}
// The Linux command is a launcher that picks the binary of the machine's
// architecture; both must be there, stamped with this version, since an
// MCPB manifest declares Linux as a whole (amd64 runs above, through it).
for (const [arch, machine] of [['amd64', 0x3e], ['arm64', 0xb7]]) {
  await check(`bundle: the Linux ${arch} server is an ELF ${arch} binary of this version`, () => {
    const b = readFileSync(join(dir, 'server', `linux-${arch}`, 'accounting-mcp'));
    assert(b.toString('latin1', 1, 4) === 'ELF' && b.readUInt16LE(18) === machine, `server/linux-${arch}/accounting-mcp is not an ELF ${arch} binary`);
    assert(b.includes(version), `server/linux-${arch}/accounting-mcp is not stamped ${manifest.version}`);
  });
}
await check('bundle: the Linux command is the launcher', async () => {
  const config = await resolveFor({ data_path: dataPath }, 'linux');
  assert(config.command === join(dir, 'server', 'linux', 'accounting-mcp'), `linux command ${config.command}`);
  const script = readFileSync(config.command, 'utf8');
  assert(script.startsWith('#!/bin/sh') && script.includes('linux-$arch/accounting-mcp'), 'the Linux command is not the launcher');
});
finish();
