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
parentPort.on('message', () => {
  clearInterval(timer);
  database.pragma('wal_checkpoint(PASSIVE)');
  database.close();
  parentPort.close();
});
`;

export interface WalCheckpointer {
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
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', (code) => {
      if (!stopping) onFailure(failure ?? new Error(`The checkpoint thread stopped with exit code ${code}`));
      resolve();
    }),
  );
  return {
    async stop() {
      stopping = true;
      worker.postMessage('stop');
      await exited;
    },
  };
}
