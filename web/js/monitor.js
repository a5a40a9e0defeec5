// The monitor: every stack on the daemon, whoever drives it, updated live from the events of all stacks; one
// stack at a time opened to watch its frames.
import { Stage, upperSide, topScreen } from './stage.js';
import { EventList, eventBody, describeEvent } from './panels.js';
import { Timeline } from './timeline.js';

// How many stacks' rows are read from the daemon at once when the monitor loads, and how many messages a second
// that may take: each row costs two, and the gateway closes a page that sends over its `messagesPerSecond`, so a
// daemon of thousands of stacks fills its rows over seconds rather than closing the page.
const FILLS_AT_ONCE = 4;
const FILL_MESSAGES_PER_SECOND = 200;

export class Monitor {
  constructor(connection) {
    this.connection = connection;
    this.$ = (id) => document.getElementById(id);
    this.stage = new Stage(this.$('mon-stage'), { maxHeight: 420 });
    this.events = new EventList(this.$('mon-events'), 100);
    this.timeline = new Timeline(this.$('mon-timeline'), { live: true, onSeek: (offsetUs) => this.inspect(offsetUs) });
    this.rows = new Map();   // stack id -> row
    this.opened = null;
    this.operations = new Map();
    this.started = false;
    this.$('mon-refresh').addEventListener('click', () => this.refresh());
    this.$('mon-filter').addEventListener('input', () => { for (const row of this.rows.values()) this.filter(row); });
    connection.listen((message) => this.receive(message));
  }

  async start() {
    if (this.started) return this.refresh();
    this.started = true;
    await this.connection.watch({ all: true });
    return this.refresh();
  }

  // One refresh at a time: a second click while one runs waits for it.
  refresh() {
    this.refreshing ||= this.readRows().finally(() => { this.refreshing = null; });
    return this.refreshing;
  }

  async readRows() {
    let after = '';
    const unfilled = [];
    for (;;) {
      const answer = await this.connection.ask({ request: { listStacks: { after } } });
      const list = answer.reply.stacks || {};
      for (const id of list.stackIds || []) {
        const row = this.row(id);
        if (!row.dataset.filled) unfilled.push(id);
      }
      if (!list.more || !(list.stackIds || []).length) break;
      after = list.stackIds[list.stackIds.length - 1];
    }
    // Each row from the log: its version and its newest event, a few stacks at a time, paced.
    const pause = (2 * FILLS_AT_ONCE * 1000) / FILL_MESSAGES_PER_SECOND;
    const next = () => unfilled.length
      ? this.fill(unfilled.shift()).catch(() => {}).then(() => new Promise((done) => setTimeout(done, pause))).then(next)
      : null;
    await Promise.all(Array.from({ length: FILLS_AT_ONCE }, next));
  }

  // A row's version and newest event, read from the daemon unless a live event filled it meanwhile.
  async fill(stackId) {
    const state = await this.connection.stack(stackId);
    const row = this.rows.get(stackId);
    if (!row || row.dataset.filled) return;
    row.cells[1].textContent = String(state.version);
    if (!state.lastPosition) return;
    const answer = await this.connection.ask({
      request: { readEvents: { fromPosition: state.lastPosition, stackId, maxCount: 1 } } });
    const event = (answer.reply.events?.events || [])[0];
    if (event && !row.dataset.filled) this.describe(row, event);
  }

  describe(row, event) {
    row.dataset.filled = 'true';
    row.cells[1].textContent = String(event.version);
    row.cells[2].textContent = describeEvent(event);
    row.cells[3].textContent = new Date(Number(event.timeUs) / 1000).toLocaleTimeString();
  }

  row(stackId) {
    let row = this.rows.get(stackId);
    if (row) return row;
    row = document.createElement('tr');
    row.dataset.stack = stackId;
    const name = document.createElement('td');
    name.textContent = stackId;
    const version = document.createElement('td');
    const last = document.createElement('td');
    const when = document.createElement('td');
    const action = document.createElement('td');
    const open = document.createElement('button');
    open.type = 'button';
    open.textContent = 'Open';
    open.setAttribute('aria-label', `Open ${stackId}`);
    open.addEventListener('click', () => this.open(stackId));
    action.append(open);
    row.append(name, version, last, when, action);
    const body = this.$('mon-table').tBodies[0];
    const next = [...body.rows].find((other) => other.dataset.stack > stackId);
    body.insertBefore(row, next || null);
    this.rows.set(stackId, row);
    this.filter(row);
    return row;
  }

