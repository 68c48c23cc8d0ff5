// Shared pieces of the end-to-end suite: the binary to test, a client per
// privacy mode, counted checks, and JSON Schema validation with ajv.
import { existsSync } from 'node:fs';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const here = dirname(fileURLToPath(import.meta.url));

/** The binary under test: $ACCOUNTING_MCP_BIN, else ../accounting-mcp. */
export function binary() {
  const bin = resolve(process.env.ACCOUNTING_MCP_BIN || resolve(here, '..', 'accounting-mcp'));
  if (!existsSync(bin)) {
    console.error(`no binary at ${bin}: build it (go build -o accounting-mcp ./cmd/accounting-mcp) or set ACCOUNTING_MCP_BIN`);
    process.exit(2);
  }
  return bin;
}

export const MODES = ['Full', 'Aggregate', 'Local'];

/** connect starts the binary on the demo books in privacy mode and returns a client. */
export async function connect(mode, args = ['--demo']) {
  const transport = new StdioClientTransport({
    command: binary(),
    args: [...args, '--privacy', mode],
    stderr: 'pipe',
  });
  const client = new Client({ name: 'accounting-mcp-e2e', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

let passed = 0;
let failed = 0;

/** check records one named check: fn passes unless it throws. */
export async function check(name, fn) {
  try {
    await fn();
    passed++;
  } catch (err) {
    failed++;
    console.log(`FAIL ${name}: ${err && err.message ? err.message : err}`);
  }
}

/** finish prints the closing count line and sets the exit code. */
export function finish() {
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
}

export function assert(cond, message) {
  if (!cond) throw new Error(message);
}

export function assertEqual(got, want, what) {
  if (!isDeepStrictEqual(got, want)) {
    throw new Error(`${what}: got ${JSON.stringify(got)}; want ${JSON.stringify(want)}`);
  }
}

/** rejects runs fn, which must fail, and returns the error's message. */
export async function rejects(fn, what) {
  try {
    await fn();
  } catch (err) {
    return String(err && err.message ? err.message : err);
  }
  throw new Error(`${what} succeeded; want an error`);
}

// strict: true (ajv's strictRequired, strictTypes and the rest): a schema
// that a strict validator rejects fails here, not only in some client.
const ajv07 = addFormats(new Ajv({ strict: true, allErrors: true }));
const ajv2020 = addFormats(new Ajv2020({ strict: true, allErrors: true }));
const compiled = new Map();

/**
 * strictProblems compiles schema as draft-07 and as draft 2020-12 (the
 * dialect MCP 2025-11-25 names as the default) with ajv strict: true, and
 * returns what either rejects.
 */
export function strictProblems(schema) {
  const out = [];
  for (const [dialect, Class] of [['draft-07', Ajv], ['2020-12', Ajv2020]]) {
    try {
      addFormats(new Class({ strict: true, allErrors: true })).compile(schema);
    } catch (err) {
      out.push(`${dialect}: ${err.message}`);
    }
  }
  return out;
}

/** validate checks data against a JSON Schema, formats included. */
export function validate(schema, data, what) {
  const key = JSON.stringify(schema);
  let fn = compiled.get(key);
  if (!fn) {
    const ajv = String(schema.$schema || '').includes('2020-12') ? ajv2020 : ajv07;
    fn = ajv.compile(schema);
    compiled.set(key, fn);
  }
  if (!fn(data)) {
    throw new Error(`${what} does not match its schema: ${ajv07.errorsText(fn.errors)}`);
  }
}

/** encode percent-encodes a mandator for a resource URI (everything but unreserved). */
export function encode(s) {
  return Array.from(new TextEncoder().encode(s), (b) => {
    const c = String.fromCharCode(b);
    return /[A-Za-z0-9\-._~]/.test(c) ? c : '%' + b.toString(16).toUpperCase().padStart(2, '0');
  }).join('');
}
