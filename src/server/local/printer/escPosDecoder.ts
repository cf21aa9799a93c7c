import iconv from 'iconv-lite';

// A decoder of the ESC/POS command set (Epson's, which the TM-T20/T88, Star's ESC/POS mode and the clones speak), for
// the loopback printer: it reads the stream command by command from a table of each command's parameters, applies the
// ones that change how text prints (size, emphasis, alignment, code page, Chinese mode), keeps the 2D codes' data,
// answers the status requests as a printer with paper does, and ends a ticket at each cut. A byte it cannot place is
// reported, not skipped silently: the tests assert that a ticket decodes with none.

export type Alignment = 'left' | 'center' | 'right';

export type PrintedItem =
  | { kind: 'text'; text: string; bold: boolean; widthScale: number; heightScale: number; align: Alignment; inverted: boolean }
  | { kind: 'qr'; data: string }
  | { kind: 'image'; widthDots: number; heightDots: number };

export interface DecodedTicket {
  items: PrintedItem[];
  /** The ticket as plain text, a line per printed line; a QR code as "[QR] its data". */
  text: string;
  /** Commands the table does not know, by their bytes in hex: none from a well-formed ticket. */
  unknownCommands: string[];
}

/** What the printer says to a status request; `paperOut` makes it report its roll ended. */
export interface PrinterStatus {
  paperOut: boolean;
}

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;
const DLE = 0x10;

// ESC t n: the code pages the printers and node-thermal-printer share, by n, as iconv-lite names them.
const CODE_PAGES: Readonly<Record<number, string>> = {
  0: 'cp437',
  2: 'cp850',
  3: 'cp860',
  4: 'cp863',
  5: 'cp865',
  11: 'cp851',
  13: 'cp857',
  14: 'cp737',
  15: 'iso-8859-7',
  16: 'windows-1252',
  17: 'cp866',
  18: 'cp852',
  19: 'cp858',
  33: 'cp775',
  34: 'cp855',
  35: 'cp861',
  36: 'cp862',
  37: 'cp864',
  38: 'cp869',
  39: 'iso-8859-2',
  40: 'iso-8859-15',
  45: 'windows-1250',
  46: 'windows-1251',
  47: 'windows-1253',
  48: 'windows-1254',
  49: 'windows-1255',
  50: 'windows-1256',
  51: 'windows-1257',
  52: 'windows-1258',
};

/** ESC R 15: the international character set "China", in which a Chinese-model printer reads GB18030. */
const CHINA = 15;

/** Parameter bytes after ESC x, GS x and FS x for the commands whose length is fixed. */
const FIXED: Readonly<Record<number, Readonly<Record<string, number>>>> = {
  [ESC]: { '@': 0, '!': 1, E: 1, G: 1, '-': 1, a: 1, t: 1, R: 1, M: 1, d: 1, J: 1, e: 1, '2': 0, '3': 1, '{': 1, B: 2, p: 3, V: 1, '=': 1, $: 2, '\\': 2, ' ': 1, c: 2, U: 1, S: 0, L: 0, T: 1, r: 1, i: 0, m: 0 },
  [GS]: { '!': 1, B: 1, r: 1, L: 2, W: 2, h: 1, w: 1, H: 1, f: 1, b: 1, a: 1, P: 2, I: 1, '$': 2, '\\': 2, ':': 0, '^': 3, T: 1 },
  [FS]: { '&': 0, '.': 0, C: 1, '!': 1, '-': 1, S: 2, W: 1, p: 2 },
};

interface Style {
  bold: boolean;
  widthScale: number;
  heightScale: number;
  align: Alignment;
  inverted: boolean;
  codePage: string;
  chinese: boolean;
}

const initialStyle = (): Style => ({ bold: false, widthScale: 1, heightScale: 1, align: 'left', inverted: false, codePage: 'cp437', chinese: false });

/** Decodes a stream fed in pieces as it arrives; `reply` sends the printer's answers to status requests. */
export class EscPosDecoder {
  private pending = Buffer.alloc(0);
  private style = initialStyle();
  private line = '';
  private lineStyle: Style | undefined;
  private items: PrintedItem[] = [];
  private unknown: string[] = [];
  private qrData: Buffer | undefined;
  private readonly finished: DecodedTicket[] = [];

  constructor(
    private readonly status: () => PrinterStatus,
    private readonly reply: (bytes: Buffer) => void,
  ) {}

  feed(chunk: Buffer): void {
    this.pending = Buffer.concat([this.pending, chunk]);
    let at = 0;
    for (;;) {
      const used = this.step(this.pending, at);
      if (used === 0) break;
      at += used;
    }
    this.pending = this.pending.subarray(at);
  }

