// Builds ../charts.html: the view's modules (src/), the official MCP Apps
// SDK and Observable Plot, bundled by esbuild into one self-contained HTML
// file with inline script and style. `node build.mjs --check` builds in
// memory and fails if the committed file differs (CI runs it after `npm ci`).
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "..", "charts.html");

// zod (which the SDK uses to check the host's messages) re-exports all of
// its ~40 message locales through one module, so a bundler cannot drop the
// ones nobody calls: about 265 KB. zod itself configures English, and
// neither the SDK nor the view selects another, so that module is replaced
// by one that exports English only. The build fails if zod's layout changes
// and the module is not found exactly once.
const require = createRequire(import.meta.url);
const zodLocales = join(dirname(require.resolve("zod/v4/locales")), "index.js");
let localesReplaced = 0;
const englishOnly = {
  name: "zod-english-only",
  setup(build) {
    build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, (args) => {
      if (args.path !== zodLocales) return undefined;
      localesReplaced++;
      return { contents: 'export { default as en } from "./en.js";', resolveDir: dirname(args.path), loader: "js" };
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
    charset: "utf8",
    legalComments: "eof",
    logLevel: "warning",
    plugins: [englishOnly],
  });
  if (localesReplaced !== 1) {
    throw new Error(`zod's locales module (${zodLocales}) was replaced ${localesReplaced} times; want 1: check zod's layout`);
  }
  // "</script" inside the script would end the element early.
  const js = result.outputFiles[0].text.replaceAll("</script", "<\\/script");
  const css = await readFile(join(here, "src", "style.css"), "utf8");
  const page = await readFile(join(here, "src", "index.html"), "utf8");
  const parts = page.split(/\/\*STYLE\*\/|\/\*SCRIPT\*\//);
  if (parts.length !== 3) throw new Error("src/index.html must hold /*STYLE*/ and /*SCRIPT*/ once each");
  return parts[0] + css.trim() + parts[1] + js.trim() + parts[2];
}

const html = await build();
if (process.argv.includes("--check")) {
  const committed = await readFile(out, "utf8").catch(() => "");
  if (committed !== html) {
    console.error(`${out} differs from a fresh build (${committed.length} vs ${html.length} bytes): run npm run build in tools/views/web and commit it`);
    process.exit(1);
  }
  console.log(`charts.html matches a fresh build: ${Buffer.byteLength(html)} bytes`);
} else {
  await writeFile(out, html);
  console.log(`wrote ${out}: ${Buffer.byteLength(html)} bytes`);
}
