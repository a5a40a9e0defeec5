// The page's entry: one connection to the gateway, four views, and `window.segue` for whoever drives the
// page from outside (the browser tests read the playground's stack id, frames and latencies there).
import { Connection, gatewayURL } from './connection.js';
import { Playground } from './playground.js';
import { Monitor } from './monitor.js';
import { TimeTravel } from './timetravel.js';
import { Compare } from './compare.js';

const status = document.getElementById('status');
const connection = new Connection(gatewayURL(window.location));
// The badge says whether the daemon answers, as the gateway finds out by asking it, not only whether the
// gateway's socket is open.
const badge = { connected: '', daemon: null, closed: null };
function showStatus() {
  let text = 'asking the daemon…';
  let state = '';
  if (badge.closed) {
    const { code, reason } = badge.closed;
    text = `segue web is gone (${code}${reason ? ': ' + reason : ''}); reload to reconnect`;
    state = 'down';
  } else if (badge.daemon && !badge.daemon.answering) {
    text = `daemon not answering: ${badge.daemon.reason}`;
    state = 'down';
  } else if (badge.daemon && badge.connected) {
    text = badge.connected;
    state = 'ok';
  }
  status.textContent = text;
  status.className = `status ${state}`.trim();
}
connection.listen((message) => {
  if (message.closed) badge.closed = message.closed;
  else if (message.daemon) badge.daemon = message.daemon;
  else if (message.error) console.warn('segue web:', message.error.code, message.error.message);
  if (message.closed || message.daemon) showStatus();
});

const hello = await connection.ready;
badge.connected = hello.cluster
  ? `connected to the cluster at ${hello.cluster.servers} (${hello.cluster.shards} shards)`
  : `connected to ${hello.daemon.control}`;
showStatus();

const playground = new Playground(connection, hello);
const monitor = new Monitor(connection);
const timeTravel = new TimeTravel(connection);
const compare = new Compare(connection, hello, playground);
window.segue = { connection, playground, monitor, timeTravel, compare };

function showView(name) {
  for (const tab of document.querySelectorAll('.tab')) tab.setAttribute('aria-pressed', String(tab.dataset.view === name));
  for (const view of document.querySelectorAll('.view')) view.hidden = view.id !== `view-${name}`;
  if (name === 'monitor') monitor.start().catch((error) => console.warn(error));
  if (name === 'timetravel') {
    timeTravel.offerStacks().catch(() => {});
    if (!document.getElementById('tt-stack').value && playground.stackId) {
      document.getElementById('tt-stack').value = playground.stackId;
    }
  }
  if (window.location.hash !== `#${name}`) {
    history.replaceState(null, '', `${window.location.pathname}${window.location.search}#${name}`);
  }
}
for (const tab of document.querySelectorAll('.tab')) tab.addEventListener('click', () => showView(tab.dataset.view));
await playground.reset();
showView(window.location.hash.slice(1) || 'playground');
document.body.dataset.ready = 'true';
