// A device viewport that draws a stack's screens as app screens placed exactly by the published frames: rects in
// points (a scaled screen's rect is smaller than the device, and its content shrinks with it), rounded corners,
// alpha, the scrim (dimming) over the lower screen and the edge shadow of the upper one (an alpha, or Flutter's
// gradient outside its leading edge, `edgeShadow`). Each screen has a navigation bar with its title and a back
// button named after the screen below it, a list, and on tab stacks a tab bar with its tab marked; a presented
// screen is a sheet with a Done button. Drawing happens once per display refresh (requestAnimationFrame) with the
// newest frame; frames that arrive in between are kept only as the newest.

const PALETTE = ['#3d6fd9', '#2b9b6b', '#c0653a', '#8a55c9', '#c7486f', '#2f8fa3', '#a58a1d', '#5f6b7d'];

export class Stage {
  constructor(element, { maxHeight = 560 } = {}) {
    this.element = element;
    this.maxHeight = maxHeight;
    this.device = document.createElement('div');
    this.device.className = 'device';
    // What shows where scaled screens uncover the device: Android draws the entering window's background colour
    // there, plain.
    this.backdrop = document.createElement('div');
    this.backdrop.className = 'backdrop';
    this.backdrop.hidden = true;
    this.device.append(this.backdrop);
    element.append(this.device);
    // Nothing is drawn before there is something to draw: the stage shows once it has a size.
    element.hidden = true;
    this.cards = new Map();
    this.roles = new Map();  // screen -> {back, sheet, tabs, tab}: what its bars show
    this.pending = null;
    this.size = { width: 390, height: 844 };
    this.scale = 1;
    this.drawn = null;  // the frame (or idle screen) on screen, for tests and readouts
    window.addEventListener('resize', () => { if (!this.element.hidden) this.setSize(this.size.width, this.size.height); });
  }

  setSize(width, height) {
    this.size = { width, height };
    this.element.hidden = false;
    // In a narrow window (a phone, or a tool docked at the side) the device takes under half the height, so that
    // its controls stay in view beside it.
    // Elsewhere it fits in the window below where it starts, so that the whole device is in view at once.
    const narrow = window.innerWidth < 700;
    const below = window.innerHeight - Math.max(0, this.element.getBoundingClientRect().top) - 24;
    const limit = narrow ? Math.min(this.maxHeight, Math.max(240, window.innerHeight * 0.45))
      : Math.min(this.maxHeight, Math.max(240, below));
    const across = Math.max(160, window.innerWidth - 48) / width;
    this.scale = Math.min(limit / height, across, 1);
    this.element.style.width = `${Math.round(width * this.scale)}px`;
    this.element.style.height = `${Math.round(height * this.scale)}px`;
    this.device.style.width = `${width}px`;
    this.device.style.height = `${height}px`;
    this.device.style.transform = `scale(${this.scale})`;
  }

  // A container point of a pointer event.
  point(event) {
    const box = this.element.getBoundingClientRect();
    return { x: (event.clientX - box.left - this.element.clientLeft) / this.scale,
             y: (event.clientY - box.top - this.element.clientTop) / this.scale };
  }

  // What each screen of `state` (a stack state, a stackCreated or completed event) shows in its bars: the screen
  // below it for its back button, a sheet's Done, a tab stack's tab bar with its own tab marked.
  describe(state) {
    const screens = state.screens || [];
    const tabs = state.tabs || [];
    const presented = state.presented || [];
    const pages = new Set(state.presentedPages || []);
    screens.forEach((screen, index) => this.setRole(screen, { back: index > 0 ? screens[index - 1] : null }));
    tabs.forEach((tab, index) => this.setRole(tab, { back: null, tabs, tab: index }));
    presented.forEach((screen, index) => this.setRole(screen, pages.has(index)
      ? { back: index > 0 ? presented[index - 1] : topOf(screens, tabs, state.selectedTab) }
      : { back: null, sheet: true }));
  }

