// The playground: a stack of the chosen profile and device, swiped with Pointer Events and driven by command
// buttons, drawn from the frames the daemon publishes, with the live panels beside it.
import { Stage, upperSide, topScreen, stackScreens } from './stage.js';
import { EventList, eventBody, percentile } from './panels.js';
import { Timeline } from './timeline.js';

export class Playground {
  constructor(connection, hello) {
    this.connection = connection;
    this.$ = (id) => document.getElementById(id);
    this.stage = new Stage(this.$('pg-stage'));
    this.events = new EventList(this.$('pg-events'));
    // The live timeline; a click on it shows that moment's frame until the next one arrives.
    this.timeline = new Timeline(this.$('pg-timeline'), { live: true, onSeek: (offsetUs) => this.inspect(offsetUs) });
    this.stackId = null;
    this.operations = new Map();   // transition id -> operation
    this.sentChanges = [];         // CHANGED pans not yet matched to an event, oldest first: {key, pointer, sent}
    this.awaitingFrame = new Map(); // log position of a progressed -> those times of its CHANGED
    this.latencies = [];           // pointer sample -> its TRACKING frame, ms
    this.roundTrips = [];          // message sent -> that frame, ms (the gateway and daemon's share)
    this.lastGesture = [];         // the pans of the last swipe, for Compare
    this.gesture = null;
    this.nextGestureId = Math.floor(Math.random() * 1e6) * 1000;
    this.pushed = 0;
    this.state = null;
    this.lastDone = null;

    const profiles = this.$('pg-profile');
    for (const name of hello.profiles) profiles.add(new Option(name, name));
    profiles.value = hello.profiles.includes('ios') ? 'ios' : hello.profiles[0];
    for (const id of ['pg-profile', 'pg-device', 'pg-kind', 'pg-rtl']) {
      this.$(id).addEventListener('change', () => this.reset());
    }
    this.$('pg-reset').addEventListener('click', () => this.reset());
    for (const button of document.querySelectorAll('[data-command]')) {
      button.addEventListener('click', () => this.command(button.dataset.command, Number(button.dataset.tab)));
    }
    this.bindPointer();
    connection.listen((message) => this.receive(message));
  }

  get kind() { return this.$('pg-kind').value; }

  async reset() {
    if (this.stackId) {
      const old = this.stackId;
      this.connection.unwatch({ stackId: old }).catch(() => {});
      this.connection.command(old, { delete: {} }).catch(() => {});
    }
    const [width, height] = this.$('pg-device').value.split('x').map(Number);
    const rightToLeft = this.$('pg-rtl').checked;
    this.stackId = `web-${Math.random().toString(36).slice(2, 10)}`;
    this.$('pg-stack-id').textContent = this.stackId;
    this.stage.setSize(width, height);
    this.events.clear();
    this.timeline.clear();
    this.timeline.setDevice({ width, height });
    this.operations.clear();
    this.lastDone = null;
    this.pushed = 0;
    const profile = this.$('pg-profile').value;
    const edge = EITHER_EDGE.has(profile) ? 'left or the right' : rightToLeft ? 'right' : 'left';
    this.$('pg-hint').textContent = this.kind === 'tabs' ? 'Swipe left or right to switch tabs.'
      : `Drag from the ${edge} edge to go back.`;
    const config = { size: { width, height }, profile, rightToLeft, fps: 60 };
    const create = this.kind === 'tabs' ? { tabs: ['Tab 1', 'Tab 2', 'Tab 3'], selectedTab: 0, config }
      : { screens: ['Home', 'Detail'], config };
    const stackId = this.stackId;
    try {
      // Named the page's own before it is made: the gateway deletes it when the page goes away, behind the
      // create, even if the page goes while the create is on its way.
      this.connection.send({ scratch: { stackId } });
      await this.connection.watch({ stackId });
      await this.connection.command(stackId, { create });
      await this.refreshState();
    } catch (error) {
      this.events.add(`${error.code || 'error'}: ${error.message}`, 'rejection');
    }
  }

  async refreshState() {
    const stackId = this.stackId;
    const state = await this.connection.stack(stackId);
    if (stackId !== this.stackId) return;
    this.state = state;
    this.stage.describe(state);
    this.$('pg-screens').textContent = [...stackScreens(state), ...(state.presented || [])].join(' › ');
    // Once a transition ran, its DONE frame stays drawn: it already shows the stack at rest.
    if (!state.transition && !this.lastDone) this.stage.showScreen(topScreen(state));
  }

  async command(name, tab) {
    if (!this.stackId) return;
    const immediate = this.$('pg-immediate').checked || undefined;
    // Numbers name the screens a push or present adds: a pop or a tab takes none.
    if (name === 'push' || name === 'present') this.pushed += 1;
    const ops = {
      push: { push: { screen: `Screen ${this.pushed}`, immediate } },
      pop: { pop: { immediate } },
      popToRoot: { popToRoot: { immediate } },
      present: { present: { screen: `Sheet ${this.pushed}`, immediate } },
      dismiss: { dismiss: { immediate } },
      selectTab: { selectTab: { index: tab, immediate } },
    };
    try {
      await this.connection.command(this.stackId, ops[name]);
    } catch (error) {
      this.events.add(`${name}: ${error.code || 'error'}: ${error.message}`, 'rejection');
    }
  }

