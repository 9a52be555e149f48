// A one-line progress bar on stderr (redrawn in place on a terminal, a line per 10% otherwise).

export class Progress {
  private readonly started = Date.now();
  private lastDecile = -1;
  private readonly tty = Boolean(process.stderr.isTTY);

  constructor(
    private readonly total: number,
    private readonly unit: string,
  ) {}

  update(done: number): void {
    const ratio = this.total ? Math.min(1, done / this.total) : 1;
    const elapsed = (Date.now() - this.started) / 1000;
    const eta = ratio > 0 ? (elapsed / ratio) * (1 - ratio) : 0;
    const width = 30;
    const bar = '#'.repeat(Math.round(ratio * width)).padEnd(width, '.');
    const line = `[${bar}] ${(ratio * 100).toFixed(0).padStart(3)}% ${done}/${this.total} ${this.unit}  ${elapsed.toFixed(1)} s, ~${eta.toFixed(0)} s left`;
    if (this.tty) {
      process.stderr.write(`\r${line}`);
      return;
    }
    const decile = Math.floor(ratio * 10);
    if (decile > this.lastDecile) {
      this.lastDecile = decile;
      process.stderr.write(`${line}\n`);
    }
  }

  done(): void {
    if (this.tty) process.stderr.write('\n');
  }
}
