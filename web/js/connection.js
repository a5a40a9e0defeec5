// The page's one WebSocket to `segue web`: JSON messages in the shape of docs/protocol.md ("Browsers").
// Answers carry the `ref` of their question; everything else (events, frames, rejections) goes to listeners.
// The page asks for batches: what waits for it together comes as one `{"batch": [...]}`, one WebSocket message
// (and one system call in the gateway) where there would be one per message; each member is read as if alone.

export class Connection {
  constructor(url) {
    this.url = url;
    this.nextRef = 1;
    this.waiting = new Map();   // ref -> {resolve, reject}
    this.listeners = new Set(); // functions of each message
    this.hello = null;
    this.ready = new Promise((resolve, reject) => { this.resolveReady = resolve; this.rejectReady = reject; });
    this.open();
  }

  open() {
    this.socket = new WebSocket(this.url);
    this.socket.addEventListener('open', () => this.send({ batching: { on: true } }));
    this.socket.addEventListener('message', (event) => {
      const message = JSON.parse(event.data);
      if (Array.isArray(message.batch)) for (const member of message.batch) this.receive(member);
      else this.receive(message);
    });
    this.socket.addEventListener('close', (event) => {
      for (const { reject } of this.waiting.values()) reject(new Error('connection closed'));
      this.waiting.clear();
      this.emit({ closed: { code: event.code, reason: event.reason } });
    });
  }

  receive(message) {
    if (message.hello) {
      this.hello = message.hello;
      this.resolveReady(message.hello);
    }
    if (message.ref && this.waiting.has(message.ref)) {
      const { resolve, reject } = this.waiting.get(message.ref);
      this.waiting.delete(message.ref);
      if (message.error) reject(Object.assign(new Error(message.error.message), { code: message.error.code }));
      else if (message.reply && message.reply.error) {
        reject(Object.assign(new Error(message.reply.error.message), { code: message.reply.error.code }));
      } else resolve(message);
      return;
    }
    this.emit(message);
  }

  emit(message) {
    for (const listener of this.listeners) listener(message);
  }

  listen(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // Fire and forget (pans, and inputs whose refusals come back as rejections).
  send(message) {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  // A message whose answer (reply, watching, history, comparison) resolves the promise; errors reject it.
  ask(message) {
    const ref = String(this.nextRef++);
    return new Promise((resolve, reject) => {
      if (this.socket.readyState !== WebSocket.OPEN) {
        reject(new Error('not connected to segue web; reload the page once it runs again'));
        return;
      }
      this.waiting.set(ref, { resolve, reject });
      this.send({ ...message, ref });
    });
  }

  command(stackId, op) {
    return this.ask({ request: { command: { stackId, ...op } } }).then((answer) => answer.reply.command);
  }

  stack(stackId) {
    return this.ask({ request: { getStack: { stackId } } }).then((answer) => answer.reply.stack);
  }

  watch(watch) { return this.ask({ watch }); }
  unwatch(watch) { return this.ask({ unwatch: watch }); }
}

// The WebSocket address of the page's own origin, with the token the page was opened with.
export function gatewayURL(location) {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const token = new URLSearchParams(location.search).get('token');
  return `${scheme}//${location.host}/` + (token ? `?token=${encodeURIComponent(token)}` : '');
}
