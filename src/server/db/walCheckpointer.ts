import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the write-ahead log is copied into the database file. */
const CHECKPOINT_INTERVAL_MS = 250;

// The worker's code, as plain CommonJS so that it runs the same under tsx, Vitest and a production start.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.betterSqlite3);
const database = new Database(workerData.sqliteFile);
database.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
const timer = setInterval(() => {
  try {
    database.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    // A busy database skips one round; the next one catches up.
    if (error.code !== 'SQLITE_BUSY' && error.code !== 'SQLITE_LOCKED') throw error;
  }
}, workerData.intervalMs);
const pause = new Int32Array(new SharedArrayBuffer(4));
// PASSIVE never makes the server's connection wait (FULL would hold its writers, and better-sqlite3 would block the
// event loop meanwhile); a transaction of the server's that is open stops it short, so it tries again until every
// frame logged before the request is in the database file (the log only restarts once all of it has been copied).
function checkpointWholeLog() {
  const deadline = Date.now() + workerData.busyTimeoutMs;
  let target;
  for (;;) {
    try {
      const [result] = database.pragma('wal_checkpoint(PASSIVE)');
      target ??= result.log;
      if (result.checkpointed >= target || result.log < target) return undefined;
    } catch (error) {
      if (error.code !== 'SQLITE_BUSY' && error.code !== 'SQLITE_LOCKED') return error.message;
    }
    if (Date.now() > deadline) return 'the checkpoint could not copy the whole log in time';
    Atomics.wait(pause, 0, 0, 2);
  }
}
parentPort.on('message', (message) => {
  if (message.type === 'checkpoint') {
    parentPort.postMessage({ type: 'checkpointed', id: message.id, error: checkpointWholeLog() });
    return;
  }
  clearInterval(timer);
  database.pragma('wal_checkpoint(PASSIVE)');
  database.close();
  parentPort.close();
});
`;

export interface WalCheckpointer {
  /**
   * Copies the whole log into the database file and fsyncs it, on the thread, so the event loop serves other
   * requests meanwhile; rejects when the thread is gone or could not finish (the caller then checkpoints itself).
   */
  checkpointNow(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Copies the write-ahead log into the database file from a worker thread. SQLite does it itself every 1000 pages,
 * inside whichever commit crosses the mark, and better-sqlite3 runs that commit on the event loop: every order
 * update then waited for the copy and its fsyncs (the update's p99 latency halved without it, docs/benchmarks.md).
 * The caller turns SQLite's own checkpoints off and gives them back through `onFailure` if this thread dies, so the
 * log never grows unchecked.
 */
export function startWalCheckpointer(sqliteFile: string, busyTimeoutMs: number, onFailure: (error: Error) => void): WalCheckpointer {
  const worker = new Worker(workerSource, {
    eval: true,
    workerData: {
      sqliteFile,
      busyTimeoutMs,
      intervalMs: CHECKPOINT_INTERVAL_MS,
      betterSqlite3: createRequire(import.meta.url).resolve('better-sqlite3'),
    },
  });
  // The server's own handles decide when the process ends, not this thread.
  worker.unref();
  let stopping = false;
  let failure: Error | undefined;
  worker.on('error', (error) => {
    failure = error;
  });
  let nextRequestId = 0;
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  worker.on('message', (message: { type: 'checkpointed'; id: number; error?: string }) => {
    const request = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error === undefined) request?.resolve();
    else request?.reject(new Error(message.error));
  });
  let running = true;
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      running = false;
      const error = failure ?? new Error(`The checkpoint thread stopped with exit code ${code}`);
      for (const request of waiting.values()) request.reject(error);
      waiting.clear();
      if (!stopping) onFailure(error);
      resolve();
    }),
  );
  return {
    checkpointNow() {
      if (!running || stopping) return Promise.reject(new Error('The checkpoint thread is not running'));
      const id = nextRequestId++;
      return new Promise<void>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ type: 'checkpoint', id });
      });
    },
    async stop() {
      stopping = true;
      // Whoever awaits the stop keeps the process alive until the thread's last checkpoint is done.
      worker.ref();
      worker.postMessage({ type: 'stop' });
      await exited;
    },
  };
}
