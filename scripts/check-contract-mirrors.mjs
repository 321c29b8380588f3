#!/usr/bin/env node
// No hand-written copy of a request or answer type beside the contracts (issue 29, item 1): lists
// the `interface` and `type` declarations of the API's routes and of data-access that mirror a
// contract of libs/domain/src/contracts, and fails if any remain.
//
// A declaration mirrors a contract when
// - its name is a contract's name (`SeriesQuery`, `LiveEvent`, or `AcknowledgeMatchingResult` for
//   the schema `AcknowledgeMatchingResultSchema`), or
// - it is an object type (an interface, a type literal, or a member of a union of them) whose
//   property names are exactly those of an object schema of a contract (at any depth), two or more.
// Such a type should be the contract's `Static<>` type (re-exported under the same name where
// others import it), not a second description of the same wire shape.
//
// The contracts are loaded as they run (through tsx), so the property sets are the schemas' own;
// the declarations are read with the TypeScript parser. Tests and stories are left out.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { tsImport } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
const CONTRACTS = join(root, 'libs/domain/src/contracts');
const SCANNED = ['apps/api/src/modules', 'libs/data-access/src'];
const SKIPPED = /\.(test|stories)\.tsx?$|\.d\.ts$/;

/**
 * Declarations whose property names match a contract's by coincidence, not by copying a request
 * or answer: `file name` and why. Keep it short; an entry that is a copy after all is a debt.
 */
const NOT_MIRRORS = new Map([
  [
    'libs/data-access/src/tables/keys.ts AncestorStart',
    "a form's pointer to a stored row, typed by the registry's TableName, from which the console walks up the location hierarchy; no request or answer carries it",
  ],
  [
    'libs/data-access/src/filters/global-filters.tsx GlobalFilters',
    "the sidebar's country / company / farm selection (null: all), state the screens share; the report queries are built from it",
  ],
]);

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (/\.tsx?$/.test(name) && !SKIPPED.test(name)) yield path;
  }
}

/** Every object schema inside `schema` (its properties, items, union members…), with a label. */
function* objectSchemas(schema, label, seen = new Set()) {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
  seen.add(schema);
  if (schema.properties && typeof schema.properties === 'object') {
    yield { label, keys: Object.keys(schema.properties) };
    for (const [key, value] of Object.entries(schema.properties)) yield* objectSchemas(value, `${label}.${key}`, seen);
  }
  for (const key of ['items', 'additionalProperties']) yield* objectSchemas(schema[key], `${label}.${key}`, seen);
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    if (Array.isArray(schema[key])) for (const [index, member] of schema[key].entries()) yield* objectSchemas(member, `${label}.${key}[${index}]`, seen);
  }
}

const signature = (keys) => [...keys].sort().join(',');

const contractNames = new Map();
const contractShapes = new Map();
for (const name of readdirSync(CONTRACTS).filter((file) => file.endsWith('.ts'))) {
  const path = join(CONTRACTS, name);
  const file = relative(root, path);
  const module = await tsImport(pathToFileURL(path).href, import.meta.url);
  for (const [exported, value] of Object.entries(module)) {
    if (exported.endsWith('Schema')) contractNames.set(exported.slice(0, -'Schema'.length), `${file} ${exported}`);
    if (!value || typeof value !== 'object') continue;
    for (const shape of objectSchemas(value, `${file} ${exported}`)) {
      if (shape.keys.length < 2) continue;
      const key = signature(shape.keys);
      if (!contractShapes.has(key)) contractShapes.set(key, shape.label);
    }
  }
  for (const match of readFileSync(path, 'utf8').matchAll(/^export (?:type|interface) (\w+)/gm)) contractNames.set(match[1], `${file} ${match[1]}`);
}

/** The property names of an object type node, or null when it is not one. */
function propertyNames(node) {
  if (!node || !(ts.isTypeLiteralNode(node) || ts.isInterfaceDeclaration(node))) return null;
  const names = [];
  for (const member of node.members) {
    if (!ts.isPropertySignature(member) || !member.name) return null;
    names.push(member.name.getText());
  }
  return names;
}

const mirrors = [];
for (const dir of SCANNED) {
  for (const path of walk(join(root, dir))) {
    const file = relative(root, path);
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) {
        const name = node.name.text;
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        const where = `${file}:${line} ${name}`;
        if (NOT_MIRRORS.has(`${file} ${name}`)) {
          // Told apart above, with its reason.
        } else if (contractNames.has(name)) mirrors.push(`${where}: named like ${contractNames.get(name)}`);
        else {
          const body = ts.isInterfaceDeclaration(node) ? [node] : ts.isUnionTypeNode(node.type) ? node.type.types : [node.type];
          for (const member of body) {
            const names = propertyNames(member);
            if (names === null || names.length < 2) continue;
            const shape = contractShapes.get(signature(names));
            if (shape) mirrors.push(`${where}: the properties of ${shape}`);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}

if (mirrors.length > 0) {
  console.error(`${mirrors.length} hand-written type(s) mirror a contract; use the contract's Static<> type instead:`);
  for (const mirror of mirrors) console.error(`  ${mirror}`);
  process.exit(1);
}
console.log(`contract mirrors: none (${contractNames.size} contract names, ${contractShapes.size} object shapes; ${SCANNED.join(', ')})`);
