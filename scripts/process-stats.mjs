// A process's figures from Linux /proc (CPU time, resident memory), for the benchmarks; null
// elsewhere.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat times. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (user + system) a process has used, in ms (Linux /proc), or null elsewhere. */
export function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** Resident memory of a process in MB (Linux /proc), or null elsewhere. */
export function rssMb(pid) {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match === null ? null : Number(match[1]) / 1024;
  } catch {
    return null;
  }
}

/**
 * Resident memory in MB of every process in a process group (Linux /proc): the server and the image
 * renderer it starts for a while (apps/server/src/services/games/raster-process.ts), or null.
 */
export function groupRssMb(pgid) {
  try {
    let total = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
        if (Number(fields[2]) !== pgid) continue;
        total += rssMb(Number(entry)) ?? 0;
      } catch {
        // gone meanwhile
      }
    }
    return total;
  } catch {
    return null;
  }
}
