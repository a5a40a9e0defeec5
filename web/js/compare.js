// Compare: one recorded gesture run through two profiles on fresh engines in the gateway (nothing reaches the
// log), drawn side by side on one time axis.
import { Stage, upperSide } from './stage.js';
import { eventBody } from './panels.js';

export class Compare {
  constructor(connection, hello, playground) {
    this.connection = connection;
    this.playground = playground;
    this.$ = (id) => document.getElementById(id);
    this.stages = [new Stage(this.$('cmp-stage-a'), { maxHeight: 480 }), new Stage(this.$('cmp-stage-b'), { maxHeight: 480 })];
    this.runs = [];
    for (const [id, initial] of [['cmp-a', 'ios'], ['cmp-b', 'flutter']]) {
      const select = this.$(id);
      for (const name of hello.profiles) select.add(new Option(name, name));
      select.value = hello.profiles.includes(initial) ? initial : hello.profiles[0];
    }
    this.$('cmp-run').addEventListener('click', () => this.run());
    this.$('cmp-play').addEventListener('click', () => this.play());
    this.$('cmp-scrub').addEventListener('input', () => this.show(Number(this.$('cmp-scrub').value)));
  }

  // The pans to compare, in the playground's device size.
  gesture(width, height) {
    const choice = this.$('cmp-gesture').value;
    if (choice === 'last' && this.playground.lastGesture.length > 1) return this.playground.lastGesture;
    const flick = choice === 'flick';
    const pans = [];
    const y = height / 2, startX = 6, endX = flick ? width * 0.25 : width * 0.6;
    const steps = flick ? 10 : 48;
    const stepUs = 8333;
    // The first sample is already on its way, as a pan recognizer's BEGAN is.
    for (let i = 1; i <= steps; i++) {
      const x = startX + (endX - startX) * (flick ? i / steps : Math.sin((i / steps) * Math.PI / 2));
      pans.push({ gestureId: 1, phase: i === 1 ? 'PAN_BEGAN' : 'PAN_CHANGED', location: { x, y },
        translation: { x: x - startX, y: 0 }, timestampUs: i * stepUs });
    }
    const last = pans[pans.length - 1];
    // The slow drag rests 100 ms before it lets go; the flick lets go at speed.
    pans.push({ ...last, phase: 'PAN_ENDED', timestampUs: last.timestampUs + (flick ? stepUs : 100000) });
    return pans;
  }

  async run() {
    const [width, height] = this.$('pg-device').value.split('x').map(Number);
    const profiles = [this.$('cmp-a').value, this.$('cmp-b').value];
    const pans = this.gesture(width, height);
    let answer;
    try {
      answer = await this.connection.ask({ compare: { profiles, size: { width, height }, pans,
        rightToLeft: this.$('pg-rtl').checked || undefined } });
    } catch (error) {
      this.$('cmp-caption-a').textContent = `${error.code || 'error'}: ${error.message}`;
      return;
    }
    this.runs = answer.comparison.runs.map((run) => {
      const operations = new Map();
      let decision = 'no transition';
      for (const event of run.events || []) {
        const [kind, body] = eventBody(event);
        if (kind === 'began') operations.set(body.transitionId, body.operation);
        if (kind === 'finished' || kind === 'cancelled') {
          decision = `${kind} (${body.reason}) at gesture progress ${(body.progress || 0).toFixed(2)}, settles in `
            + `${Math.round((body.settleUs || 0) / 1000)} ms`;
        }
      }
      if (run.error) decision = `refused: ${run.error.code} ${run.error.message}`;
      return { profile: run.profile, frames: run.frames || [], operations, decision };
    });
    this.runs.forEach((run, index) => {
      this.stages[index].setSize(width, height);
      this.stages[index].describe({ screens: ['Home', 'Detail'] });
      this.$(index === 0 ? 'cmp-caption-a' : 'cmp-caption-b').textContent = `${run.profile}: ${run.decision}`;
    });
    const times = this.runs.flatMap((run) => run.frames.map((frame) => frame.timeUs));
    this.startUs = Math.min(...times);
    this.endUs = Math.max(...times);
    this.$('cmp-scrub').max = String(this.endUs - this.startUs);
    this.show(0);
  }

  show(offsetUs) {
    this.$('cmp-scrub').value = String(offsetUs);
    this.$('cmp-time').textContent = `t=${(offsetUs / 1000).toFixed(1)} ms of ${((this.endUs - this.startUs) / 1000).toFixed(0)} ms`;
    const t = this.startUs + offsetUs;
    this.runs.forEach((run, index) => {
      let frame = run.frames[0];
      for (const candidate of run.frames) { if (candidate.timeUs <= t) frame = candidate; else break; }
      const operation = run.operations.get(frame?.transitionId);
      if (frame) this.stages[index].drawNow(frame, upperSide(operation), operation);
    });
  }

  play() {
    if (!this.runs.length) return;
    const begin = performance.now();
    const span = this.endUs - this.startUs;
    const tick = (now) => {
      const offset = Math.min((now - begin) * 1000, span);
      this.show(offset);
      if (offset < span) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }
}