  // Shows the row only when its stack id holds the filter's text.
  filter(row) {
    row.hidden = !row.dataset.stack.includes(this.$('mon-filter').value.trim());
  }

  async open(stackId) {
    if (this.opened) this.connection.unwatch({ stackId: this.opened }).catch(() => {});
    for (const row of this.rows.values()) row.classList.toggle('open', row.dataset.stack === stackId);
    // Each opening is its own: a later one (another stack, or the same clicked again) makes this one stop.
    const opening = { stackId, buffered: [] };
    this.opening = opening;
    this.opened = stackId;
    this.events.clear();
    this.operations.clear();
    this.timeline.clear();
    this.$('mon-timeline').hidden = false;
    this.$('mon-title').textContent = stackId;
    const current = () => this.opening === opening;
    try {
      // Its history at once, then what happens live: events that come while the history is read wait, and
      // those it already holds are not shown twice.
      await this.connection.watch({ stackId });
      let history = {};
      try {
        history = (await this.connection.ask({ history: { stackId } })).history || {};
      } catch (error) {
        console.warn('segue web: no history for', stackId, error);
      }
      if (!current()) return;
      const events = history.events || [];
      const frames = history.frames || [];
      for (const event of events) this.show(event);
      const times = [...events, ...frames].map((item) => item.timeUs);
      if (times.length) {
        this.timeline.show(events, frames, times.reduce((a, b) => Math.min(a, b)), times.reduce((a, b) => Math.max(a, b)));
      }
      const shownThrough = Number(events.at(-1)?.position || 0);
      for (const event of opening.buffered) if (Number(event.position) > shownThrough) this.showLive(event);
      opening.buffered = null;
      const state = await this.connection.stack(stackId);
      if (!current()) return;
      const size = state.config?.size || { width: 390, height: 844 };
      this.stage.setSize(size.width, size.height);
      this.timeline.setDevice(size);
      this.timeline.redraw();
      this.stage.describe(state);
      if (!state.transition) this.stage.showScreen(topScreen(state));
    } catch (error) {
      if (current()) this.$('mon-title').textContent = `${stackId}: ${error.message}`;
    } finally {
      // Nothing waits for an opening that failed or was overtaken.
      opening.buffered = null;
    }
  }

  // One event of the opened stack on its list (progress samples aside).
  show(event) {
    const [kind, body] = eventBody(event);
    if (kind === 'began') this.operations.set(body.transitionId, body.operation);
    if (kind !== 'progressed') this.events.addEvent(event);
  }

  // An event of the opened stack that came after its history: listed, and added to the timeline.
  showLive(event) {
    this.show(event);
    this.timeline.append(event, false);
  }

  // The frame of a moment on the timeline, drawn until the next live one.
  inspect(offsetUs) {
    const frame = this.timeline.seek(offsetUs);
    if (!frame) return;
    const operation = this.operations.get(frame.transitionId);
    this.stage.drawNow(frame, upperSide(operation), operation);
  }

  receive(message) {
    if (message.event) {
      const event = message.event;
      const row = this.row(event.stackId);
      const [kind, body] = eventBody(event);
      this.describe(row, event);
      if (kind === 'deleted') row.remove(), this.rows.delete(event.stackId);
      if (event.stackId === this.opened && kind === 'deleted') {
        // Its screens are gone: say so rather than leave the last ones up.
        this.$('mon-title').textContent = `${event.stackId} (deleted)`;
        this.stage.element.hidden = true;
      } else if (event.stackId === this.opened && kind === 'stackCreated' && !this.opening?.buffered) {
        // Made anew under the same id: a new history, opened afresh.
        this.open(event.stackId);
        return;
      }
      if (event.stackId === this.opened && this.opening) {
        if (this.opening.buffered) this.opening.buffered.push(event);
        else this.showLive(event);
      }
    } else if (message.frame && message.frame.stackId === this.opened) {
      if (!this.opening?.buffered) this.timeline.append(message.frame, true);
      const operation = this.operations.get(message.frame.transitionId);
      this.stage.showFrame(message.frame, upperSide(operation), operation);
    }
  }
}
