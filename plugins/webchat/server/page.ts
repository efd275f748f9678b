import type { ChannelConnection } from '@balcao/sdk';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The visitor page's words in the four interface languages; Spanish is the fallback, as in the app. */
const WORDS = {
  'pt-BR': {
    hello: 'Olá! Como podemos ajudar?',
    name: 'Seu nome',
    start: 'Começar conversa',
    placeholder: 'Escreva sua mensagem…',
    send: 'Enviar',
    offline: 'Reconectando…',
    error: 'Não foi possível enviar. Tente novamente.',
  },
  en: {
    hello: 'Hi! How can we help?',
    name: 'Your name',
    start: 'Start chatting',
    placeholder: 'Type your message…',
    send: 'Send',
    offline: 'Reconnecting…',
    error: 'Could not send. Please try again.',
  },
  es: {
    hello: '¡Hola! ¿Cómo podemos ayudarte?',
    name: 'Tu nombre',
    start: 'Iniciar conversación',
    placeholder: 'Escribe tu mensaje…',
    send: 'Enviar',
    offline: 'Reconectando…',
    error: 'No se pudo enviar. Inténtalo de nuevo.',
  },
  tr: {
    hello: 'Merhaba! Size nasıl yardımcı olabiliriz?',
    name: 'Adınız',
    start: 'Sohbeti başlat',
    placeholder: 'Mesajınızı yazın…',
    send: 'Gönder',
    offline: 'Yeniden bağlanıyor…',
    error: 'Gönderilemedi. Lütfen tekrar deneyin.',
  },
};

/** Where the visitor page's style and script are served (the plugin's public routes). */
export const VISITOR_ASSETS = '/webchat/assets';

/** The visitor page's style (`${VISITOR_ASSETS}/page.css`). */
export const VISITOR_STYLE = `  :root { --green: #238551; --bg: #f6f7f9; --fg: #1c2127; --muted: #5f6b7c; --bubble: #fff; }
  @media (prefers-color-scheme: dark) { :root { --bg: #1c2127; --fg: #f6f7f9; --muted: #abb3bf; --bubble: #2f343c; } }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.4 -apple-system, "Segoe UI", Roboto, sans-serif; background: var(--bg); color: var(--fg); height: 100vh; display: flex; flex-direction: column; }
  header { background: var(--green); color: #fff; padding: 14px 16px; font-weight: 600; }
  header small { display: block; font-weight: 400; opacity: .85; }
  #log { flex: 1; overflow-y: auto; padding: 16px; display: flex; flex-direction: column; gap: 8px; }
  .msg { max-width: 80%; padding: 8px 12px; border-radius: 12px; background: var(--bubble); white-space: pre-wrap; word-wrap: break-word; box-shadow: 0 1px 1px rgba(0,0,0,.08); }
  .msg.me { align-self: flex-end; background: var(--green); color: #fff; }
  .msg time { display: block; font-size: 11px; opacity: .7; margin-top: 2px; text-align: right; }
  form { display: flex; gap: 8px; padding: 12px; border-top: 1px solid rgba(128,128,128,.25); }
  input, textarea { flex: 1; font: inherit; padding: 10px 12px; border-radius: 8px; border: 1px solid rgba(128,128,128,.4); background: var(--bubble); color: var(--fg); resize: none; }
  button { font: inherit; padding: 10px 16px; border: 0; border-radius: 8px; background: var(--green); color: #fff; cursor: pointer; }
  button:disabled { opacity: .5; cursor: default; }
  .msg img.media, .msg video.media { display: block; max-width: 100%; max-height: 240px; border-radius: 8px; }
  .msg audio.media { display: block; max-width: 100%; }
  .msg a.file { color: inherit; }
  #status { color: var(--muted); font-size: 12px; padding: 0 16px; min-height: 16px; }
  [hidden] { display: none !important; }
`;

