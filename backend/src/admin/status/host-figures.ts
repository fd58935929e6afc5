import { readFile, statfs } from 'node:fs/promises';
import { cpus, freemem, loadavg, networkInterfaces, totalmem } from 'node:os';
import { Injectable } from '@nestjs/common';
import type { SystemStatus } from '@docent/common/admin';

/** CPU use is a difference between two readings: a reading this recent is reused rather than divided by almost nothing. */
const MIN_SAMPLE_MS = 250;

interface CpuReading {
  at: number;
  /** This process's user and system microseconds. */
  process: NodeJS.CpuUsage;
  /** The host's busy and total milliseconds over all cores. */
  host: { busy: number; total: number };
}

/**
 * What the host and this process measure right now: CPU from the difference between
 * this reading and the last, memory, the disk holding DATA_DIR, and the network where the
 * host says (Linux's /proc/net/dev). A figure the host does not give is left out.
 */
@Injectable()
export class HostFigures {
  private last: CpuReading = readCpu();
  private usage = { processPercent: null as number | null, hostPercent: null as number | null };

  /** CPU use since the previous call (or the start), as percentages; null until there is a span to measure. */
  cpuUsage(): { processPercent: number | null; hostPercent: number | null } {
    const now = readCpu();
    const elapsedMs = now.at - this.last.at;
    if (elapsedMs < MIN_SAMPLE_MS) return this.usage;
    const processMicros = now.process.user - this.last.process.user + now.process.system - this.last.process.system;
    const hostTotal = now.host.total - this.last.host.total;
    this.usage = {
      processPercent: round((processMicros / 1000 / elapsedMs) * 100),
      hostPercent: hostTotal > 0 ? round(((now.host.busy - this.last.host.busy) / hostTotal) * 100) : null,
    };
    this.last = now;
    return this.usage;
  }

  cpu(): SystemStatus['cpu'] {
    const [one = 0, five = 0, fifteen = 0] = loadavg();
    const cores = cpus();
    return {
      cores: cores.length,
      model: cores[0]?.model.trim() || null,
      loadAverage: [round(one), round(five), round(fifteen)],
      usagePercent: this.cpuUsage().hostPercent,
    };
  }

  memory(): SystemStatus['memory'] {
    const total = totalmem();
    const free = freemem();
    const usage = process.memoryUsage();
    return {
      totalBytes: total,
      freeBytes: free,
      usedPercent: round(((total - free) / total) * 100),
      process: { rssBytes: usage.rss, heapUsedBytes: usage.heapUsed, heapTotalBytes: usage.heapTotal },
    };
  }

  /** As df counts it: the blocks in use against those in use plus those an unprivileged process may still take. */
  async disk(path: string): Promise<SystemStatus['disk']> {
    try {
      const stats = await statfs(path);
      const used = (stats.blocks - stats.bfree) * stats.bsize;
      const available = stats.bavail * stats.bsize;
      return {
        path,
        totalBytes: stats.blocks * stats.bsize,
        freeBytes: available,
        usedPercent: used + available > 0 ? round((used / (used + available)) * 100) : 0,
      };
    } catch {
      return null;
    }
  }

  async network(): Promise<SystemStatus['network']> {
    const interfaces = Object.keys(networkInterfaces()).length;
    const traffic = await readProcNetDev();
    return traffic ? { interfaces, ...traffic } : { interfaces };
  }
}

function readCpu(): CpuReading {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    const all = times.user + times.nice + times.sys + times.idle + times.irq;
    total += all;
    busy += all - times.idle;
  }
  return { at: performance.now(), process: process.cpuUsage(), host: { busy, total } };
}

/** Bytes received and sent over every interface but loopback, from Linux's /proc/net/dev; null where there is none. */
async function readProcNetDev(): Promise<{ receivedBytes: number; sentBytes: number } | null> {
  let text: string;
  try {
    text = await readFile('/proc/net/dev', 'utf8');
  } catch {
    return null;
  }
  let receivedBytes = 0;
  let sentBytes = 0;
  // Two header lines, then "  eth0: rx_bytes rx_packets ... (8 receive columns) tx_bytes ...".
  for (const line of text.split('\n').slice(2)) {
    const match = /^\s*([^:]+):\s*(.*)$/.exec(line);
    if (!match || match[1] === 'lo') continue;
    const columns = match[2]!.trim().split(/\s+/).map(Number);
    receivedBytes += columns[0] ?? 0;
    sentBytes += columns[8] ?? 0;
  }
  return { receivedBytes, sentBytes };
}

const round = (value: number) => Math.round(value * 10) / 10;
