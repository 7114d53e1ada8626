// A look inside a running Node process without restarting it: SIGUSR1 opens its inspector on
// 127.0.0.1:9229 (`next start` cannot be given --expose-gc), and the DevTools protocol then reads
// process.memoryUsage(), forces a full garbage collection, or writes a heap snapshot.
import fs from 'node:fs';
import { WebSocket } from 'undici';

const PORT = 9229;

export type Inspector = {
  memoryUsage: () => Promise<NodeJS.MemoryUsage>;
  collectGarbage: () => Promise<void>;
  /** Writes a .heapsnapshot file (for Chrome DevTools' Memory tab, or a comparison of two). */
  heapSnapshot: (file: string) => Promise<void>;
  close: () => void;
};

async function targetUrl(): Promise<string | undefined> {
  try {
    const list = (await (await fetch(`http://127.0.0.1:${PORT}/json/list`)).json()) as {
      webSocketDebuggerUrl: string;
    }[];
    return list[0]?.webSocketDebuggerUrl;
  } catch {
    return undefined;
  }
}

/** Opens the inspector of `pid`; undefined (with the reason on stderr) when it cannot. */
export async function openInspector(pid: number): Promise<Inspector | undefined> {
  process.kill(pid, 'SIGUSR1');
  let url: string | undefined;
  for (let i = 0; i < 40 && !url; i++) {
    await new Promise((r) => setTimeout(r, 250));
    url = await targetUrl();
  }
  if (!url) {
    console.error(`inspector: nothing answers on 127.0.0.1:${PORT} after SIGUSR1`);
    return undefined;
  }
  const ws = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener('open', () => resolve());
    ws.addEventListener('error', () => reject(new Error(`inspector: cannot connect to ${url}`)));
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let onChunk: ((chunk: string) => void) | undefined;
  ws.addEventListener('message', (event) => {
    const msg = JSON.parse(String(event.data)) as {
      id?: number;
      method?: string;
      params?: { chunk?: string };
      result?: unknown;
      error?: { message: string };
    };
    if (msg.method === 'HeapProfiler.addHeapSnapshotChunk') onChunk?.(msg.params!.chunk!);
    if (msg.id === undefined) return;
    const p = pending.get(msg.id);
    pending.delete(msg.id);
    if (msg.error) p?.reject(new Error(msg.error.message));
    else p?.resolve(msg.result);
  });
  const call = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  const evaluate = async (expression: string) =>
    ((await call('Runtime.evaluate', { expression, returnByValue: true })) as { result: { value: unknown } }).result
      .value;

  // Port 9229 may belong to another process: make sure this is the server.
  if ((await evaluate('process.pid')) !== pid) {
    console.error(`inspector: 127.0.0.1:${PORT} belongs to another process`);
    ws.close();
    return undefined;
  }
  return {
    memoryUsage: async () => (await evaluate('process.memoryUsage()')) as NodeJS.MemoryUsage,
    collectGarbage: async () => {
      await call('HeapProfiler.collectGarbage');
    },
    heapSnapshot: async (file) => {
      const out = fs.openSync(file, 'w');
      onChunk = (chunk) => fs.writeSync(out, chunk);
      try {
        await call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      } finally {
        onChunk = undefined;
        fs.closeSync(out);
      }
    },
    close: () => ws.close(),
  };
}
