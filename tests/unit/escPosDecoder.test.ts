import { CharacterSet, PrinterTypes, ThermalPrinter } from 'node-thermal-printer';
import { describe, expect, it } from 'vitest';
import { EscPosDecoder, type DecodedTicket } from '../../src/server/local/printer/escPosDecoder';

// The loopback printer's decoder (docs/printing.md) against what node-thermal-printer writes, fed in pieces as TCP
// delivers them.

function decode(bytes: Buffer, chunkSize = bytes.length, paperOut = false): { tickets: DecodedTicket[]; replies: Buffer[] } {
  const replies: Buffer[] = [];
  const decoder = new EscPosDecoder(() => ({ paperOut }), (reply) => replies.push(reply));
  const tickets: DecodedTicket[] = [];
  for (let at = 0; at < bytes.length; at += chunkSize) {
    decoder.feed(bytes.subarray(at, at + chunkSize));
    tickets.push(...decoder.takeTickets());
  }
  tickets.push(...decoder.end());
  return { tickets, replies };
}

const printer = () => new ThermalPrinter({ type: PrinterTypes.EPSON, interface: 'tcp://127.0.0.1:9100', width: 48, characterSet: CharacterSet.PC858_EURO });

describe('the ESC/POS decoder', () => {
  it('reads text with its size, emphasis and alignment, a Chinese name in Chinese mode, £ in code page 858, and a QR code, one byte at a time', () => {
    const out = printer();
    out.alignCenter();
    out.setTextQuadArea();
    out.println('ORDER 47');
    out.setTextNormal();
    out.alignLeft();
    out.bold(true);
    out.println('1 x 54. Sweet and Sour Pork');
    out.bold(false);
    out.setCharacterSet(CharacterSet.CHINA);
    out.println('咕噜肉');
    out.setCharacterSet(CharacterSet.PC858_EURO);
    out.println('Total £12.50');
    out.printQR('https://example.com/?q=LS6', { cellSize: 5 });
    out.cut();
    out.println('second');
    out.cut();
    const { tickets } = decode(out.getBuffer(), 1);
    expect(tickets).toHaveLength(2);
    const [first, second] = tickets;
    expect(first.unknownCommands).toEqual([]);
    expect(first.text).toBe('ORDER 47\n1 x 54. Sweet and Sour Pork\n咕噜肉\nTotal £12.50\n[QR] https://example.com/?q=LS6');
    expect(first.items[0]).toEqual({ kind: 'text', text: 'ORDER 47', bold: false, widthScale: 2, heightScale: 2, align: 'center', inverted: false });
    expect(first.items[1]).toMatchObject({ text: '1 x 54. Sweet and Sour Pork', bold: true, heightScale: 1, align: 'left' });
    expect(second.text).toBe('second');
  });

  it('answers the paper status requests as a printer with paper, or without', () => {
    const out = printer();
    void (out as unknown as { getStatus(): Promise<void> }).getStatus();
    expect(decode(out.getBuffer()).replies).toEqual([Buffer.from([0x00])]);
    expect(decode(out.getBuffer(), undefined, true).replies).toEqual([Buffer.from([0x0c])]);
    expect(decode(Buffer.from([0x10, 0x04, 0x04]), undefined, true).replies).toEqual([Buffer.from([0x72])]);
  });

  it('reports what its table does not know instead of printing it', () => {
    const { tickets } = decode(Buffer.concat([Buffer.from('before\n'), Buffer.from([0x1b, 0x7e]), Buffer.from('after\n'), Buffer.from([0x1b, 0x74, 99])]));
    expect(tickets[0].unknownCommands).toEqual(['1b7e', 'code page 99']);
    expect(tickets[0].text).toBe('before\nafter');
  });
});
