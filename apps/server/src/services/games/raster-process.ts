import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Rasterisation (sharp, libvips) in a child process of its own. An AVIF encoding leaves 55-75 MB of
 * native memory that the C allocator never hands back; in a child that exits once idle, all of it
 * goes back to the system, and the server's process never loads libvips at all. The child starts on
 * the first job (a few hundred ms, once, next to an encoding that costs more) and leaves `idleMs`
 * after its last answer. Rendered bytes are cached by the caller (art.ts ImageCache), so a running
 * server seldom needs it.
 */

export type RasterFormat = 'png' | 'webp' | 'avif';

export interface RasterJob {
  id: number;
  svg: string;
  format: RasterFormat;
}

export type RasterReply = { id: number; bytes: Uint8Array } | { id: number; error: string };

/** How long the renderer stays after its last answer, so a page's images share one start. */
export const RASTER_IDLE_MS = 5_000;

interface Pending {
  resolve: (bytes: Buffer) => void;
  reject: (error: Error) => void;
}

/** The child's module next to this one: built JavaScript, or TypeScript through tsx (tests, dev). */
function childModule(): { path: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    return {
      path: fileURLToPath(new URL('./raster-child.ts', import.meta.url)),
      execArgv: ['--import', 'tsx'],
    };
  }
  return { path: fileURLToPath(new URL('./raster-child.js', import.meta.url)), execArgv: [] };
}

export class RasterProcess {
  private child: ChildProcess | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(private readonly idleMs = RASTER_IDLE_MS) {}

  /** The renderer's process id while it runs (tests), else null. */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /** The SVG encoded as `format`; the renderer process starts if it is not running. */
  rasterise(svg: string, format: RasterFormat): Promise<Buffer> {
    const child = this.running();
    if (this.idleTimer !== null) {
      clearTimeout(this.idleTimer);
      this.idleTimer = null;
    }
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // While a job is out, the channel keeps the event loop alive so its answer is awaited.
      child.channel?.ref();
      const job: RasterJob = { id, svg, format };
      child.send(job, (error) => {
        if (error !== null) this.settle(id, new Error(`image renderer unreachable: ${error.message}`));
      });
    });
  }

  /** Stops the renderer now; jobs still out fail. The next job starts a new one. */
  stop(): Promise<void> {
    const child = this.child;
    if (child === null) return Promise.resolve();
    const exited = this.exited();
    this.detach(child, new Error('image renderer stopped'));
    if (child.connected) child.disconnect();
    return exited;
  }

  /** Settles when the renderer running now has exited (at once when none runs). */
  exited(): Promise<void> {
    const child = this.child;
    return new Promise<void>((resolve) => {
      if (child === null || child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
  }

  private running(): ChildProcess {
    if (this.child !== null) return this.child;
    const { path, execArgv } = childModule();
    const child = fork(path, [], {
      execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.on('message', (message: RasterReply) => {
      if ('bytes' in message) {
        this.settle(
          message.id,
          null,
          Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength),
        );
      } else {
        this.settle(message.id, new Error(`image rendering failed: ${message.error}`));
      }
    });
    child.on('error', (error) => this.detach(child, error));
    child.on('exit', (code, signal) =>
      this.detach(child, new Error(`image renderer exited (${signal ?? `code ${String(code)}`})`)),
    );
    // Never what keeps the server's process alive.
    child.unref();
    this.child = child;
    return child;
  }

  private settle(id: number, error: Error | null, bytes?: Buffer): void {
    const job = this.pending.get(id);
    if (job === undefined) return;
    this.pending.delete(id);
    if (error !== null || bytes === undefined) job.reject(error ?? new Error('image renderer sent no bytes'));
    else job.resolve(bytes);
    if (this.pending.size === 0) this.idle();
  }

  /** Nothing out: the channel stops holding the event loop, and the renderer leaves after idleMs. */
  private idle(): void {
    const child = this.child;
    if (child === null) return;
    child.channel?.unref();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.child === child && this.pending.size === 0) void this.stop();
    }, this.idleMs);
    this.idleTimer.unref();
  }

  /** Forgets `child` (when it is the current one) and fails the jobs it had. */
  private detach(child: ChildProcess, error: Error): void {
    if (this.child !== child) return;
    this.child = null;
    if (this.idleTimer !== null) {
      clearTimeout(this.idleTimer);
      this.idleTimer = null;
    }
    const jobs = [...this.pending.values()];
    this.pending.clear();
    for (const job of jobs) job.reject(error);
  }
}
