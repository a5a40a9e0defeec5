// The live panels: a list of events, the progress of the running transition over time, and percentiles.

import { stackScreens } from './stage.js';

const BODY_KINDS = ['stackCreated', 'began', 'progressed', 'finished', 'cancelled', 'completed', 'interrupted',
  'resized', 'screenOptionsSet', 'deleted', 'queued', 'dropped'];

// The navigation commands a `queued` event may carry, by their JSON member, as `began` names their operation.
const QUEUED_OPERATIONS = { push: 'PUSH', pop: 'POP', popToRoot: 'POP_TO_ROOT', present: 'PRESENT', dismiss: 'DISMISS',
  selectTab: 'SELECT_TAB' };

// The edge a back swipe began at, for profiles that take either one.
const EDGES = { SWIPE_EDGE_LEFT: 'left', SWIPE_EDGE_RIGHT: 'right' };

// The body member of an event (`began`, `finished`, ...) and its value.
export function eventBody(event) {
  for (const kind of BODY_KINDS) if (event[kind]) return [kind, event[kind]];
  return ['unknown', {}];
}

// One line of text for an event, in the spirit of `segue tail`.
export function describeEvent(event) {
  const [kind, body] = eventBody(event);
  const parts = [`#${event.position}`, kind];
  if (kind === 'began') parts.push(body.operation || '', `${body.fromScreen || ''} → ${body.toScreen || ''}`,
    body.interactive ? 'interactive' : 'animated');
  if (kind === 'began' && EDGES[body.swipeEdge]) parts.push(`from the ${EDGES[body.swipeEdge]} edge`);
  if (kind === 'began' && body.queuedPosition) parts.push(`queued at #${body.queuedPosition}`);
  if (kind === 'queued') {
    const [member, op] = Object.entries(body.command || {}).find(([name]) => QUEUED_OPERATIONS[name]) || ['', {}];
    parts.push(QUEUED_OPERATIONS[member] || '', op.screen || '', `behind t${body.behindTransitionId || 0}`);
  }
  if (kind === 'dropped') parts.push(`#${body.queuedPosition || 0}`, body.error?.code || '', body.error?.message || '');
  if (kind === 'progressed') parts.push(`gesture=${(body.progress || 0).toFixed(3)}`);
  if (kind === 'finished' || kind === 'cancelled') {
    // A command's reversal logs where the screens were when it turned, not a finger's progress.
    const progress = body.reason === 'REVERSED_BY_COMMAND' ? 'visual' : 'gesture';
    parts.push(body.reason || '', `${progress}=${(body.progress || 0).toFixed(3)}`, `settle=${Math.round((body.settleUs || 0) / 1000)}ms`);
  }
  if (kind === 'completed') parts.push(body.finished ? 'finished' : 'not finished', `[${(body.screens || []).join(', ')}]`);
  if (kind === 'stackCreated') parts.push(`[${stackScreens(body).join(', ')}]`, body.config?.profile || '');
  return parts.join(' ');
}

export class EventList {
  // `follows`: the list scrolls to each new item (time travel places its list itself).
  constructor(element, limit = 300, { follows = true } = {}) {
    this.element = element;
    this.limit = limit;
    this.follows = follows;
  }

  clear() { this.element.replaceChildren(); }

  add(text, className = '') {
    const item = document.createElement('li');
    item.textContent = text;
    if (className) item.className = className;
    this.element.append(item);
    while (this.element.children.length > this.limit) this.element.firstElementChild.remove();
    // Scrolled to the newest once per display refresh: a scroll per item lays the list out again each time, and a
    // long history listed at once took seconds.
    if (!this.scrollPending) {
      this.scrollPending = true;
      requestAnimationFrame(() => {
        this.scrollPending = false;
        if (this.follows) this.element.scrollTop = this.element.scrollHeight;
      });
    }
    return item;
  }

  addEvent(event) {
    const [kind] = eventBody(event);
    return this.add(describeEvent(event), kind === 'finished' || kind === 'cancelled' ? kind : '');
  }

  addRejection(rejection) {
    const error = rejection.error || {};
    return this.add(`rejected ${error.code || ''}: ${error.message || ''}`, 'rejection');
  }
}

// Percentiles of a growing sample (nearest rank).
export function percentile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

// "1 event", "2 events".
export function counted(count, noun) {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