  // Like a pan gesture recognizer: the gesture begins once the pointer has moved SLOP points from where it
  // went down (a tap is no swipe), so BEGAN already carries a direction; each coalesced sample is then a
  // CHANGED at its own time.
  bindPointer() {
    const element = this.stage.element;
    element.addEventListener('pointerdown', (event) => {
      if (this.gesture || !this.stackId || event.button > 0) return;
      element.setPointerCapture(event.pointerId);
      this.nextGestureId += 1;
      this.gesture = { id: this.nextGestureId, pointerId: event.pointerId, start: this.stage.point(event),
        began: false, pans: [], lastSampleAt: event.timeStamp };
    });
    // Samples are taken as soon as the browser has them: `pointerrawupdate` fires for each one, where
    // `pointermove` waits for the next animation frame with the samples since coalesced. Both are listened to
    // (not every input source raises the first), and a sample already taken is not taken again.
    const move = (event) => {
      const gesture = this.gesture;
      if (!gesture || event.pointerId !== gesture.pointerId) return;
      const samples = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
      for (const sample of samples.length ? samples : [event]) {
        if (sample.timeStamp <= gesture.lastSampleAt) continue;
        gesture.lastSampleAt = sample.timeStamp;
        const point = this.stage.point(sample);
        if (!gesture.began) {
          if (Math.hypot(point.x - gesture.start.x, point.y - gesture.start.y) < SLOP) continue;
          gesture.began = true;
          this.sendPan('PAN_BEGAN', point, sample.timeStamp);
        } else {
          this.sendPan('PAN_CHANGED', point, sample.timeStamp);
        }
      }
    };
    element.addEventListener('pointerrawupdate', move);
    element.addEventListener('pointermove', move);
    const end = (phase) => (event) => {
      const gesture = this.gesture;
      if (!gesture || event.pointerId !== gesture.pointerId) return;
      if (gesture.began) {
        this.sendPan(phase, this.stage.point(event), event.timeStamp);
        this.lastGesture = gesture.pans;
      }
      this.gesture = null;
    };
    element.addEventListener('pointerup', end('PAN_ENDED'));
    element.addEventListener('pointercancel', end('PAN_CANCELLED'));
  }

  sendPan(phase, location, timeStamp) {
    const gesture = this.gesture;
    const translation = { x: location.x - gesture.start.x, y: location.y - gesture.start.y };
    const pan = {
      stackId: this.stackId, gestureId: gesture.id, phase, location, translation,
      timestampUs: Math.round((performance.timeOrigin + timeStamp) * 1000),
    };
    if (this.kind === 'tabs') pan.target = 'PAN_TARGET_TABS';
    gesture.pans.push(pan);
    this.connection.send({ input: { pan } });
    if (phase === 'PAN_CHANGED') {
      this.sentChanges.push({ key: translationKey(translation), pointer: timeStamp, sent: performance.now() });
      if (this.sentChanges.length > MAX_UNMATCHED) this.sentChanges.shift();
    }
  }

  receive(message) {
    if (message.event && message.event.stackId === this.stackId) this.onEvent(message.event);
    else if (message.frame && message.frame.stackId === this.stackId) this.onFrame(message.frame);
    else if (message.rejection && message.rejection.stackId === this.stackId) this.events.addRejection(message.rejection);
  }

  onEvent(event) {
    this.events.addEvent(event);
    this.timeline.append(event, false);
    const [kind, body] = eventBody(event);
    if (kind === 'began') {
      this.operations.set(body.transitionId, body.operation);
    } else if (kind === 'progressed') {
      const key = translationKey(body.translation || {});
      // Events come in the order of the pans: the first unmatched pan with this translation is the one (a
      // drag back and forth repeats translations), and unmatched pans before it had no event of their own.
      const index = this.sentChanges.findIndex((sent) => sent.key === key);
      if (index >= 0) this.awaitingFrame.set(event.position, this.sentChanges.splice(0, index + 1)[index]);
    } else if (kind === 'completed') {
      this.sentChanges = [];
      this.awaitingFrame.clear();  // frames the gateway conflated away never come
      this.refreshState().catch(() => {});
    }
  }

  // The newest frame at or before a moment of the timeline, drawn on the stage.
  inspect(offsetUs) {
    const frame = this.timeline.seek(offsetUs);
    if (!frame) return;
    const operation = this.operations.get(frame.transitionId);
    this.stage.drawNow(frame, upperSide(operation), operation);
  }

  onFrame(frame) {
    this.timeline.append(frame, true);
    const operation = this.operations.get(frame.transitionId);
    this.stage.showFrame(frame, upperSide(operation), operation);
    if (frame.phase === 'DONE') this.lastDone = frame;
    if (frame.phase === 'TRACKING' && this.awaitingFrame.has(frame.position)) {
      const now = performance.now();
      const times = this.awaitingFrame.get(frame.position);
      this.awaitingFrame.delete(frame.position);
      this.latencies.push(now - times.pointer);
      this.roundTrips.push(now - times.sent);
      const ms = (values, q) => `${percentile(values, q).toFixed(1)} ms`;
      this.$('pg-p50').textContent = ms(this.latencies, 0.5);
      this.$('pg-p99').textContent = ms(this.latencies, 0.99);
      this.$('pg-rt50').textContent = ms(this.roundTrips, 0.5);
      this.$('pg-rt99').textContent = ms(this.roundTrips, 0.99);
      this.$('pg-samples').textContent = String(this.latencies.length);
    }
  }
}

// Profiles whose back swipe begins at either edge of the device (Android's predictive back).
const EITHER_EDGE = new Set(['android']);
// Points a pointer moves before its gesture begins (UIKit's pan recognizer waits for about this much).
const SLOP = 10;
// CHANGED pans kept for matching (pans of a stack this page's events do not come back for must not pile up).
const MAX_UNMATCHED = 1000;

function translationKey(translation) {
  return `${(translation.x || 0).toFixed(3)},${(translation.y || 0).toFixed(3)}`;
}