/** The visitor page's script (`${VISITOR_ASSETS}/page.js`): the conversation over fetch and the guest socket. */
export const VISITOR_SCRIPT = `(() => {
  const WORDS = ${JSON.stringify(WORDS)};
  const lang = (navigator.language || 'es').toLowerCase();
  const w = lang.startsWith('pt') ? WORDS['pt-BR'] : lang.startsWith('en') ? WORDS.en : lang.startsWith('tr') ? WORDS.tr : WORDS.es;
  const token = document.body.dataset.token;
  const key = 'balcao-webchat-' + token;
  const $ = (id) => document.getElementById(id);
  const random = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  // In another site's frame the browser may deny storage (third-party cookies blocked): the chat then lasts the visit.
  const storage = (() => { try { return window.localStorage; } catch { return null; } })();
  const saved = JSON.parse((storage && storage.getItem(key)) || 'null') || { visitorId: random(), name: '' };
  const seen = new Set();
  $('hello').textContent = w.hello; $('name').placeholder = w.name; $('start').textContent = w.start;
  $('body').placeholder = w.placeholder; $('send').textContent = w.send;

  // Media come from Balcão's own /api/media (the URL's random name is the credential); anything else stays text.
  function content(m) {
    const url = typeof m.mediaUrl === 'string' && m.mediaUrl.startsWith('/api/media/') ? m.mediaUrl : null;
    const caption = (m.body || '').replace(/[\\u200d\\u200e]/g, '').trim();
    const box = document.createElement('div');
    if (url && m.mediaType === 'image') {
      const a = document.createElement('a'); a.href = url; a.target = '_blank'; a.rel = 'noopener';
      const img = document.createElement('img'); img.src = url; img.alt = caption; img.className = 'media';
      img.dataset.testid = 'webchat-image';
      a.append(img); box.append(a);
    } else if (url && (m.mediaType === 'video' || m.mediaType === 'audio')) {
      const el = document.createElement(m.mediaType); el.src = url; el.controls = true; el.className = 'media';
      box.append(el);
    } else if (url) {
      const a = document.createElement('a'); a.href = url; a.target = '_blank'; a.rel = 'noopener';
      a.textContent = '📎 ' + (caption || url.split('/').pop()); a.className = 'file';
      box.append(a); return box;
    } else if (m.mediaType === 'contactMessage') {
      const name = (/^FN[^:]*:(.*)$/m.exec(m.body) || [])[1] || '';
      const tel = (/waid=(\\d+)/.exec(m.body) || [])[1] || '';
      box.textContent = '👤 ' + name + (tel ? '\\n+' + tel : '');
      return box;
    }
    if (caption && !(url && caption === url.split('/').pop())) {
      const p = document.createElement('div'); p.textContent = caption; box.append(p);
    }
    return box;
  }

  function show(m) {
    if (m.id && seen.has(m.id)) return;
    if (m.id) seen.add(m.id);
    const div = document.createElement('div');
    div.className = 'msg' + (m.fromMe ? '' : ' me');
    if (m.id) div.dataset.id = m.id;
    div.append(content(m));
    const time = document.createElement('time');
    time.textContent = new Date(m.createdAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    div.appendChild(time);
    $('log').appendChild(div);
    $('log').scrollTop = $('log').scrollHeight;
    if (m.fromMe) markRead();
  }

  // Read receipts: once the visitor can see the attendants' messages (tab visible), tell Balcão, at most every 500 ms.
  let readTimer = null;
  function markRead() {
    if (readTimer || document.visibilityState !== 'visible') return;
    readTimer = setTimeout(() => {
      readTimer = null;
      fetch('/api/webchat/' + token + '/read', {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ visitorId: saved.visitorId }),
      }).catch(() => {});
    }, 500);
  }
  document.addEventListener('visibilitychange', () => { if (!$('chat').hidden) markRead(); });

  async function history() {
    const res = await fetch('/api/webchat/' + token + '/messages?visitorId=' + saved.visitorId);
    if (res.ok) (await res.json()).messages.forEach(show);
  }

  function connect(delay = 1000) {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(proto + '://' + location.host + '/ws?guest=webchat&token=' + token + '&visitorId=' + saved.visitorId);
    ws.onopen = () => { $('status').textContent = ''; delay = 1000; history(); };
    ws.onmessage = (e) => {
      const f = JSON.parse(e.data);
      if (f.channel !== 'webchat') return;
      if (f.data.action === 'message') show(f.data.message);
      if (f.data.action === 'delete') document.querySelector('.msg[data-id="' + Number(f.data.messageId) + '"]')?.remove();
    };
    ws.onclose = () => { $('status').textContent = w.offline; setTimeout(() => connect(Math.min(delay * 2, 30000)), delay); };
    setInterval(() => ws.readyState === 1 && ws.send(JSON.stringify({ type: 'ping' })), 18000);
  }

  function begin() {
    $('intro').hidden = true; $('chat').hidden = false; $('body').focus();
    connect();
  }

  $('intro').onsubmit = (e) => {
    e.preventDefault();
    const name = $('name').value.trim();
    if (!name) return;
    saved.name = name; if (storage) storage.setItem(key, JSON.stringify(saved));
    begin();
  };

  async function send() {
    const body = $('body').value;
    if (!body.trim()) return;
    const clientMessageId = random();
    $('send').disabled = true;
    try {
      const res = await fetch('/api/webchat/' + token + '/messages', {
        method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ visitorId: saved.visitorId, name: saved.name, body, clientMessageId }),
      });
      if (!res.ok) throw new Error(String(res.status));
      const { messageId } = await res.json();
      show({ id: messageId, body, fromMe: false, createdAt: new Date().toISOString() });
      stopTyping(false);
      $('body').value = '';
      $('status').textContent = '';
    } catch { $('status').textContent = w.error; } finally { $('send').disabled = false; $('body').focus(); }
  }
  // Typing: "composing" when the visitor starts and again every 4 s while they go on, "available" after 6 s of quiet
  // or when the box is emptied; a sent message ends it on the attendants' side by itself.
  let typingSince = 0, quiet = null;
  function presence(state) {
    fetch('/api/webchat/' + token + '/presence', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ visitorId: saved.visitorId, presence: state }),
    }).catch(() => {});
  }
  function stopTyping(tell) {
    clearTimeout(quiet); quiet = null;
    if (typingSince && tell) presence('available');
    typingSince = 0;
  }
  $('body').addEventListener('input', () => {
    if (!$('body').value.trim()) return stopTyping(true);
    if (Date.now() - typingSince > 4000) { typingSince = Date.now(); presence('composing'); }
    clearTimeout(quiet); quiet = setTimeout(() => stopTyping(true), 6000);
  });
  $('chat').onsubmit = (e) => { e.preventDefault(); send(); };
  $('body').onkeydown = (e) => { if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); send(); } };

  if (saved.name) begin();
})();
`;

