import { createServer, type Server, type Socket } from 'node:net';
import { EscPosDecoder, type DecodedTicket } from './escPosDecoder';

// The loopback printer (docs/printing.md): a stand-in for the counter's thermal printer, on this machine only. It
// listens on TCP as a network printer does on port 9100, decodes every ticket it receives with the ESC/POS decoder and
// keeps the last ones, for /kitchen/printers and the tests. Its controls switch it off (connections refused) and out of
// paper, as a real printer is in a busy evening.

export interface PrintedTicket extends DecodedTicket {
  receivedAt: string;
}

export interface LoopbackPrinterControl {
  /** The tickets received, newest first. */
  printed(): PrintedTicket[];
  /** Resolves once `count` tickets in all have been received (rejects after `timeoutMs`). */
  waitForPrinted(count: number, timeoutMs?: number): Promise<PrintedTicket[]>;
  /** Stops listening: the server's connections are refused until `switchOn`. */
  switchOff(): Promise<void>;
  switchOn(): Promise<void>;
  /** The roll has run out: status requests say so, and what is sent meanwhile is not printed. */
  setPaperOut(paperOut: boolean): void;
}

export interface LoopbackPrinter {
  host: string;
  port: number;
  control: LoopbackPrinterControl;
  close(): Promise<void>;
}

/** How many tickets the loopback printer keeps: an evening's worth, not a memory leak. */
const KEPT_TICKETS = 200;
const LOOPBACK_HOST = '127.0.0.1';

export async function startLoopbackPrinter({ port = 0, clock = () => new Date() }: { port?: number; clock?: () => Date } = {}): Promise<LoopbackPrinter> {
  const printed: PrintedTicket[] = [];
  const waiters = new Set<() => void>();
  const sockets = new Set<Socket>();
  let paperOut = false;
  let server: Server | undefined;
  let boundPort = port;

  function receive(tickets: DecodedTicket[]): void {
    if (tickets.length === 0) return;
    const receivedAt = clock().toISOString();
    for (const ticket of tickets) printed.unshift({ ...ticket, receivedAt });
    printed.splice(KEPT_TICKETS);
    for (const wake of waiters) wake();
  }

  function connection(socket: Socket): void {
    sockets.add(socket);
    const decoder = new EscPosDecoder(
      () => ({ paperOut }),
      (bytes) => socket.write(bytes),
    );
    // A printer without paper takes the bytes and prints nothing.
    const keep = (tickets: DecodedTicket[]) => (paperOut ? undefined : receive(tickets));
    socket.on('data', (chunk) => {
      decoder.feed(chunk);
      keep(decoder.takeTickets());
    });
    socket.on('close', () => {
      sockets.delete(socket);
      keep(decoder.end());
    });
    socket.on('error', () => socket.destroy());
  }

  async function listen(): Promise<void> {
    const starting = createServer(connection);
    await new Promise<void>((resolve, reject) => {
      starting.once('error', reject);
      starting.listen(boundPort, LOOPBACK_HOST, () => resolve());
    });
    const address = starting.address();
    if (typeof address === 'object' && address !== null) boundPort = address.port;
    server = starting;
  }

  async function stop(): Promise<void> {
    const stopping = server;
    server = undefined;
    if (stopping === undefined) return;
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => stopping.close(() => resolve()));
  }

  await listen();
  return {
    host: LOOPBACK_HOST,
    port: boundPort,
    control: {
      printed: () => [...printed],
      waitForPrinted(count, timeoutMs = 10_000) {
        return new Promise((resolve, reject) => {
          const check = () => {
            if (printed.length < count) return;
            waiters.delete(check);
            clearTimeout(timer);
            resolve([...printed]);
          };
          const timer = setTimeout(() => {
            waiters.delete(check);
            reject(new Error(`The loopback printer received ${printed.length} tickets, not ${count}, within ${timeoutMs} ms`));
          }, timeoutMs);
          waiters.add(check);
          check();
        });
      },
      switchOff: stop,
      async switchOn() {
        if (server === undefined) await listen();
      },
      setPaperOut(value) {
        paperOut = value;
      },
    },
    close: stop,
  };
}
