// Rewrites imports of the contract to the subpath that exports each name: `@wps/contract` (the
// barrel, gone) and any `@wps/contract/<module>` naming something another module exports (a name
// that moved) become one declaration per subpath, `import type` kept as it was written, aliases and
// inline `type` markers kept. Idempotent: a file whose contract imports already name the right
// subpaths, one declaration per subpath and kind, is left byte for byte; re-run it after merging a
// branch that still imports the barrel or a moved name.
//
//   npx tsx scripts/codemods/contract-subpaths.ts            rewrite apps/, scripts/ and e2e/
//   npx tsx scripts/codemods/contract-subpaths.ts --check    only list what would change (exit 1 if any)
//   npx tsx scripts/codemods/contract-subpaths.ts <paths…>   only these files or folders
//
// Which module exports a name is read from packages/contract/package.json `exports` and the
// TypeScript compiler's view of each module. What it cannot rewrite (a namespace or default import
// of the contract, a dynamic import or mock of the barrel, a name no module exports) it lists, and
// exits 1, for a hand edit. Rewritten files are formatted with the repository's Prettier settings.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CONTRACT = join(ROOT, 'packages/contract');
const PACKAGE = '@wps/contract';
/** What the codemod walks by default. */
export const DEFAULT_ROOTS = ['apps/web', 'apps/server', 'scripts', 'e2e'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'dist-server', 'coverage', '.data']);
const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|jsx|mjs)$/;
/** This codemod's own folder: it names the package in its strings and tests. */
const OWN_FOLDER = dirname(fileURLToPath(import.meta.url));
const INLINE_TYPE = /^type\s+/;

/** Each exported name → the subpath that exports it (`@wps/contract/chat`). */
export type ContractIndex = ReadonlyMap<string, string>;

interface ExportEntry {
  types: string;
  default: string;
}

/** The package's subpaths and the source file of each (`exports` → `types`). */
export function contractModules(contractDir = CONTRACT): Map<string, string> {
  const manifest = JSON.parse(readFileSync(join(contractDir, 'package.json'), 'utf8')) as {
    exports: Record<string, ExportEntry>;
  };
  const modules = new Map<string, string>();
  for (const [key, entry] of Object.entries(manifest.exports)) {
    if (key === '.') continue;
    modules.set(`${PACKAGE}/${key.replace(/^\.\//, '')}`, resolve(contractDir, entry.types));
  }
  return modules;
}