  setRole(screen, role) {
    const known = this.roles.get(screen);
    if (known && JSON.stringify(known) === JSON.stringify(role)) return;
    this.roles.set(screen, role);
    // Drawn again with its new bars the next time it shows.
    const card = this.cards.get(screen);
    if (card) {
      card.edge?.remove();
      card.remove();
      this.cards.delete(screen);
    }
  }

  card(screen) {
    let card = this.cards.get(screen);
    if (!card) {
      card = buildScreen(screen, this.roles.get(screen) || { back: null }, this.size);
      this.device.append(card);
      this.cards.set(screen, card);
    }
    return card;
  }

  // Shows one screen filling the device (no transition running).
  showScreen(screen) {
    this.pending = { idle: screen };
    this.schedule();
  }

  // Shows a frame; `upper` says which of its screens is on top ('from' for pops and dismisses, 'to' for pushes
  // and presents, null for tab switches).
  showFrame(frame, upper, operation) {
    this.pending = { frame, upper, operation };
    this.schedule();
  }

  // Draws now (time travel and comparisons draw exactly the frame asked for).
  drawNow(frame, upper, operation) {
    this.pending = { frame, upper, operation };
    this.draw();
  }

  schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    requestAnimationFrame(() => { this.scheduled = false; this.draw(); });
  }

  draw() {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    for (const card of this.cards.values()) {
      card.hidden = true;
      if (card.edge) card.edge.hidden = true;
    }
    this.backdrop.hidden = true;
    if (pending.idle !== undefined) {
      if (pending.idle) this.place(this.card(pending.idle), { x: 0, y: 0, ...this.size }, 1, 0, 0, 0, 1);
      this.drawn = { idle: pending.idle };
      return;
    }
    const { frame, upper, operation } = pending;
    const lower = upper === 'from' ? 'to' : 'from';
    // A screen this stage has not been told of yet (a push or present on its way): the other screen of its
    // transition is the one below it.
    const arriving = upper && frame[upper]?.screen;
    if (arriving && !this.roles.has(arriving)) {
      const sheet = operation === 'PRESENT' || operation === 'DISMISS';
      this.setRole(arriving, sheet ? { back: null, sheet: true } : { back: frame[lower]?.screen || null });
    }
    const views = upper ? [lower, upper] : ['from', 'to'];
    const entering = upper ? frame[lower] : null;
    if (entering?.screen && views.some((side) => this.isScaled(frame[side]))) {
      this.backdrop.style.background = colorOf(entering.screen);
      this.backdrop.hidden = false;
    }
    views.forEach((side, index) => {
      const view = frame[side];
      if (!view || !view.screen) return;
      const scrim = upper && side === lower ? (frame.dimming || 0) : 0;
      const shadow = upper && side === upper ? (frame.shadow || 0) : 0;
      const card = this.card(view.screen);
      this.place(card, view.rect || {}, view.alpha || 0, view.cornerRadius || 0, scrim, shadow, index + 1);
      if (view.edgeShadow) this.placeEdgeShadow(card, view.rect || {}, view.edgeShadow, index + 1);
    });
    this.drawn = { frame };
  }

  // Whether a screen is drawn smaller than the device (a frame says so by its rect's size alone).
  isScaled(view) {
    const rect = view?.rect;
    return Boolean(rect) && ((rect.width || 0) < this.size.width || (rect.height || 0) < this.size.height);
  }

  // Flutter's page shadow: a black gradient beside the card's leading edge, outside it, so drawn as a sibling (a card
  // clips what it holds). A page right of its rest came in from the right: its leading edge is its left one; right
  // to left, the page sits left of its rest and the shadow is on its right.
  placeEdgeShadow(card, rect, edgeShadow, z) {
    if (!card.edge) {
      card.edge = document.createElement('div');
      card.edge.className = 'edge-shadow';
      this.device.append(card.edge);
    }
    const edge = card.edge;
    const width = edgeShadow.width || 0;
    const x = rect.x || 0;
    const rightToLeft = x < 0;
    const left = rightToLeft ? x + (rect.width || 0) : x - width;
    const stops = (edgeShadow.stops || [])
      .map((stop) => `rgba(0,0,0,${stop.alpha || 0}) ${(stop.position || 0) * 100}%`)
      .join(', ');
    edge.hidden = false;
    edge.style.width = `${width}px`;
    edge.style.height = `${rect.height || 0}px`;
    edge.style.transform = `translate(${left}px, ${rect.y || 0}px)`;
    edge.style.zIndex = String(z);
    edge.style.background = stops ? `linear-gradient(${rightToLeft ? 'to right' : 'to left'}, ${stops})` : 'none';
  }

  place(card, rect, alpha, radius, scrim, shadow, z) {
    card.hidden = false;
    const width = rect.width || 0;
    card.style.width = `${width}px`;
    card.style.height = `${rect.height || 0}px`;
    card.style.transform = `translate(${rect.x || 0}px, ${rect.y || 0}px)`;
    card.style.opacity = String(alpha);
    card.style.zIndex = String(z);
    card.style.borderRadius = radius > 0 ? `${radius}px` : '';
    card.style.boxShadow = shadow > 0 ? `0 0 24px rgba(0,0,0,${shadow})` : 'none';
    card.querySelector('.scrim').style.opacity = String(scrim);
    // The content shrinks with the screen, as a scaled window's does.
    const scale = this.size.width > 0 ? width / this.size.width : 1;
    const content = card.querySelector('.screen');
    content.style.width = `${this.size.width}px`;
    content.style.height = `${this.size.height}px`;
    content.style.transform = scale < 1 ? `scale(${scale})` : '';
  }
}