  /** The tickets ended by a cut since the last call. */
  takeTickets(): DecodedTicket[] {
    return this.finished.splice(0);
  }

  /** The connection closed: what was printed after the last cut is a ticket of its own (a printer without a cutter). */
  end(): DecodedTicket[] {
    if (this.pending.length > 0) this.unknown.push(`incomplete ${this.pending.toString('hex')}`);
    this.pending = Buffer.alloc(0);
    this.endLine(false);
    if (this.items.length > 0 || this.unknown.length > 0) this.finishTicket();
    return this.takeTickets();
  }

  /** Reads one command or character at `at`; how many bytes it took, 0 when more are needed. */
  private step(bytes: Buffer, at: number): number {
    if (at >= bytes.length) return 0;
    const byte = bytes[at];
    switch (byte) {
      case 0x0a:
        this.endLine(true);
        return 1;
      case 0x0c:
        this.endLine(false);
        return 1;
      case 0x0d:
      case 0x00:
        return 1;
      case 0x09:
        this.text(Buffer.from(' '.repeat(8 - (this.line.length % 8))));
        return 1;
      case ESC:
      case GS:
      case FS:
        return this.command(bytes, at);
      case DLE:
        return this.realTime(bytes, at);
    }
    if (byte < 0x20 || byte === 0x7f) {
      this.unknown.push(bytes.subarray(at, at + 1).toString('hex'));
      return 1;
    }
    if (byte >= 0x80 && this.style.chinese) {
      // GB18030: two bytes, or four when the second is a digit.
      if (at + 1 >= bytes.length) return 0;
      const length = bytes[at + 1] >= 0x30 && bytes[at + 1] <= 0x39 ? 4 : 2;
      if (at + length > bytes.length) return 0;
      this.text(bytes.subarray(at, at + length));
      return length;
    }
    this.text(bytes.subarray(at, at + 1));
    return 1;
  }

  private command(bytes: Buffer, at: number): number {
    if (at + 1 >= bytes.length) return 0;
    const prefix = bytes[at];
    const name = String.fromCharCode(bytes[at + 1]);
    const variable = this.variableCommand(prefix, name, bytes, at);
    if (variable !== undefined) return variable;
    const fixed = FIXED[prefix][name];
    if (fixed === undefined) {
      this.unknown.push(bytes.subarray(at, at + 2).toString('hex'));
      return 2;
    }
    if (at + 2 + fixed > bytes.length) return 0;
    this.apply(prefix, name, bytes.subarray(at + 2, at + 2 + fixed));
    return 2 + fixed;
  }

  /** Commands whose length is in their parameters; undefined for the fixed ones. */
  private variableCommand(prefix: number, name: string, bytes: Buffer, at: number): number | undefined {
    const available = bytes.length - at;
    if (prefix === ESC && name === 'D') {
      // Tab positions, ended by NUL.
      const end = bytes.indexOf(0, at + 2);
      return end === -1 ? 0 : end - at + 1;
    }
    if (prefix === ESC && name === '*') {
      if (available < 5) return 0;
      const m = bytes[at + 2];
      const columns = bytes[at + 3] + bytes[at + 4] * 256;
      const length = 5 + columns * (m >= 32 ? 3 : 1);
      if (available < length) return 0;
      this.items.push({ kind: 'image', widthDots: columns, heightDots: m >= 32 ? 24 : 8 });
      return length;
    }
    if (prefix === GS && name === 'V') {
      if (available < 3) return 0;
      const m = bytes[at + 2];
      const length = [65, 66, 97, 98, 103, 104].includes(m) ? 4 : 3;
      if (available < length) return 0;
      this.endLine(false);
      this.finishTicket();
      return length;
    }
    if (prefix === GS && name === '(') {
      if (available < 5) return 0;
      const length = 5 + bytes[at + 3] + bytes[at + 4] * 256;
      if (available < length) return 0;
      if (String.fromCharCode(bytes[at + 2]) === 'k') this.twoDimensional(bytes.subarray(at + 5, at + length));
      return length;
    }
    if (prefix === GS && name === 'k') {
      if (available < 3) return 0;
      const m = bytes[at + 2];
      if (m <= 6) {
        const end = bytes.indexOf(0, at + 3);
        return end === -1 ? 0 : end - at + 1;
      }
      if (available < 4) return 0;
      const length = 4 + bytes[at + 3];
      return available < length ? 0 : length;
    }
    if (prefix === GS && name === 'v') {
      if (available < 8) return 0;
      const widthBytes = bytes[at + 4] + bytes[at + 5] * 256;
      const height = bytes[at + 6] + bytes[at + 7] * 256;
      const length = 8 + widthBytes * height;
      if (available < length) return 0;
      this.endLine(false);
      this.items.push({ kind: 'image', widthDots: widthBytes * 8, heightDots: height });
      return length;
    }
    return undefined;
  }

