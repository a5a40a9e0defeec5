// The monitor: every stack on the daemon, whoever drives it, updated live from the events of all stacks; one
// stack at a time opened to watch its frames.
import { Stage, upperSide, topScreen } from './stage.js';
import { EventList, eventBody, describeEvent } from './panels.js';

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
    for (;;) {
      const answer = await this.connection.ask({ request: { listStacks: { after } } });
      const list = answer.reply.stacks || {};
      for (const id of list.stackIds || []) this.row(id);
      if (!list.more || !(list.stackIds || []).length) break;
      after = list.stackIds[list.stackIds.length - 1];
    }
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
    const action = document.createElement('td');
    const open = document.createElement('button');
    open.type = 'button';
    open.textContent = 'Open';
    open.setAttribute('aria-label', `Open ${stackId}`);
    open.addEventListener('click', () => this.open(stackId));
    action.append(open);
    row.append(name, version, last, action);
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
    await this.connection.watch({ stackId });
    const state = await this.connection.stack(stackId);
    const size = state.config?.size || { width: 390, height: 844 };
    this.stage.setSize(size.width, size.height);
    if (!state.transition) this.stage.showScreen(topScreen(state));
  }

  receive(message) {
    if (message.event) {
      const event = message.event;
      const row = this.row(event.stackId);
      const [kind, body] = eventBody(event);
      row.cells[1].textContent = String(event.version);
      row.cells[2].textContent = describeEvent(event);
      if (kind === 'deleted') row.remove(), this.rows.delete(event.stackId);
      if (event.stackId === this.opened) {
        if (kind === 'began') this.operations.set(body.transitionId, body.operation);
        if (kind !== 'progressed') this.events.addEvent(event);
      }
    } else if (message.frame && message.frame.stackId === this.opened) {
      this.stage.showFrame(message.frame, upperSide(this.operations.get(message.frame.transitionId)));
    }
  }
}
