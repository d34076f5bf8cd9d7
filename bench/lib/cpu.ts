import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

/**
 * CPU time (user + system, µs) a process has used so far, from /proc; null where there is no
 * /proc (macOS). Throughput on a shared 2-core machine moves with whatever else runs, the load
 * generator included; the server's CPU per answered request does not.
 */
export function processCpuMicros(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime is the 14th field, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1e6;
  } catch {
    return null;
  }
}
