// The wire: one engine session on the daemon (docs/web.md, "HTTP API").
// Input goes by POST /api/send, output comes as Server-Sent Events, one
// event per engine line. The page is one more UCI client.

export class Transport {
  constructor(onLine, onLost, onNotice) {
    this.onLine = onLine;
    this.onLost = onLost;
    this.onNotice = onNotice || (() => {});
    this.token = null;
    this.source = null;
    this.outbox = [];     // lines not yet posted
    this.posting = false; // one POST at a time keeps the lines in order
    this.closed = false;
    this.opened = false;  // a stream that never opened is a failed open(), not a loss
  }

  // Creates the session and opens its stream; resolves once the stream is
  // open, so that nothing the engine says is missed.
  async open() {
    const res = await fetch('/api/session', { method: 'POST', body: '' });
    if (!res.ok) throw new Error((await res.text()).trim() || 'no session (' + res.status + ')');
    this.token = (await res.text()).trim();
    const url = '/api/events?token=' + encodeURIComponent(this.token);
    await new Promise((resolve, reject) => {
      const source = new EventSource(url);
      this.source = source;
      source.onopen = () => { this.opened = true; resolve(); };
      source.onmessage = (ev) => this.onLine(ev.data);
      source.onerror = () => {
        if (this.opened) { this.lose(); return; }
        this.close();
        reject(new Error('the event stream did not open'));
      };
    });
  }

  // The server ends a session with its stream, so a stream that breaks
  // cannot be resumed: the owner starts a new session and replays.
  lose() {
    if (this.closed) return;
    this.close();
    if (this.onLost) this.onLost();
  }

  close() {
    this.closed = true;
    if (this.source) this.source.close();
    this.outbox = [];
  }

  send(text) {
    if (this.closed) return;
    this.outbox.push(...text.split('\n').filter((l) => l.length > 0));
    this.flush();
  }

  async flush() {
    if (this.posting || this.outbox.length === 0) return;
    this.posting = true;
    const body = this.outbox.join('\n') + '\n';
    this.outbox = [];
    try {
      const res = await fetch('/api/send?token=' + encodeURIComponent(this.token), {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain' },
        body,
      });
      if (res.status === 404) this.lose();
      else if (!res.ok) this.onNotice('the server refused input: ' + (await res.text()).trim());
    } catch (e) {
      this.lose();
    } finally {
      this.posting = false;
    }
    this.flush();
  }
}