// How many rows a screen's list shows.
const ROWS = 14;

// One app screen: navigation bar (back button, title; a sheet's Done), a list, and a tab bar on tab stacks.
function buildScreen(screen, role, size) {
  const card = element('div', 'card');
  card.dataset.screen = screen;
  if (role.sheet) card.classList.add('sheet');
  const content = element('div', 'screen');
  content.style.width = `${size.width}px`;
  content.style.height = `${size.height}px`;
  const bar = element('div', 'navbar');
  bar.style.background = colorOf(screen);
  const back = element('span', 'back', role.back ? `‹ ${role.back}` : '');
  const title = element('span', 'title', screen);
  const done = element('span', 'done', role.sheet ? 'Done' : '');
  bar.append(back, title, done);
  const list = element('ul', 'rows');
  for (let row = 1; row <= ROWS; row += 1) list.append(element('li', '', `${screen} · item ${row}`));
  content.append(bar, list);
  if (role.tabs) {
    const tabBar = element('div', 'tabbar');
    role.tabs.forEach((tab, index) => {
      const item = element('span', index === role.tab ? 'tab-item selected' : 'tab-item', tab);
      if (index === role.tab) item.style.color = colorOf(screen);
      tabBar.append(item);
    });
    content.append(tabBar);
  }
  card.append(content, element('div', 'scrim'));
  return card;
}

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

// The screen a page pushed over a presentation sits on: the top of the stack under it.
function topOf(screens, tabs, selectedTab) {
  return screens.length ? screens[screens.length - 1] : tabs[selectedTab || 0] || null;
}

// A screen's color, the same in every view: a hash of its name picks it.
function colorOf(screen) {
  let hash = 0;
  for (const char of screen) hash = (hash * 31 + char.codePointAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length];
}

// Which side of a transition's frames is on top, from the operation its `began` event names.
export function upperSide(operation) {
  if (operation === 'POP' || operation === 'POP_TO_ROOT' || operation === 'DISMISS') return 'from';
  if (operation === 'PUSH' || operation === 'PRESENT') return 'to';
  return null;
}

// A stack's screens, or its tabs for a tab stack (a state or a stackCreated event, which carry both lists,
// the unused one empty).
export function stackScreens(state) {
  return state.screens?.length ? state.screens : state.tabs || [];
}

// The screen on top of a stack state (or a completed event): the newest presented, else the last screen, else
// the selected tab.
export function topScreen(state) {
  const presented = state.presented || [];
  if (presented.length) return presented[presented.length - 1];
  const screens = state.screens || [];
  if (screens.length) return screens[screens.length - 1];
  const tabs = state.tabs || [];
  return tabs.length ? tabs[state.selectedTab || 0] : null;
}
