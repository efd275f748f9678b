// The web chat visitor's page script, bundled as /webchat/assets/page.js (no inline code under the CSP): the
// conversation over fetch and the guest socket, messages formatted as the attendants see them (formatSegments).
import { FALLBACK_LANGUAGE, formatSegments, matchLanguage } from '@balcao/sdk/text';
import { createPageI18n } from './page-i18n';
import { sendDraft } from './send-draft';

interface PageMessage {
  id?: number;
  body: string;
  fromMe: boolean;
  createdAt: string;
  mediaType?: string;
  mediaUrl?: string | null;
}

const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const random = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

// The server wrote the page in the visitor's Accept-Language; the browser's own languages are the fallback.
const lang =
  matchLanguage(document.documentElement.lang) ??
  navigator.languages.map(matchLanguage).find((l) => l !== null) ??
  FALLBACK_LANGUAGE;
const { t } = createPageI18n(lang);
const token = document.body.dataset.token ?? '';
const key = `balcao-webchat-${token}`;
// In another site's frame the browser may deny storage (third-party cookies blocked): the chat then lasts the visit.
const storage = (() => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
})();
const saved: { visitorId: string; name: string } = JSON.parse(storage?.getItem(key) ?? 'null') ?? {
  visitorId: random(),
  name: '',
};
const seen = new Set<number>();

/** The message's text as the attendant's bubble shows it: bold, italic, strike, links; only ever as text nodes. */
function formatted(body: string): HTMLElement {
  const p = document.createElement('div');
  p.className = 'text';
  for (const part of formatSegments(body)) {
    let node: Node = document.createTextNode(part.text);
    if (part.href) {
      const a = document.createElement('a');
      a.href = part.href;
      a.target = '_blank';
      a.rel = 'noopener noreferrer';
      a.append(node);
      node = a;
    }
    for (const [flag, tag] of [
      [part.strike, 's'],
      [part.italic, 'em'],
      [part.bold, 'strong'],
    ] as const) {
      if (!flag) continue;
      const el = document.createElement(tag);
      el.append(node);
      node = el;
    }
    p.append(node);
  }
  return p;
}

// Media come from Balcão's own /api/media (the URL's random name is the credential); anything else stays text.
function content(m: PageMessage): HTMLElement {
  const url = typeof m.mediaUrl === 'string' && m.mediaUrl.startsWith('/api/media/') ? m.mediaUrl : null;
  const caption = (m.body || '').replace(/[\u200d\u200e]/g, '').trim();
  const box = document.createElement('div');
  if (url && m.mediaType === 'image') {
    const a = document.createElement('a');
    a.href = url;
    a.target = '_blank';
    a.rel = 'noopener';
    const img = document.createElement('img');
    img.src = url;
    img.alt = caption;
    img.className = 'media';
    img.dataset.testid = 'webchat-image';
    a.append(img);
    box.append(a);
  } else if (url && (m.mediaType === 'video' || m.mediaType === 'audio')) {
    const el = document.createElement(m.mediaType);
    el.src = url;
    el.controls = true;
    el.className = 'media';
    box.append(el);
  } else if (url) {
    const a = document.createElement('a');
    a.href = url;
    a.target = '_blank';
    a.rel = 'noopener';
    a.textContent = `📎 ${caption || url.split('/').pop()}`;
    a.className = 'file';
    box.append(a);
    return box;
  } else if (m.mediaType === 'contactMessage') {
    const name = /^FN[^:]*:(.*)$/m.exec(m.body)?.[1] ?? '';
    const tel = /waid=(\d+)/.exec(m.body)?.[1] ?? '';
    box.textContent = `👤 ${name}${tel ? `\n+${tel}` : ''}`;
    return box;
  }
  if (caption && !(url && caption === url.split('/').pop())) box.append(formatted(caption));
  return box;
}

