import { cpus, totalmem } from 'node:os';

/** One line naming the machine the figures were measured on. */
export function describeMachine(): string {
  const cpu = cpus();
  const model = cpu[0]?.model.trim() ?? 'unknown CPU';
  const memory = (totalmem() / 1024 ** 3).toFixed(0);
  return `${cpu.length} × ${model}, ${memory} GiB RAM, Node ${process.version}, ${process.platform}/${process.arch}`;
}

export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Resident set size of a process in MiB, from /proc. */
export async function residentMiB(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return Math.round(kb / 1024);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
