// Writes and validates the MCP registry's server.json of a release:
//
//   node e2e/registry.mjs DIST
//
// DIST is a release build (scripts/release.sh). DIST/server.json is
// packaging/registry/server.base.json with the release's version, the
// bundle's download URL on the GitHub release and the SHA-256 of the bundle
// file in DIST. It must pass the registry's own schema
// (packaging/registry/server.schema.json, 2025-12-11, draft-07 with
// formats) and the registry's rules for MCPB packages, and copies broken in
// each way those check must fail (see packaging/registry/README.md).
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assert, assertEqual, check, finish } from './lib.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.argv[2];
if (!dist) {
  console.error('usage: node e2e/registry.mjs DIST');
  process.exit(2);
}
const registry = join(repo, 'packaging', 'registry');
const schema = JSON.parse(readFileSync(join(registry, 'server.schema.json'), 'utf8'));
const base = JSON.parse(readFileSync(join(registry, 'server.base.json'), 'utf8'));
const { version } = JSON.parse(readFileSync(join(dist, 'metadata.json'), 'utf8'));
const bundles = JSON.parse(readFileSync(join(dist, 'artifacts.json'), 'utf8'))
  .map((a) => a.path).filter((p) => p.endsWith('.mcpb'));
const bundle = bundles.length === 1 ? bundles[0] : join(dist, `accounting-mcp_${version}.mcpb`);
const bundlePath = bundle.startsWith('/') ? bundle : join(repo, bundle);
const sha256 = createHash('sha256').update(readFileSync(bundlePath)).digest('hex');

const server = structuredClone(base);
server.version = version;
Object.assign(server.packages[0], {
  identifier: `${base.repository.url}/releases/download/v${version}/${basename(bundlePath)}`,
  version,
  fileSha256: sha256,
});
writeFileSync(join(dist, 'server.json'), JSON.stringify(server, null, 2) + '\n');

// The registry validates draft-07 with formats; its schema carries OpenAPI's
// "example" keyword, which only a lax validator accepts.
const validate = addFormats(new Ajv({ strict: false, allErrors: true })).compile(schema);

// mcpbProblems applies the registry's rules for an MCPB package
// (internal/validators/registries/mcpb.go of the registry, v1.8.9) that
// need no network.
function mcpbProblems(s) {
  const out = [];
  for (const p of s.packages ?? []) {
    if (p.registryType !== 'mcpb') continue;
    if (!p.fileSha256) out.push('no fileSha256');
    if (p.registryBaseUrl) out.push('registryBaseUrl set');
    let url;
    try {
      url = new URL(p.identifier);
    } catch {
      out.push(`identifier ${p.identifier} is not a URL`);
      continue;
    }
    if (url.protocol !== 'https:') out.push(`identifier ${p.identifier} is not HTTPS`);
    if (!['github.com', 'www.github.com', 'gitlab.com', 'www.gitlab.com'].includes(url.host.toLowerCase())) out.push(`identifier host ${url.host} is not GitHub or GitLab`);
    if (!p.identifier.toLowerCase().includes('mcp')) out.push(`identifier ${p.identifier} does not contain "mcp"`);
  }
  return out;
}

await check(`registry: DIST/server.json of ${version} passes the registry's 2025-12-11 schema`, () => {
  assertEqual(schema.$id, 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json', 'schema $id');
  assertEqual(server.$schema, schema.$id, 'server.json $schema');
  assert(validate(server), `schema errors: ${JSON.stringify(validate.errors)}`);
});
await check('registry: the MCPB package follows the registry\'s rules', () => {
  const problems = mcpbProblems(server);
  assert(problems.length === 0, problems.join('; '));
  assertEqual(server.packages[0].fileSha256, sha256, 'fileSha256 (the bundle file\'s)');
  assert(server.packages[0].identifier.endsWith(`/v${version}/accounting-mcp_${version}.mcpb`), `identifier ${server.packages[0].identifier}`);
});
await check('registry: the bundle named is the one the manifest describes', () => {
  const manifest = JSON.parse(readFileSync(join(repo, 'packaging', 'mcpb', 'manifest.json'), 'utf8'));
  const envs = Object.keys(manifest.server.mcp_config.env);
  for (const e of server.packages[0].environmentVariables) assert(envs.includes(e.name), `server.json names ${e.name}, which the bundle's manifest does not set`);
  assertEqual(manifest.server.mcp_config.env.Settings__DataPath, '${user_config.data_path}', 'the manifest\'s data path');
});
// Broken copies: each must be rejected, so that the checks above can fail.
const broken = [
  ['a description over 100 characters', (s) => { s.description = 'x'.repeat(101); }, 'schema'],
  ['a name without a namespace', (s) => { s.name = 'accounting-mcp'; }, 'schema'],
  ['no version', (s) => { delete s.version; }, 'schema'],
  ['package version "latest"', (s) => { s.packages[0].version = 'latest'; }, 'schema'],
  ['a hash that is not SHA-256 hex', (s) => { s.packages[0].fileSha256 = sha256.toUpperCase(); }, 'schema'],
  ['no fileSha256', (s) => { delete s.packages[0].fileSha256; }, 'mcpb'],
  ['a download URL off GitHub', (s) => { s.packages[0].identifier = `https://example.com/accounting-mcp_${version}.mcpb`; }, 'mcpb'],
  ['a plain-HTTP download URL', (s) => { s.packages[0].identifier = s.packages[0].identifier.replace('https:', 'http:'); }, 'mcpb'],
];
for (const [what, breakIt, by] of broken) {
  await check(`registry: a server.json with ${what} is rejected (${by})`, () => {
    const s = structuredClone(server);
    breakIt(s);
    const rejected = by === 'schema' ? !validate(s) : mcpbProblems(s).length > 0;
    assert(rejected, `${what} passed`);
  });
}
finish();
