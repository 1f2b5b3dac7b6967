import { cpus, freemem, loadavg, totalmem, platform, release } from 'node:os'

/** The machine a benchmark ran on (every result carries it: ratios count, absolute times are context). */
export interface MachineInfo {
  cpuModel: string
  cores: number
  /** Total memory in MB. */
  memoryMb: number
  /** Free memory at the start of the run, in MB. */
  freeMemoryMb: number
  /** 1-minute load average at the start of the run (other work sharing the cores). */
  loadAverage1m: number
  node: string
  os: string
}

/** Reads the machine info from `node:os` and `process`. */
export function machineInfo(): MachineInfo {
  const list = cpus()
  return {
    cpuModel: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryMb: Math.round(totalmem() / 2 ** 20),
    freeMemoryMb: Math.round(freemem() / 2 ** 20),
    loadAverage1m: Math.round(loadavg()[0]! * 100) / 100,
    node: process.version,
    os: `${platform()} ${release()}`,
  }
}

/** One line for the console: `cpu: ... x 2 cores, 7.8 GB, node v22..., load 1.2`. */
export function describeMachine(m: MachineInfo): string {
  return `machine: ${m.cpuModel} x ${m.cores} cores, ${(m.memoryMb / 1024).toFixed(1)} GB RAM, node ${m.node}, ${m.os}, load(1m) ${m.loadAverage1m}`
}