/**
 * The chat page a visitor opens (directly or in the embed's iframe): name first, then the conversation, live. Its
 * style and script are files of their own (VISITOR_STYLE, VISITOR_SCRIPT): the Content-Security-Policy runs no
 * inline code; the script reads the connection's token from the body.
 */
export function visitorPage(connection: ChannelConnection): string {
  const title = escapeHtml(connection.name);
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${title}</title>
<link rel="stylesheet" href="${VISITOR_ASSETS}/page.css" />
</head>
<body data-token="${escapeHtml(connection.token)}">
<header>${title}<small id="hello"></small></header>
<div id="log" aria-live="polite"></div>
<div id="status" role="status"></div>
<form id="intro" data-testid="webchat-intro"><input id="name" maxlength="50" required autocomplete="name" data-testid="webchat-name" /><button id="start" data-testid="webchat-start"></button></form>
<form id="chat" hidden data-testid="webchat-form"><textarea id="body" rows="1" maxlength="4000" data-testid="webchat-input"></textarea><button id="send" data-testid="webchat-send"></button></form>
<script src="${VISITOR_ASSETS}/page.js"></script>
</body>
</html>`;
}

/** The `<script src=…/embed.js>` snippet's code: a bubble in the corner that opens the chat page in an iframe. */
export function embedScript(pageUrl: string): string {
  return `(() => {
  const url = ${JSON.stringify(pageUrl)};
  const button = document.createElement('button');
  button.setAttribute('aria-label', 'Chat');
  button.textContent = '💬';
  Object.assign(button.style, { position: 'fixed', right: '20px', bottom: '20px', width: '56px', height: '56px', borderRadius: '50%', border: '0', background: '#238551', color: '#fff', fontSize: '24px', cursor: 'pointer', zIndex: 2147483646, boxShadow: '0 4px 12px rgba(0,0,0,.25)' });
  const frame = document.createElement('iframe');
  frame.src = url;
  frame.title = 'Chat';
  Object.assign(frame.style, { position: 'fixed', right: '20px', bottom: '88px', width: '360px', height: '520px', maxWidth: 'calc(100vw - 40px)', border: '0', borderRadius: '12px', boxShadow: '0 8px 24px rgba(0,0,0,.25)', display: 'none', zIndex: 2147483647 });
  button.onclick = () => { frame.style.display = frame.style.display === 'none' ? 'block' : 'none'; };
  document.body.append(frame, button);
})();`;
}
