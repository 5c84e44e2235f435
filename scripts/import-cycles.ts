// Fails when a source tree has an import circle, listing each one. Run by `npm run check`
// (`npm run cycles`); its own test is import-cycles.test.ts. For the web app it also fails when two
// features depend on each other, directly or round a longer circle (features/<x>, their files'
// imports taken together; `--features` prints the graph), and when the first load's static imports
// reach a face (a face there brings all it re-exports into the first chunks: eslint.config.js, faces).
//
// Every import that survives compilation counts: static imports, re-exports and dynamic `import()`
// (a lazy import still ties the two modules together). `import type` / `export type` (and
// `import('x')` types) are erased (verbatimModuleSyntax) and count only in a tree checked at the type
// level too (`typeOnly`: the contract, whose modules must depend one way, types included) or for
// every tree with `--types`. Only the tree's own files are followed: relative specifiers (`./x`,
// `../x.js`) and the tree's aliases (`@/x` in the web app); packages are leaves.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

export interface SourceTree {
  /** The folder whose .ts/.tsx files are walked. */
  dir: string;
  /** Specifier prefixes mapped to folders, e.g. `{ '@/': 'apps/web/src' }`. */
  aliases?: Record<string, string>;
  /** Type-only imports count too: a circle of types is a circle (the contract's modules). */
  typeOnly?: boolean;
}

const SOURCE_FILE = /\.(ts|tsx|mts|cts)$/;
const CANDIDATE_SUFFIXES = ['', '.ts', '.tsx', '.mts', '.cts', '/index.ts', '/index.tsx'];

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') files.push(...sourceFiles(path));
    } else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      files.push(path);
    }
  }
  return files;
}

export interface GraphOptions {
  /** Count `import type` and `export type` too (they vanish from the built code). */
  typeOnly?: boolean;
  /** Leave dynamic `import()` out: the static graph, what a module loads with it. */
  staticOnly?: boolean;
}

function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  return ts.isImportDeclaration(node) ? (node.importClause?.isTypeOnly ?? false) : node.isTypeOnly;
}

/** The module specifiers a file imports, dynamic imports included. */
export function importSpecifiers(fileName: string, text: string, options: GraphOptions = {}): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (options.typeOnly || !isTypeOnly(node)) specifiers.push(node.moduleSpecifier.text);
    } else if (
      !options.staticOnly &&
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    } else if (
      options.typeOnly &&
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      specifiers.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

function resolveSpecifier(from: string, specifier: string, tree: SourceTree): string | null {
  let base: string | null = null;
  if (specifier.startsWith('./') || specifier.startsWith('../')) {
    base = resolve(dirname(from), specifier);
  } else {
    for (const [prefix, dir] of Object.entries(tree.aliases ?? {})) {
      if (specifier.startsWith(prefix)) base = resolve(dir, specifier.slice(prefix.length));
    }
  }
  if (base === null) return null;
  const bases = [base, base.replace(/\.(m|c)?jsx?$/, '')];
  for (const stem of bases) {
    for (const suffix of CANDIDATE_SUFFIXES) {
      const candidate = stem + suffix;
      if (SOURCE_FILE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile())
        return candidate;
    }
  }
  return null;
}

/** Each file of the tree and the tree's files it imports (type-only imports too if the tree says so). */
export function importGraph(
  tree: SourceTree,
  options: GraphOptions = { typeOnly: tree.typeOnly ?? false },
): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(resolve(tree.dir))) {
    const targets = importSpecifiers(file, readFileSync(file, 'utf8'), options)
      .map((specifier) => resolveSpecifier(file, specifier, tree))
      .filter((target): target is string => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

export interface Cycle {
  /** Every file of one strongly connected group: each reaches each other through imports. */
  files: string[];
  /** A shortest circle through the group's first file, closed: `[a, b, c, a]`. */
  circle: string[];
}

/** One entry per strongly connected group of files (Tarjan). A file importing itself is one too. */
export function findCycles(graph: Map<string, string[]>): Cycle[] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];

  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      const selfImport = group.length === 1 && (graph.get(node) ?? []).includes(node);
      if (group.length > 1 || selfImport) groups.push(group);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);

  return groups.map((group) => ({ files: group.sort(), circle: circleThrough(graph, new Set(group)) }));
}

