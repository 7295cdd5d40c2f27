import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** Hosts whose PostgreSQL runs on this machine, so its processes are in /proc. */
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]', '']);

let ticksPerSecond: number | undefined;
function clockTicksPerSecond(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  return ticksPerSecond;
}

/** utime, stime, cutime and cstime of a process, in clock ticks (fields 14–17 of /proc/<pid>/stat). */
function processTicks(pid: string): { comm: string; own: number; reapedChildren: number; parent: string } | undefined {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // it exited between the listing and the read
  }
  // The name is in parentheses and may hold spaces; the fields after it are plain.
  const nameEnd = stat.lastIndexOf(')');
  const comm = stat.slice(stat.indexOf('(') + 1, nameEnd);
  const fields = stat.slice(nameEnd + 2).split(' ');
  // fields[0] is field 3 (state), so field n is fields[n - 3].
  const [utime, stime, cutime, cstime] = [fields[11], fields[12], fields[13], fields[14]].map(Number);
  return { comm, own: utime! + stime!, reapedChildren: cutime! + cstime!, parent: fields[1]! };
}

/**
 * CPU time (user + system, ms) that the PostgreSQL server at `serverUrl` has used so far, when it runs on this machine:
 * every `postgres` process's own time, plus what the postmaster's children that have already exited used (a backend
 * or an autovacuum worker that ends within a measured run still counts). Undefined for a server elsewhere, or where
 * /proc does not show it. Differences between two readings are what matter.
 */
export function localPostgresCpuMs(serverUrl: string): number | undefined {
  if (!LOCAL_HOSTS.has(new URL(serverUrl).hostname)) return undefined;
  let pids: string[];
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const postgres = pids.flatMap((pid) => {
    const ticks = processTicks(pid);
    return ticks?.comm === 'postgres' ? [{ pid, ...ticks }] : [];
  });
  if (postgres.length === 0) return undefined;
  const pidsOfPostgres = new Set(postgres.map((process) => process.pid));
  // The postmaster is the postgres process whose parent is not one; its reaped children are the server's exited ones.
  const reaped = postgres.filter((process) => !pidsOfPostgres.has(process.parent)).reduce((sum, process) => sum + process.reapedChildren, 0);
  const own = postgres.reduce((sum, process) => sum + process.own, 0);
  return ((own + reaped) * 1000) / clockTicksPerSecond();
}
