// Money as the tool wrote it: decimal strings with two decimals. They are
// shown exactly, only grouped by thousands as Swiss users write them
// (1'234.50); the few derived figures (a change between years, a share of
// a total) are computed in whole cents with BigInt, never in floating point.

const decimal = /^(-?)(\d+)\.(\d\d)$/;

// isAmount reports whether v is a money string of the tool's form.
export function isAmount(v) {
  return typeof v === "string" && decimal.test(v);
}

// chf formats a money string: "-1234.50" → "-1'234.50".
export function chf(s) {
  const m = decimal.exec(s);
  if (!m) throw new Error(`not an amount: ${JSON.stringify(s)}`);
  const [, sign, int, frac] = m;
  return `${sign}${int.replace(/\B(?=(\d{3})+(?!\d))/g, "'")}.${frac}`;
}

// cents returns a money string as a BigInt of cents.
export function cents(s) {
  const m = decimal.exec(s);
  if (!m) throw new Error(`not an amount: ${JSON.stringify(s)}`);
  const v = BigInt(m[2]) * 100n + BigInt(m[3]);
  return m[1] ? -v : v;
}

// fromCents writes a BigInt of cents as a money string.
export function fromCents(c) {
  const neg = c < 0n;
  const a = neg ? -c : c;
  return `${neg ? "-" : ""}${a / 100n}.${String(a % 100n).padStart(2, "0")}`;
}

// change returns b − a, formatted, with an explicit sign: "+1'234.50".
export function change(a, b) {
  const d = chf(fromCents(cents(b) - cents(a)));
  return d.startsWith("-") ? d : `+${d}`;
}

// share returns part/total as a percentage with one decimal, rounded half
// away from zero ("35.6 %"), or "" when the total is zero.
export function share(part, total) {
  const t = cents(total);
  if (t === 0n) return "";
  const n = cents(part) * 1000n;
  let q = n / t;
  const r = n % t;
  const abs = (x) => (x < 0n ? -x : x);
  if (2n * abs(r) >= abs(t)) q += (n < 0n) !== (t < 0n) ? -1n : 1n;
  const neg = q < 0n;
  const a = abs(q);
  return `${neg ? "-" : ""}${a / 10n}.${a % 10n} %`;
}

// value is the number used only to place a bar or point: never shown.
export function value(s) {
  return Number(s);
}

// unbroken joins "CHF" to the amount after it with a no-break space, so that
// a tooltip that wraps a long label never puts them on different lines.
export function unbroken(label) {
  return label.replaceAll("CHF ", "CHF\u00a0");
}