  /** GS ( k: the 2D codes. Function 80 stores a QR code's data, function 81 prints it. */
  private twoDimensional(parameters: Buffer): void {
    const [cn, fn] = [parameters[0], parameters[1]];
    if (cn !== 49) return;
    if (fn === 80) this.qrData = Buffer.from(parameters.subarray(3));
    if (fn === 81 && this.qrData !== undefined) {
      this.endLine(false);
      this.items.push({ kind: 'qr', data: this.qrData.toString('utf8') });
    }
  }

  private apply(prefix: number, name: string, parameters: Buffer): void {
    const [n] = parameters;
    const style = this.style;
    if (prefix === ESC) {
      switch (name) {
        case '@':
          this.endLine(false);
          this.style = initialStyle();
          return;
        case '!':
          style.bold = (n & 0x08) !== 0;
          style.heightScale = n & 0x10 ? 2 : 1;
          style.widthScale = n & 0x20 ? 2 : 1;
          return;
        case 'E':
        case 'G':
          style.bold = (n & 1) === 1;
          return;
        case 'a':
          style.align = (['left', 'center', 'right'] as const)[n % 48] ?? 'left';
          return;
        case 't': {
          const codePage = CODE_PAGES[n];
          if (codePage === undefined) this.unknown.push(`code page ${n}`);
          else style.codePage = codePage;
          style.chinese = false;
          return;
        }
        case 'R':
          style.chinese = n === CHINA;
          return;
        case 'd':
          this.endLine(false);
          return;
      }
      return;
    }
    if (prefix === GS) {
      switch (name) {
        case '!':
          style.widthScale = (n >> 4) + 1;
          style.heightScale = (n & 0x0f) + 1;
          return;
        case 'B':
          style.inverted = (n & 1) === 1;
          return;
        case 'r':
          // Paper sensor status: bits 2 and 3 say the roll has ended.
          this.reply(Buffer.from([this.status().paperOut ? 0x0c : 0x00]));
          return;
        case 'I':
          this.reply(Buffer.from('Loopback', 'ascii'));
          return;
      }
      return;
    }
    // FS & and FS . turn the Chinese (Kanji) mode on and off.
    if (name === '&') style.chinese = true;
    if (name === '.') style.chinese = false;
  }

  /** DLE EOT n (real-time status) and DLE ENQ / DLE DC4 (real-time requests). */
  private realTime(bytes: Buffer, at: number): number {
    if (at + 2 >= bytes.length) return 0;
    const request = bytes[at + 1];
    const n = bytes[at + 2];
    if (request === 0x04) {
      // Bits 1 and 4 are always on; for n = 4 (the paper roll sensor) bits 5 and 6 say the roll has ended.
      this.reply(Buffer.from([n === 4 && this.status().paperOut ? 0x72 : 0x12]));
      return 3;
    }
    if (request === 0x05) return 3;
    if (request === 0x14) return at + 4 >= bytes.length ? 0 : 5;
    this.unknown.push(bytes.subarray(at, at + 2).toString('hex'));
    return 2;
  }

  private text(bytes: Buffer): void {
    if (this.line.length === 0) this.lineStyle = { ...this.style };
    this.line += iconv.decode(bytes, this.style.chinese ? 'gb18030' : this.style.codePage);
  }

  /** Ends the line being printed; a line feed on an empty line prints an empty line, other breaks do not. */
  private endLine(feed: boolean): void {
    if (this.line.length === 0 && !feed) return;
    const style = this.lineStyle ?? this.style;
    this.items.push({
      kind: 'text',
      text: this.line.replace(/\s+$/, ''),
      bold: style.bold,
      widthScale: style.widthScale,
      heightScale: style.heightScale,
      align: style.align,
      inverted: style.inverted,
    });
    this.line = '';
    this.lineStyle = undefined;
  }

  private finishTicket(): void {
    if (this.items.length === 0 && this.unknown.length === 0) return;
    const text = this.items
      .map((item) => (item.kind === 'text' ? item.text : item.kind === 'qr' ? `[QR] ${item.data}` : `[image ${item.widthDots}×${item.heightDots}]`))
      .join('\n')
      .trim();
    this.finished.push({ items: this.items, text, unknownCommands: this.unknown });
    this.items = [];
    this.unknown = [];
    this.qrData = undefined;
  }
}
