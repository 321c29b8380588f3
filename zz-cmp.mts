const [, , a, b] = process.argv;
const before = await import(a!);
const after = await import(b!);
let bad = 0;
for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
  const x = JSON.stringify(before[key], (_k, v) => (typeof v === 'function' ? String(v) : v));
  const y = JSON.stringify(after[key], (_k, v) => (typeof v === 'function' ? String(v) : v));
  if (x !== y) { bad++; console.log('DIFF', key); }
}
console.log(bad === 0 ? 'ALL SAME' : `${bad} differ`, Object.keys(after).length);
