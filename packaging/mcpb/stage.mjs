// Stages the bundle: node stage.mjs DIST MANIFEST STAGE
//
// Writes STAGE/manifest.json (MANIFEST with the version of the GoReleaser
// build in DIST) and copies the binaries the manifest's commands name from
// DIST, found in DIST/artifacts.json by platform, into STAGE/server/, with
// the Linux launcher (linux-launcher.sh) that picks amd64 or arm64. File
// modes are set, not inherited, so that the bundle does not depend on the
// umask of the machine that packs it.
import { chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// GoReleaser records artifact paths relative to the folder it ran in, the
// repository's root.
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const [dist, manifestPath, stage] = process.argv.slice(2);
if (!stage) {
  console.error('usage: node stage.mjs DIST MANIFEST STAGE');
  process.exit(2);
}
const metadata = JSON.parse(readFileSync(join(dist, 'metadata.json'), 'utf8'));
const artifacts = JSON.parse(readFileSync(join(dist, 'artifacts.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
manifest.version = metadata.version;

// The bundle's folders, by the platform of the binary they hold.
const layout = [
  { dir: 'linux-amd64', goos: 'linux', goarch: 'amd64' },
  { dir: 'linux-arm64', goos: 'linux', goarch: 'arm64' },
  { dir: 'windows-amd64', goos: 'windows', goarch: 'amd64' },
  { dir: 'darwin-universal', goos: 'darwin', goarch: 'all' },
];
for (const { dir, goos, goarch } of layout) {
  const found = artifacts.filter((a) => ['Binary', 'Universal Binary'].includes(a.type) && a.goos === goos && a.goarch === goarch);
  if (found.length !== 1) {
    throw new Error(`${dist}/artifacts.json has ${found.length} binaries for ${goos}/${goarch}; want 1`);
  }
  const name = goos === 'windows' ? 'accounting-mcp.exe' : 'accounting-mcp';
  const target = join(stage, 'server', dir, name);
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(isAbsolute(found[0].path) ? found[0].path : join(root, found[0].path), target);
  chmodSync(target, 0o755);
}
// The Linux command picks one of the two Linux binaries by architecture.
const launcher = join(stage, 'server', 'linux', 'accounting-mcp');
mkdirSync(dirname(launcher), { recursive: true });
copyFileSync(join(dirname(fileURLToPath(import.meta.url)), 'linux-launcher.sh'), launcher);
chmodSync(launcher, 0o755);
// Every command the manifest names must be staged.
const config = manifest.server.mcp_config;
for (const command of [config.command, ...Object.values(config.platform_overrides ?? {}).map((o) => o.command)]) {
  const rel = command.replace('${__dirname}/', '');
  readFileSync(join(stage, rel)); // throws if the manifest names a binary that is not staged
}
writeFileSync(join(stage, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o644 });
chmodSync(join(stage, 'manifest.json'), 0o644);
console.log(`staged ${manifest.name} ${manifest.version}`);
