import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * A forked bench/device-load.ts (the simulated devices' load generator in its own process, so the server's event loop
 * is not shared with it): one command at a time, one answer each. Used by bench/device.ts and bench/fleet.ts.
 */
export class LoadProcess {
  private readonly child: ChildProcess;
  private readonly ready: Promise<void>;
  private pending: { resolve: (v: Record<string, unknown>) => void; reject: (e: Error) => void } | null = null;

  constructor() {
    this.child = fork(path.join(import.meta.dirname, 'device-load.ts'), [], {
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let readyResolve!: () => void;
    this.ready = new Promise((r) => (readyResolve = r));
    this.child.on('message', (m: { ok: boolean; cmd: string; error?: string }) => {
      if (m.cmd === 'ready') return readyResolve();
      const p = this.pending;
      this.pending = null;
      if (!p) return;
      if (m.ok) p.resolve(m as unknown as Record<string, unknown>);
      else p.reject(new Error(`load process (${m.cmd}): ${m.error}`));
    });
    this.child.on('exit', (code) => {
      this.pending?.reject(new Error(`load process exited with ${code}`));
      this.pending = null;
    });
  }

  get pid() {
    return this.child.pid;
  }

  async run<T>(msg: Record<string, unknown>): Promise<T> {
    await this.ready;
    return new Promise<T>((resolve, reject) => {
      this.pending = { resolve: resolve as (v: Record<string, unknown>) => void, reject };
      this.child.send(msg);
    });
  }

  /** Sends without waiting for the answer (collect it with `run` of the next command). */
  async start(msg: Record<string, unknown>): Promise<Promise<unknown>> {
    await this.ready;
    const answered = new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
    });
    this.child.send(msg);
    return answered;
  }

  stop() {
    if (this.child.connected) this.child.send({ cmd: 'exit' });
    setTimeout(() => this.child.kill('SIGKILL'), 2000).unref();
  }
}