/** The names each subpath exports; a name two subpaths export is an error (which one to import?). */
export function buildIndex(contractDir = CONTRACT): ContractIndex {
  const modules = contractModules(contractDir);
  const program = ts.createProgram([...modules.values()], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const index = new Map<string, string>();
  const clashes: string[] = [];
  for (const [subpath, file] of modules) {
    const source = program.getSourceFile(file);
    const symbol = source === undefined ? undefined : checker.getSymbolAtLocation(source);
    if (symbol === undefined) throw new Error(`${subpath}: no module at ${relative(ROOT, file)}`);
    for (const exported of checker.getExportsOfModule(symbol)) {
      const name = exported.getName();
      const known = index.get(name);
      if (known !== undefined && known !== subpath) clashes.push(`${name}: ${known} and ${subpath}`);
      index.set(name, subpath);
    }
  }
  if (clashes.length > 0)
    throw new Error(`names exported by two contract modules:\n  ${clashes.join('\n  ')}`);
  return index;
}

const isContractSpecifier = (text: string) => text === PACKAGE || text.startsWith(`${PACKAGE}/`);

type Declaration = ts.ImportDeclaration | ts.ExportDeclaration;

interface Group {
  kind: 'import' | 'export';
  typeOnly: boolean;
  subpath: string;
  elements: string[];
}

export interface Rewrite {
  /** The new text; the same string when nothing needed to change. */
  text: string;
  /** What needs a hand edit, `line: what`. */
  problems: string[];
}

function scriptKind(fileName: string): ts.ScriptKind {
  if (fileName.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (fileName.endsWith('.jsx')) return ts.ScriptKind.JSX;
  if (/\.(m|c)?js$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

function namedElements(
  declaration: Declaration,
): readonly (ts.ImportSpecifier | ts.ExportSpecifier)[] | null {
  if (ts.isImportDeclaration(declaration)) {
    const clause = declaration.importClause;
    if (clause === undefined || clause.name !== undefined) return null;
    const bindings = clause.namedBindings;
    return bindings !== undefined && ts.isNamedImports(bindings) ? bindings.elements : null;
  }
  const clause = declaration.exportClause;
  return clause !== undefined && ts.isNamedExports(clause) ? clause.elements : null;
}

function isTypeOnly(declaration: Declaration): boolean {
  return ts.isImportDeclaration(declaration)
    ? (declaration.importClause?.isTypeOnly ?? false)
    : declaration.isTypeOnly;
}

function printGroup(group: Group): string {
  const keyword = group.kind === 'import' ? 'import' : 'export';
  const type = group.typeOnly ? ' type' : '';
  return `${keyword}${type} { ${group.elements.join(', ')} } from '${group.subpath}';`;
}

/** The range of a declaration with the rest of its line when only blanks follow it. */
function lineRange(text: string, node: ts.Node, source: ts.SourceFile): [number, number] {
  const start = node.getStart(source);
  let end = node.getEnd();
  const rest = /^[ \t]*\r?\n/.exec(text.slice(end));
  if (rest !== null) end += rest[0].length;
  return [start, end];
}

/** Rewrites one file's contract imports (pure: no file system). */
export function rewriteSource(fileName: string, text: string, index: ContractIndex): Rewrite {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, scriptKind(fileName));
  const problems: string[] = [];
  const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const rewritable: Declaration[] = [];
  const groups: Group[] = [];
  let needsChange = false;

  for (const statement of source.statements) {
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue;
    const specifier = statement.moduleSpecifier;
    if (specifier === undefined || !ts.isStringLiteral(specifier) || !isContractSpecifier(specifier.text))
      continue;
    const elements = namedElements(statement);
    if (elements === null) {
      // A namespace, default or bare import of a subpath is left as it is; of the barrel it cannot stay.
      if (specifier.text === PACKAGE) problems.push(`${line(statement)}: ${statement.getText(source)}`);
      continue;
    }
    const kind = ts.isImportDeclaration(statement) ? 'import' : 'export';
    const typeOnly = isTypeOnly(statement);
    const resolved: [string, string][] = [];
    for (const element of elements) {
      const name = (element.propertyName ?? element.name).text;
      const subpath = index.get(name);
      if (subpath === undefined) {
        problems.push(`${line(element)}: ${name} is exported by no contract module`);
        resolved.length = 0;
        break;
      }
      resolved.push([subpath, element.getText(source)]);
    }
    if (resolved.length !== elements.length) continue;
    rewritable.push(statement);
    for (const [subpath, element] of resolved) {
      if (subpath !== specifier.text) needsChange = true;
      let group = groups.find(
        (each) => each.kind === kind && each.typeOnly === typeOnly && each.subpath === subpath,
      );
      if (group === undefined) {
        group = { kind, typeOnly, subpath, elements: [] };
        groups.push(group);
      }
      if (!group.elements.includes(element)) group.elements.push(element);
    }
  }
  // Only inline `type` names in a value import: an `import type` (a value import of types alone is
  // kept by verbatimModuleSyntax as a bare import, which would load the module).
  for (const group of groups.filter((each) => !each.typeOnly)) {
    if (!group.elements.every((element) => INLINE_TYPE.test(element))) continue;
    needsChange = true;
    const types = groups.find(
      (each) => each.typeOnly && each.kind === group.kind && each.subpath === group.subpath,
    );
    const names = group.elements.map((element) => element.replace(INLINE_TYPE, ''));
    if (types === undefined) {
      group.typeOnly = true;
      group.elements = names;
    } else {
      types.elements.push(...names.filter((name) => !types.elements.includes(name)));
      groups.splice(groups.indexOf(group), 1);
    }
  }
  // Two declarations of one subpath and kind are merged too.
  if (!needsChange && groups.length === rewritable.length)
    return { text, problems: [...problems, ...stray(source, text)] };

  const [first, ...rest] = rewritable;
  if (first === undefined) return { text, problems };
  const edits: [number, number, string][] = [];
  const [firstStart, firstEnd] = lineRange(text, first, source);
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  edits.push([firstStart, firstEnd, groups.map(printGroup).join(newline) + newline]);
  for (const declaration of rest) edits.push([...lineRange(text, declaration, source), '']);
  let output = text;
  for (const [start, end, replacement] of edits.sort((a, b) => b[0] - a[0])) {
    output = output.slice(0, start) + replacement + output.slice(end);
  }
  return { text: output, problems: [...problems, ...stray(source, text)] };
}

/** The barrel named outside an import declaration: `import('@wps/contract')`, `vi.mock('@wps/contract')`. */
function stray(source: ts.SourceFile, text: string): string[] {
  if (!text.includes(`'${PACKAGE}'`) && !text.includes(`"${PACKAGE}"`) && !text.includes(`\`${PACKAGE}\``))
    return [];
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteralLike(node) && node.text === PACKAGE) {
      const at = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push(`${at}: ${node.parent.getText(source).slice(0, 80)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function walk(path: string, files: string[]): void {
  const stat = statSync(path);
  if (stat.isFile()) {
    if (SOURCE_FILE.test(path) && !path.endsWith('.d.ts')) files.push(path);
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIPPED_FOLDERS.has(entry.name)) continue;
    if (join(path, entry.name) === OWN_FOLDER) continue;
    walk(join(path, entry.name), files);
  }
}

export interface RunResult {
  changed: string[];
  problems: string[];
}

/** Rewrites (or, with `check`, only looks at) every source file under `paths`. */
export async function run(paths: readonly string[], { check = false } = {}): Promise<RunResult> {
  const index = buildIndex();
  const files: string[] = [];
  for (const path of paths) walk(resolve(ROOT, path), files);
  const changed: string[] = [];
  const problems: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes(PACKAGE)) continue;
    const rewrite = rewriteSource(file, text, index);
    const name = relative(ROOT, file);
    problems.push(...rewrite.problems.map((problem) => `${name}:${problem}`));
    if (rewrite.text === text) continue;
    changed.push(name);
    if (check) continue;
    const options = (await prettier.resolveConfig(file)) ?? {};
    writeFileSync(file, await prettier.format(rewrite.text, { ...options, filepath: file }));
  }
  return { changed, problems };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const paths = args.filter((arg) => !arg.startsWith('--'));
  const { changed, problems } = await run(paths.length > 0 ? paths : DEFAULT_ROOTS, { check });
  for (const file of changed) console.info(`${check ? 'would rewrite' : 'rewrote'} ${file}`);
  console.info(`${changed.length} file(s) ${check ? 'to rewrite' : 'rewritten'}`);
  if (problems.length > 0) {
    console.error(`${problems.length} import(s) to edit by hand:`);
    for (const problem of problems) console.error(`  ${problem}`);
  }
  if (problems.length > 0 || (check && changed.length > 0)) process.exit(1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