/** A shortest path from the group's first file (by name) back to itself, inside the group. */
function circleThrough(graph: Map<string, string[]>, group: Set<string>): string[] {
  const start = [...group].sort()[0] ?? '';
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() ?? '';
    for (const next of graph.get(node) ?? []) {
      if (!group.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = previous.get(at)) {
          path.splice(1, 0, at);
        }
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/**
 * The features of a tree (each folder of `featuresDir`) and the features each one imports: the imports
 * of its files (tests included) taken together, its own left out.
 */
export function featureGraph(graph: Map<string, string[]>, featuresDir: string): Map<string, string[]> {
  const featureOf = (file: string): string | null => {
    const path = relative(featuresDir, file);
    return path.startsWith('..') || !path.includes(sep) ? null : (path.split(sep)[0] ?? null);
  };
  const features = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const feature = featureOf(file);
    if (feature === null) continue;
    const uses = features.get(feature) ?? new Set<string>();
    features.set(feature, uses);
    for (const target of targets) {
      const used = featureOf(target);
      if (used !== null && used !== feature) uses.add(used);
    }
  }
  return new Map([...features].sort().map(([feature, uses]) => [feature, [...uses].sort()]));
}

/** The files a root loads with it: its static imports, followed (a graph built with `staticOnly`). */
export function staticClosure(graph: Map<string, string[]>, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const file = stack.pop() ?? '';
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(graph.get(file) ?? []));
  }
  return seen;
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WEB_SRC = join(ROOT, 'apps/web/src');

/** The web app's features: none may depend on another that depends on it. */
export const WEB_FEATURES = join(WEB_SRC, 'features');
/**
 * What the web app's first load runs (apps/web/vite.config.ts: BOOT_ENTRY, APP_ENTRY, HOME_SCREEN),
 * and the faces it must not import (eslint.config.js: first-load entries instead).
 */
export const FIRST_LOAD_ROOTS = ['boot.ts', 'main.tsx', 'screens/Home/HomeScreen.tsx'].map((file) =>
  join(WEB_SRC, file),
);
export const isFace = (file: string): boolean =>
  /^(features\/[^/]+|ui\/form)\/index\.tsx?$/.test(relative(WEB_SRC, file).split(sep).join('/'));

/**
 * The trees `npm run check` keeps free of circles. The contract at the type level too: its domain
 * modules, schemas and endpoint table depend one way (domain ← schemas/ ← endpoints/ ← endpoints.ts
 * ← endpointSchemas.ts), so that a module can be read, and imported, without the rest.
 */
export const CHECKED_TREES: SourceTree[] = [
  { dir: join(ROOT, 'apps/web/src'), aliases: { '@/': join(ROOT, 'apps/web/src') } },
  { dir: join(ROOT, 'apps/server/src') },
  { dir: join(ROOT, 'apps/staff/src'), aliases: { '@/': join(ROOT, 'apps/staff/src') } },
  { dir: join(ROOT, 'packages/contract/src'), typeOnly: true },
];

/** The circles of one tree: type-only imports count when the tree says so or `allTypes` is set. */
export function checkTree(tree: SourceTree, allTypes = false): { files: number; cycles: Cycle[] } {
  const graph = importGraph(tree, { typeOnly: allTypes || (tree.typeOnly ?? false) });
  return { files: graph.size, cycles: findCycles(graph) };
}

function main(): void {
  const allTypes = process.argv.includes('--types');
  let failed = false;
  for (const tree of CHECKED_TREES) {
    const { files, cycles } = checkTree(tree, allTypes);
    const name = relative(ROOT, tree.dir);
    const level = allTypes || tree.typeOnly ? ', type imports included' : '';
    if (cycles.length === 0) {
      console.info(`${name}: no import cycles (${files} files${level})`);
      continue;
    }
    failed = true;
    console.error(`${name}: ${cycles.length} import cycle(s)`);
    for (const { files, circle } of cycles) {
      console.error(`  ${circle.map((file) => relative(tree.dir, file)).join(' → ')}`);
      const others = files.filter((file) => !circle.includes(file));
      if (others.length > 0) {
        console.error(
          `    also in this circle: ${others.map((file) => relative(tree.dir, file)).join(', ')}`,
        );
      }
    }
  }
  if (!checkWebFeatures({ typeOnly: allTypes })) failed = true;
  if (failed) process.exit(1);
}

/** The web app's feature graph has no circle, and its first load no face; true when both hold. */
function checkWebFeatures(options: GraphOptions): boolean {
  const web = CHECKED_TREES[0];
  if (web === undefined) return true;
  let passed = true;
  const features = featureGraph(importGraph(web, options), WEB_FEATURES);
  if (process.argv.includes('--features')) {
    for (const [feature, uses] of features) console.info(`  ${feature} → ${uses.join(', ') || '(none)'}`);
  }
  const circles = findCycles(features);
  if (circles.length === 0) {
    console.info(
      `apps/web/src/features: no feature depends on one that depends on it (${features.size} features)`,
    );
  } else {
    passed = false;
    console.error(`apps/web/src/features: ${circles.length} circle(s) between features`);
    for (const { circle } of circles) console.error(`  ${circle.join(' → ')}`);
  }
  const firstLoad = staticClosure(importGraph(web, { staticOnly: true }), FIRST_LOAD_ROOTS);
  const faces = [...firstLoad].filter(isFace).map((file) => relative(web.dir, file));
  if (faces.length === 0) {
    console.info(`apps/web/src: the first load imports no face (${firstLoad.size} files)`);
  } else {
    passed = false;
    console.error(
      `apps/web/src: the first load imports faces (import first-load entries instead): ${faces.join(', ')}`,
    );
  }
  return passed;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
