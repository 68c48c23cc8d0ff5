// Builds ../charts.html: the view's modules (src/), the official MCP Apps
// SDK and Observable Plot, bundled by esbuild into one self-contained HTML
// file with inline script and style. `node build.mjs --check` builds in
// memory and fails if the committed file differs (CI runs it after `npm ci`).
// Both print the file's size, raw and gzipped.
import { readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import * as esbuild from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "..", "charts.html");

// The SDK's App module imports zod as `import { z } from "zod/v4"`, a
// namespace re-exported under a name, which esbuild must keep whole: every
// schema kind, JSON Schema conversion and ~40 message locales (about 90 KB
// more than the App uses, after dropping the locales). A namespace import of
// the same module, `import * as z`, gives the same members, and esbuild keeps
// only those the App reads (z.object, z.literal, …). The build fails if the
// SDK's module has no such import, or one of another form, so that a
// changed SDK is noticed.
const APP_MODULE = /[\\/]@modelcontextprotocol[\\/]ext-apps[\\/]dist[\\/]src[\\/]app\.js$/;
const NAMED_ZOD = /import\{z as ([\w$]+)\}from"zod\/v4";?/g;
let zodImports = -1;
const zodNamespace = {
  name: "zod-namespace-import",
  setup(build) {
    build.onLoad({ filter: APP_MODULE }, async (args) => {
      const text = await readFile(args.path, "utf8");
      zodImports = [...text.matchAll(NAMED_ZOD)].length;
      const contents = text.replace(NAMED_ZOD, 'import*as $1 from"zod/v4";');
      if (/import\s*\{[^}]*\}\s*from\s*"zod/.test(contents)) zodImports = -1;
      return { contents, loader: "js" };
    });
  },
};

// The App needs only the Protocol class of @modelcontextprotocol/client and
// schemas of @modelcontextprotocol/core, but the client's entry re-exports
// OAuth, HTTP transports and a JSON Schema validator as well (about 70 KB).
// Neither package says "sideEffects": false, so esbuild keeps every module
// they import; their modules only declare (checked by reading them: no
// top-level statement but declarations, imports and the client's schema
// registry, which the App's Protocol module keeps), so they are marked free
// of side effects and esbuild leaves out the modules nothing uses.
const SDK_PACKAGE = /^@modelcontextprotocol\/(client|core)(\/|$)/;
const IN_SDK_PACKAGE = /[\\/]node_modules[\\/]@modelcontextprotocol[\\/](client|core)[\\/]/;
const sdkSideEffectFree = {
  name: "sdk-side-effect-free",
  setup(build) {
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData?.inner) return undefined;
      if (!SDK_PACKAGE.test(args.path) && !(args.path.startsWith(".") && IN_SDK_PACKAGE.test(args.importer))) return undefined;
      const r = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { inner: true } });
      if (r.errors.length) return { errors: r.errors };
      return { ...r, sideEffects: false };
    });
  },
};

async function build() {
  const result = await esbuild.build({
    entryPoints: [join(here, "src", "main.js")],
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2022",
    platform: "browser",
    write: false,
    metafile: true,
    charset: "utf8",
    legalComments: "eof",
    logLevel: "warning",
    plugins: [zodNamespace, sdkSideEffectFree],
  });
  if (zodImports < 1) {
    throw new Error("the SDK's App module no longer imports zod as { z } from \"zod/v4\" alone: check the SDK's layout and zodNamespace");
  }
  const inputs = Object.keys(Object.values(result.metafile.outputs)[0].inputs);
  const locales = inputs.filter((f) => /zod[\\/]v4[\\/]locales[\\/](?!en\.js$)/.test(f));
  if (locales.length) throw new Error(`zod locales besides English are bundled: ${locales.join(", ")}`);
  // "</script" inside the script would end the element early.
  const js = result.outputFiles[0].text.replaceAll("</script", "<\\/script");
  const css = await readFile(join(here, "src", "style.css"), "utf8");
  const page = await readFile(join(here, "src", "index.html"), "utf8");
  const parts = page.split(/\/\*STYLE\*\/|\/\*SCRIPT\*\//);
  if (parts.length !== 3) throw new Error("src/index.html must hold /*STYLE*/ and /*SCRIPT*/ once each");
  return parts[0] + css.trim() + parts[1] + js.trim() + parts[2];
}

// size reports a file's bytes, raw and gzipped (level 9).
function size(html) {
  return `${Buffer.byteLength(html)} bytes, ${gzipSync(html, { level: 9 }).length} gzipped`;
}

const html = await build();
if (process.argv.includes("--check")) {
  const committed = await readFile(out, "utf8").catch(() => "");
  if (committed !== html) {
    console.error(`${out} differs from a fresh build (${committed.length} vs ${html.length} bytes): run npm run build in tools/views/web and commit it`);
    process.exit(1);
  }
  console.log(`charts.html matches a fresh build: ${size(html)}`);
} else {
  await writeFile(out, html);
  console.log(`wrote ${out}: ${size(html)}`);
}