function show(m: PageMessage): void {
  if (m.id && seen.has(m.id)) return;
  if (m.id) seen.add(m.id);
  const div = document.createElement('div');
  div.className = m.fromMe ? 'msg' : 'msg me';
  if (m.id) div.dataset.id = String(m.id);
  div.append(content(m));
  const time = document.createElement('time');
  time.textContent = new Date(m.createdAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  div.append(time);
  $('log').append(div);
  $('log').scrollTop = $('log').scrollHeight;
  if (m.fromMe) markRead();
}

const post = (path: string, body: unknown) =>
  fetch(`/api/webchat/${token}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

// Read receipts: once the visitor can see the attendants' messages (tab visible), tell Balcão, at most every 500 ms.
let readTimer: ReturnType<typeof setTimeout> | null = null;
function markRead(): void {
  if (readTimer || document.visibilityState !== 'visible') return;
  readTimer = setTimeout(() => {
    readTimer = null;
    post('read', { visitorId: saved.visitorId }).catch(() => {});
  }, 500);
}
document.addEventListener('visibilitychange', () => {
  if (!$('chat').hidden) markRead();
});

async function history(): Promise<void> {
  const res = await fetch(`/api/webchat/${token}/messages?visitorId=${saved.visitorId}`);
  if (res.ok) ((await res.json()) as { messages: PageMessage[] }).messages.forEach(show);
}

function connect(delay = 1000): void {
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  const ws = new WebSocket(
    `${proto}://${location.host}/ws?guest=webchat&token=${token}&visitorId=${saved.visitorId}`,
  );
  ws.onopen = () => {
    $('status').textContent = '';
    delay = 1000;
    void history();
  };
  ws.onmessage = (e) => {
    const f = JSON.parse(String(e.data));
    if (f.channel !== 'webchat') return;
    if (f.data.action === 'message') show(f.data.message);
    if (f.data.action === 'delete')
      document.querySelector(`.msg[data-id="${Number(f.data.messageId)}"]`)?.remove();
  };
  ws.onclose = () => {
    clearInterval(ping);
    $('status').textContent = t('page.offline');
    setTimeout(() => connect(Math.min(delay * 2, 30000)), delay);
  };
  const ping = setInterval(() => ws.readyState === 1 && ws.send(JSON.stringify({ type: 'ping' })), 18000);
}

function begin(): void {
  $('intro').hidden = true;
  $('chat').hidden = false;
  $('body').focus();
  connect();
}

$('intro').onsubmit = (e) => {
  e.preventDefault();
  const name = $<HTMLInputElement>('name').value.trim();
  if (!name) return;
  saved.name = name;
  storage?.setItem(key, JSON.stringify(saved));
  begin();
};

// Typing: "composing" when the visitor starts and again every 4 s while they go on, "available" after 6 s of quiet
// or when the box is emptied; a sent message ends it on the attendants' side by itself.
let typingSince = 0;
let quiet: ReturnType<typeof setTimeout> | undefined;
const presence = (state: 'composing' | 'available') =>
  post('presence', { visitorId: saved.visitorId, presence: state }).catch(() => {});
function stopTyping(tell: boolean): void {
  clearTimeout(quiet);
  if (typingSince && tell) void presence('available');
  typingSince = 0;
}

async function send(): Promise<void> {
  const input = $<HTMLTextAreaElement>('body');
  const body = input.value;
  if (!body.trim()) return;
  $<HTMLButtonElement>('send').disabled = true;
  const outcome = await sendDraft(input, (text) =>
    post('messages', { visitorId: saved.visitorId, name: saved.name, body: text, clientMessageId: random() }),
  );
  if (outcome.kind === 'sent') {
    show({ id: outcome.messageId, body, fromMe: false, createdAt: new Date().toISOString() });
    stopTyping(false);
    $('status').textContent = '';
  } else {
    // The text stays in the box (sendDraft empties it only once stored): the visitor sends it again.
    $('status').textContent =
      outcome.kind === 'slowDown' ? t('page.slowDown', { seconds: outcome.retryAfter }) : t('page.error');
  }
  $<HTMLButtonElement>('send').disabled = false;
  input.focus();
}

$('body').addEventListener('input', () => {
  if (!$<HTMLTextAreaElement>('body').value.trim()) return stopTyping(true);
  if (Date.now() - typingSince > 4000) {
    typingSince = Date.now();
    void presence('composing');
  }
  clearTimeout(quiet);
  quiet = setTimeout(() => stopTyping(true), 6000);
});
$('chat').onsubmit = (e) => {
  e.preventDefault();
  void send();
};
$('body').onkeydown = (e) => {
  if (e.key === 'Enter' && !e.shiftKey) {
    e.preventDefault();
    void send();
  }
};

if (saved.name) begin();
