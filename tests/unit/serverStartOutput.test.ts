import { describe, expect, it } from 'vitest';
import { readableLogStream } from '../../src/server/logging';
import { describeBudgetStore } from '../../src/server/plugins/sharedBudgets';
import { describeDataLocation, startBanner } from '../../src/server/startBanner';

function collected() {
  const lines: string[] = [];
  return { lines, output: { write: (text: string) => lines.push(text), isTTY: false } };
}

describe('readableLogStream', () => {
  it('shows a request as one line, method, path, status and time, once it has been answered', () => {
    const { lines, output } = collected();
    const stream = readableLogStream(output);
    const time = Date.parse('2026-11-24T18:00:00Z');
    stream.write(JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', reqId: 'req-1', req: { method: 'GET', url: '/api/menu/getMenu/1' }, msg: 'incoming request' }));
    expect(lines).toEqual([]);
    stream.write(JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', reqId: 'req-1', res: { statusCode: 200 }, responseTime: 3.6, msg: 'request completed' }));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/menu\/getMenu\/1 200 4 ms\n$/);
  });

  it('keeps other events readable, with their fields on the same line and no JSON envelope', () => {
    const { lines, output } = collected();
    readableLogStream(output).write(
      JSON.stringify({ level: 50, time: Date.now(), pid: 1, hostname: 'h', reqId: 'req-9', basketId: 'b1', msg: 'The PayPal outbox worker failed' }),
    );
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] ERROR: The PayPal outbox worker failed \{"reqId":"req-9","basketId":"b1"\}\n$/);
  });
});

describe('startBanner', () => {
  it('names the site, the kitchen dashboard, where the data lives and the demo sign-ins in local identity mode', () => {
    const banner = startBanner({
      url: 'http://127.0.0.1:8080',
      databaseUrl: undefined,
      sqliteFile: '/srv/takeaway/data/takeaway.sqlite',
      abuseLimits: "in this server's memory",
      localIdentity: {
        demoSignIns: [
          { who: 'kitchen staff', email: 'kitchen@golden-dragon.example', password: 'kitchen-demo-2026' },
          { who: 'customer', email: 'customer@golden-dragon.example', password: 'customer-demo-2026' },
        ],
        verificationCode: '123456',
      },
    });
    expect(banner).toBe(
      [
        'Serving the site at http://127.0.0.1:8080 and the API at http://127.0.0.1:8080/api',
        '  Kitchen dashboard  http://127.0.0.1:8080/kitchen',
        '  Data               SQLite, /srv/takeaway/data/takeaway.sqlite',
        "  Abuse limits       in this server's memory",
        '  Demo sign-ins      kitchen staff: kitchen@golden-dragon.example / kitchen-demo-2026',
        '                     customer: customer@golden-dragon.example / customer-demo-2026',
        '                     every emailed code is 123456',
        'Press Ctrl+C to stop.',
        '',
      ].join('\n'),
    );
  });

  it("names the folder of the customers' emails when the loopback SMTP server keeps them (local mail mode)", () => {
    const banner = startBanner({ url: 'http://127.0.0.1:8080', databaseUrl: undefined, sqliteFile: '/data/takeaway.sqlite', abuseLimits: "in this server's memory", sentMailDir: '/data/mail' });
    expect(banner).toContain('  Sent emails        /data/mail (.eml files: open them in any mail program)\nPress Ctrl+C to stop.\n');
  });

  it('offers no sign-ins with a real user pool', () => {
    const banner = startBanner({ url: 'http://0.0.0.0:3000', databaseUrl: undefined, sqliteFile: '/data/takeaway.sqlite', abuseLimits: "in this server's memory" });
    expect(banner).not.toContain('Demo sign-ins');
    expect(banner).not.toContain('Sent emails');
    expect(banner).toContain('  Kitchen dashboard  http://0.0.0.0:3000/kitchen\n');
  });

  it('names a PostgreSQL database without its password', () => {
    const location = describeDataLocation({ databaseUrl: 'postgres://takeaway:s3cret@db.internal:5432/takeaway', sqliteFile: 'unused' });
    expect(location).toBe('PostgreSQL, postgres://takeaway@db.internal:5432/takeaway');
  });

  it('says the abuse limits are shared in Redis, without its password, or kept in this server\'s memory', () => {
    expect(describeBudgetStore('redis://:s3cret@cache.internal:6379/2')).toBe('shared in Redis at redis://cache.internal:6379/2');
    expect(describeBudgetStore('rediss://takeaway:s3cret@cache.internal')).toBe('shared in Redis at rediss://takeaway@cache.internal');
    expect(describeBudgetStore(undefined)).toBe("in this server's memory");
    const banner = startBanner({ url: 'http://0.0.0.0:3000', databaseUrl: undefined, sqliteFile: '/d.sqlite', abuseLimits: describeBudgetStore('redis://:s3cret@cache.internal:6379') });
    expect(banner).toContain('  Abuse limits       shared in Redis at redis://cache.internal:6379\n');
    expect(banner).not.toContain('s3cret');
  });
});
