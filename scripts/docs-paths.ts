/**
 * Checks that every repository path the docs name exists, so the docs cannot drift when code moves.
 *
 *   npx tsx scripts/docs-paths.ts        # lists each missing path with its file and line; exit 1 if any
 *
 * Read: README.md, docs/**\/*.md and every other README.md outside node_modules. Checked: each
 * backticked span that looks like a repository path (outside fenced code blocks), and each relative
 * markdown link. A span looks like a path when it has no spaces and either starts with a folder of
 * the repository (`apps/…`, `scripts/…`) or of a source root (`features/pwa`, `http/upstream.ts`),
 * or ends in a source file extension (`boot.ts`). It exists when it names a file or folder from the
 * repository root, the doc's own folder or one of the source roots (a module may leave out its
 * extension), or, for a bare file name, when a file of that name is in the tree. A path into build
 * output (a folder .gitignore names, such as dist/ or .data/) is not required to exist.
 * scripts/docs-paths.test.ts runs it on the repository.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Folders that docs name paths relative to (besides the repository root and the doc's folder). */
export const SOURCE_ROOTS = [
  'apps/web/src',
  'apps/server/src',
  'apps/server',
  'apps/web',
  'packages/contract/src',
  'packages/contract',
] as const;

const SOURCE_EXTENSION = /\.(ts|tsx|mts|mjs|cjs|js|json|md|css|html|sql|yml|yaml)$/;
const MODULE_EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'];
const NOT_A_PATH = /[\s{}*<>…:?=,()'"|$`\\[\]]|^[/#~]|^@(?!\/)/;
const SKIPPED_DIRS = new Set(['node_modules', '.git']);

export interface MissingPath {
  /** The doc, relative to the root. */
  file: string;
  line: number;
  path: string;
}

function walk(root: string, dir = root, files: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(root, path, files);
    else files.push(relative(root, path));
  }
  return files;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The names .gitignore gives to build output and local data (plain names only: dist, .data …). */
function ignoredNames(root: string): Set<string> {
  const file = join(root, '.gitignore');
  if (!existsSync(file)) return new Set();
  return new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.trim().replace(/^\//, '').replace(/\/$/, ''))
      .filter((line) => line !== '' && !line.startsWith('#') && /^[\w.-]+$/.test(line)),
  );
}

export class PathChecker {
  private readonly baseNames: Set<string>;
  private readonly firstSegments: Set<string>;
  private readonly ignored: Set<string>;

  constructor(private readonly root: string = REPO_ROOT) {
    const files = walk(root);
    this.baseNames = new Set(files.map((file) => file.slice(file.lastIndexOf('/') + 1)));
    this.ignored = ignoredNames(root);
    this.firstSegments = new Set();
    for (const base of ['', ...SOURCE_ROOTS]) {
      const dir = join(root, base);
      if (!isDirectory(dir)) continue;
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory() && !SKIPPED_DIRS.has(entry.name)) this.firstSegments.add(entry.name);
      }
    }
  }

  /** Whether a backticked span names a repository path (the first word, when it ends in an extension). */
  candidate(span: string): string | null {
    const text = span.trim();
    const first = text.split(/\s+/)[0] ?? '';
    const path = /\s/.test(text) ? (SOURCE_EXTENSION.test(first) && first.includes('/') ? first : '') : text;
    if (path === '' || NOT_A_PATH.test(path) || path.includes('//')) return null;
    if (path === '@/') return null;
    if (path.startsWith('@/')) return path;
    if (path.startsWith('./') || path.startsWith('../')) return path;
    const segment = path.split('/')[0] ?? '';
    if (path.includes('/') && this.firstSegments.has(segment)) return path;
    if (SOURCE_EXTENSION.test(path) && /^[\w-][\w.-]*(\/[\w.-]+)*$/.test(path)) return path;
    return null;
  }

  /** Whether a path a doc in `docDir` (relative to the root) names exists. */
  exists(path: string, docDir: string): boolean {
    const clean = path.replace(/\/$/, '');
    if (clean.split('/').some((segment) => this.ignored.has(segment))) return true;
    if (clean.startsWith('@/')) return this.resolves(join('apps/web/src', clean.slice(2)));
    if (!path.includes('/')) return this.baseNames.has(clean) || this.resolves(clean);
    return ['', docDir, ...SOURCE_ROOTS].some((base) => {
      const candidate = join(base, clean);
      return this.resolves(candidate) || candidate.split('/').some((segment) => this.ignored.has(segment));
    });
  }

  private resolves(path: string): boolean {
    return MODULE_EXTENSIONS.some((extension) => existsSync(join(this.root, path + extension)));
  }

  /** The missing paths of one markdown text (a span broken over two lines is read as one path). */
  check(markdown: string, file: string): MissingPath[] {
    const docDir = dirname(file);
    const missing: MissingPath[] = [];
    // Fenced code blocks are blanked (their lines kept, so line numbers stay right).
    let fenced = false;
    const prose = markdown
      .split('\n')
      .map((text) => {
        const fence = /^\s*(```|~~~)/.test(text);
        if (fence) fenced = !fenced;
        return fence || fenced ? '' : text;
      })
      .join('\n');
    const lineOf = (offset: number) => prose.slice(0, offset).split('\n').length;
    for (const match of prose.matchAll(/(`+)([^`]+?)\1(?!`)/g)) {
      const path = this.candidate((match[2] ?? '').replaceAll(/\/\s*\n\s*/g, '/'));
      if (path !== null && !this.exists(path, docDir))
        missing.push({ file, line: lineOf(match.index), path });
    }
    const withoutCode = prose.replaceAll(/`[^`]*`/g, (code) => code.replaceAll(/[^\n]/g, ' '));
    for (const match of withoutCode.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = (match[1] ?? '').split('#')[0] ?? '';
      if (target === '' || /^[a-z][a-z+.-]*:/i.test(target)) continue;
      const resolved = target.startsWith('/') ? target.slice(1) : join(docDir, target);
      if (!existsSync(join(this.root, resolved)))
        missing.push({ file, line: lineOf(match.index), path: target });
    }
    return missing;
  }
}

/** The markdown files checked: README.md, docs/ and every other README.md. */
export function docFiles(root: string = REPO_ROOT): string[] {
  return walk(root)
    .filter((file) => file.endsWith('.md'))
    .filter((file) => file.startsWith('docs/') || /(^|\/)README\.md$/.test(file))
    .filter((file) => !file.split('/').some((segment) => ignoredNames(root).has(segment)))
    .sort();
}

export function missingDocPaths(root: string = REPO_ROOT): MissingPath[] {
  const checker = new PathChecker(root);
  return docFiles(root).flatMap((file) => checker.check(readFileSync(join(root, file), 'utf8'), file));
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const missing = missingDocPaths();
  for (const { file, line, path } of missing) console.error(`${file}:${line}: ${path}`);
  console.info(`${docFiles().length} docs checked, ${missing.length} missing path(s)`);
  process.exitCode = missing.length === 0 ? 0 : 1;
}
