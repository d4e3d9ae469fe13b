// The clocks of a timed game. The page is the arbiter of time (UCI engines
// only read `wtime`/`btime`), so it runs them and says who lost on time.

export class Clocks {
  constructor(onTick, onFlag) {
    this.onTick = onTick;
    this.onFlag = onFlag;
    this.timed = false;
    this.left = { white: 0, black: 0 };
    this.inc = 0;
    this.running = null; // {color, since}
    this.timer = null;
  }

  reset(timed, baseMs, incMs) {
    this.stop();
    this.timed = timed;
    this.left = { white: baseMs, black: baseMs };
    this.inc = incMs;
    this.onTick(this.view());
  }

  start(color) {
    this.stop();
    if (!this.timed) return;
    this.running = { color, since: performance.now() };
    this.timer = setInterval(() => this.tick(), 200);
  }

  // Stops the running clock, charges its side and adds the increment.
  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const r = this.running;
    this.running = null;
    if (!r) return;
    this.left[r.color] -= performance.now() - r.since;
    if (this.left[r.color] > 0) this.left[r.color] += this.inc;
    this.onTick(this.view());
  }

  remaining(color) {
    const r = this.running;
    const spent = r && r.color === color ? performance.now() - r.since : 0;
    return this.left[color] - spent;
  }

  flagged(color) {
    return this.timed && this.remaining(color) <= 0;
  }

  tick() {
    const r = this.running;
    this.onTick(this.view());
    if (r && this.remaining(r.color) <= 0) {
      this.stop();
      this.onFlag(r.color);
    }
  }

  goArgs() {
    const ms = (c) => Math.max(1, Math.round(this.remaining(c)));
    return 'wtime ' + ms('white') + ' btime ' + ms('black') + ' winc ' + this.inc + ' binc ' + this.inc;
  }

  view() {
    return { timed: this.timed, white: this.remaining('white'), black: this.remaining('black'),
      running: this.running ? this.running.color : null };
  }
}
