// The monitor: every stack on the daemon, whoever drives it, updated live from the events of all stacks; one
// stack at a time opened to watch its frames.
import { Stage, upperSide, topScreen } from './stage.js';
import { EventList, eventBody, describeEvent } from './panels.js';

// How many stacks' rows are read from the daemon at once when the monitor loads.
const FILLS_AT_ONCE = 4;

export class Monitor {
  constructor(connection) {
    this.connection = connection;
    this.$ = (id) => document.getElementById(id);
    this.stage = new Stage(this.$('mon-stage'), { maxHeight: 420 });
    this.events = new EventList(this.$('mon-events'), 100);
    this.rows = new Map();   // stack id -> row
    this.opened = null;
    this.operations = new Map();
    this.started = false;
    this.$('mon-refresh').addEventListener('click', () => this.refresh());
    connection.listen((message) => this.receive(message));
  }

  async start() {
    if (this.started) return this.refresh();
    this.started = true;
    await this.connection.watch({ all: true });
    return this.refresh();
  }

  async refresh() {
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
    // Each row from the log: its version and its newest event, a few stacks at a time.
    const next = () => unfilled.length ? this.fill(unfilled.shift()).catch(() => {}).then(next) : null;
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
    return row;
  }

  async open(stackId) {
    if (this.opened) this.connection.unwatch({ stackId: this.opened }).catch(() => {});
    for (const row of this.rows.values()) row.classList.toggle('open', row.dataset.stack === stackId);
    this.opened = stackId;
    this.events.clear();
    this.$('mon-title').textContent = stackId;
    this.$('mon-stage').hidden = false;
    // Its history at once, then what happens live: events that come while the history is read wait, and those
    // it already holds are not shown twice.
    this.buffered = [];
    await this.connection.watch({ stackId });
    let shownThrough = 0;
    try {
      const history = (await this.connection.ask({ history: { stackId } })).history || {};
      for (const event of history.events || []) this.show(event);
      shownThrough = Number((history.events || []).at(-1)?.position || 0);
    } catch (error) {
      console.warn('segue web: no history for', stackId, error);
    }
    if (this.opened !== stackId) return;
    for (const event of this.buffered) if (Number(event.position) > shownThrough) this.show(event);
    this.buffered = null;
    const state = await this.connection.stack(stackId);
    const size = state.config?.size || { width: 390, height: 844 };
    this.stage.setSize(size.width, size.height);
    if (!state.transition) this.stage.showScreen(topScreen(state));
  }

  // One event of the opened stack on its list (progress samples aside).
  show(event) {
    const [kind, body] = eventBody(event);
    if (kind === 'began') this.operations.set(body.transitionId, body.operation);
    if (kind !== 'progressed') this.events.addEvent(event);
  }

  receive(message) {
    if (message.event) {
      const event = message.event;
      const row = this.row(event.stackId);
      const [kind, body] = eventBody(event);
      this.describe(row, event);
      if (kind === 'deleted') row.remove(), this.rows.delete(event.stackId);
      if (event.stackId === this.opened) {
        if (this.buffered) this.buffered.push(event);
        else this.show(event);
      }
    } else if (message.frame && message.frame.stackId === this.opened) {
      this.stage.showFrame(message.frame, upperSide(this.operations.get(message.frame.transitionId)));
    }
  }
}
