import { CHAT_ATTACHMENT_MAX_BYTES } from '@wps/contract/chat';

/**
 * The staff console's browser script, served as /staff/console.js (plain ES2020, no build step; it
 * writes text with textContent only, never markup).
 */
export const STAFF_CONSOLE_SCRIPT = String.raw`'use strict';
(() => {
  const $ = (id) => document.getElementById(id);
  const state = { me: null, queue: new Map(), current: null, messages: new Map(), lastId: 0, socket: null, backoff: 500, typingTimer: 0, acting: false };

  async function api(method, path, body) {
    const response = await fetch('/wps/staff/' + path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await response.json().catch(() => null);
    if (answer && answer.success === false) {
      const error = new Error(answer.message || 'Failed');
      error.code = answer.errorCode;
      error.data = answer.data;
      throw error;
    }
    if (!response.ok || !answer) throw new Error('Failed');
    return answer.value;
  }

  function clientId() {
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  }

  function show(signedIn) {
    $('signin').hidden = signedIn;
    $('console').hidden = !signedIn;
    $('signout').hidden = !signedIn;
    $('who').textContent = signedIn ? state.me.displayName + ' · ' + state.me.role : '';
  }

  function renderQueue() {
    const list = $('queue');
    list.textContent = '';
    const items = [...state.queue.values()].filter((c) => c.status !== 'closed').sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt));
    for (const item of items) {
      const li = document.createElement('li');
      const button = document.createElement('button');
      button.setAttribute('aria-current', String(state.current === item.id));
      const name = document.createElement('strong');
      name.textContent = item.account || 'Visitor #' + item.id;
      button.append(name);
      if (item.unread > 0) {
        const badge = document.createElement('span');
        badge.className = 'badge';
        badge.textContent = String(item.unread);
        badge.setAttribute('aria-label', item.unread + ' unread');
        button.append(badge);
      }
      const meta = document.createElement('span');
      meta.className = 'meta';
      meta.textContent = [' ' + (item.vipLabel || 'no VIP label'), item.language || '-', item.status + (item.assignedName ? ' (' + item.assignedName + ')' : '')].join(' · ');
      const last = document.createElement('div');
      last.className = 'meta';
      last.textContent = item.lastMessage || '';
      button.append(meta, last);
      button.addEventListener('click', () => open(item.id));
      li.append(button);
      list.append(li);
    }
  }

  // Pick up follows the conversation's state: nobody has it (open), or another agent has it and this
  // role may take over; never one this agent already has, nor a closed one.
  function mayPickUp(item) {
    if (!item || item.status === 'closed' || !state.me) return false;
    if (item.assignedStaffId === null) return true;
    if (item.assignedStaffId === state.me.id) return false;
    return (state.me.permissions || []).includes('chat:takeover');
  }

  function renderPane() {
    const item = state.queue.get(state.current);
    const has = item !== undefined && item.status !== 'closed';
    $('title').textContent = item ? item.account || 'Visitor #' + item.id : 'Pick a conversation';
    $('details').textContent = item ? [item.vipLabel || 'no VIP label', item.language || '-', item.status + (item.assignedName ? ' (' + item.assignedName + ')' : '')].join(' · ') : '';
    for (const id of ['transfer', 'close', 'text', 'sendBtn', 'image']) $(id).disabled = !has;
    $('pickup').disabled = state.acting || !mayPickUp(item);
    const log = $('log');
    log.textContent = '';
    const list = [...state.messages.values()].filter((m) => m.conversationId === state.current).sort((a, b) => a.id - b.id);
    for (const message of list) {
      const div = document.createElement('div');
      div.className = 'msg ' + message.sender;
      if (message.attachmentId) {
        const img = document.createElement('img');
        img.src = '/wps/chat/attachments/' + encodeURIComponent(message.attachmentId);
        img.alt = message.sender === 'agent' ? 'Image sent by ' + (message.agentName || 'an agent') : 'Image from the member';
        img.style.maxWidth = '240px';
        img.style.display = 'block';
        div.append(img);
      }
      if (message.body) div.append(document.createTextNode(message.body));
      const meta = document.createElement('span');
      meta.className = 'meta';
      const when = new Date(message.createdAt).toLocaleTimeString();
      const tick = message.sender === 'agent' ? (message.readAt ? ' · read' : message.deliveredAt ? ' · delivered' : ' · sent') : '';
      meta.textContent = (message.sender === 'agent' ? message.agentName || 'Agent' : 'Member') + ' · ' + when + tick;
      div.append(meta);
      log.append(div);
    }
    log.scrollTop = log.scrollHeight;
  }

  async function open(id) {
    state.current = id;
    $('typing').textContent = '';
    const messages = await api('GET', 'conversations/' + id + '/messages?since=0');
    for (const m of messages) state.messages.set(m.id, m);
    renderQueue();
    renderPane();
    markRead();
  }

  function markRead() {
    const list = [...state.messages.values()].filter((m) => m.conversationId === state.current && m.sender === 'member' && !m.readAt);
    if (list.length === 0) return;
    const upTo = Math.max(...list.map((m) => m.id));
    api('POST', 'conversations/' + state.current + '/read', { upTo }).catch(() => undefined);
  }

  async function loadQueue() {
    const list = await api('GET', 'conversations');
    state.queue = new Map(list.map((c) => [c.id, c]));
    renderQueue();
    renderPane();
  }

  function connect() {
    const socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/wps/staff/socket');
    state.socket = socket;
    socket.addEventListener('message', (event) => {
      const frame = JSON.parse(event.data);
      if (frame.type === 'ready') {
        state.backoff = 500;
        loadQueue().catch(() => undefined);
        if (state.current !== null) open(state.current).catch(() => undefined);
      } else if (frame.type === 'conversation') {
        state.queue.set(frame.conversation.id, frame.conversation);
        renderQueue();
        if (frame.conversation.id === state.current) renderPane();
      } else if (frame.type === 'message') {
        state.messages.set(frame.message.id, frame.message);
        if (frame.message.conversationId === state.current) {
          renderPane();
          if (frame.message.sender === 'member' && document.visibilityState === 'visible') markRead();
        }
      } else if (frame.type === 'receipt') {
        for (const m of state.messages.values()) {
          if (m.conversationId === frame.conversationId && m.sender === frame.sender && m.id <= frame.upTo) {
            if (frame.kind === 'read') m.readAt = m.readAt || frame.at;
            m.deliveredAt = m.deliveredAt || frame.at;
          }
        }
        if (frame.conversationId === state.current) renderPane();
      } else if (frame.type === 'typing' && frame.conversationId === state.current) {
        $('typing').textContent = frame.on ? 'The member is typing…' : '';
      }
    });
    socket.addEventListener('close', (event) => {
      if (state.socket !== socket) return;
      if (event.code === 4401) {
        state.me = null;
        show(false);
        return;
      }
      setTimeout(connect, state.backoff);
      state.backoff = Math.min(state.backoff * 2, 15000);
    });
  }

  async function start() {
    state.me = await api('GET', 'me');
    show(true);
    const [agents, canned] = await Promise.all([api('GET', 'agents'), api('GET', 'canned')]);
    const transferTo = $('transferTo');
    transferTo.textContent = '';
    for (const agent of agents) {
      if (agent.id === state.me.id) continue;
      const option = document.createElement('option');
      option.value = String(agent.id);
      option.textContent = agent.displayName + ' (' + agent.role + ')';
      transferTo.append(option);
    }
    // Built afresh on every start (a sign-in after a sign-out or a lost session starts again): kept
    // options would show each reply twice.
    const select = $('canned');
    select.length = 1;
    for (const reply of canned) {
      const option = document.createElement('option');
      option.value = reply.body;
      option.textContent = reply.title;
      select.append(option);
    }
    connect();
  }

  $('signin').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    $('error').textContent = '';
    try {
      await api('POST', 'login', { username: form.get('username'), password: form.get('password'), code: form.get('code') });
      event.target.reset();
      await start();
    } catch (error) {
      $('error').textContent =
        error.code === 'staff_second_factor_required' ? 'This account has no authenticator. Ask an administrator.'
        : error.code === 'staff_login_locked' ? 'Too many failed sign-ins. Try again in ' + Math.ceil(((error.data && error.data.retryAfterS) || 60) / 60) + ' min.'
        : 'Wrong user name, password or code.';
    }
  });
  $('signout').addEventListener('click', async () => {
    await api('POST', 'logout', {}).catch(() => undefined);
    const socket = state.socket;
    state.socket = null;
    if (socket) socket.close();
    state.me = null;
    show(false);
  });
  // One action at a time: Pick up stays disabled while its call runs (a second tap sends nothing).
  const act = (path, body) => {
    state.acting = true;
    renderPane();
    return api('POST', 'conversations/' + state.current + '/' + path, body).then((item) => {
      state.queue.set(item.id, item);
    }).catch((error) => alert(error.message)).finally(() => {
      state.acting = false;
      renderQueue();
      renderPane();
    });
  };
  $('pickup').addEventListener('click', () => act('pickup', {}));
  $('close').addEventListener('click', () => act('close', {}));
  $('transfer').addEventListener('click', () => act('transfer', { staffId: Number($('transferTo').value) }));
  $('canned').addEventListener('change', (event) => {
    if (event.target.value) $('text').value = event.target.value;
    event.target.value = '';
    $('text').focus();
  });
  $('text').addEventListener('input', () => {
    if (!state.socket || state.socket.readyState !== 1 || state.current === null) return;
    if (state.typingTimer === 0) state.socket.send(JSON.stringify({ type: 'typing', conversationId: state.current, on: true }));
    clearTimeout(state.typingTimer);
    const conversationId = state.current;
    state.typingTimer = setTimeout(() => {
      state.typingTimer = 0;
      if (state.socket && state.socket.readyState === 1) state.socket.send(JSON.stringify({ type: 'typing', conversationId, on: false }));
    }, 2000);
  });
  $('compose').addEventListener('submit', async (event) => {
    event.preventDefault();
    const body = $('text').value.trim();
    if (!body || state.current === null) return;
    const id = clientId();
    $('text').value = '';
    try {
      const message = await api('POST', 'conversations/' + state.current + '/messages', { clientId: id, body });
      // The socket may have brought the message, and the member's receipts, before this answer: the
      // answer's copy (not yet delivered or read) must not overwrite them.
      if (!state.messages.has(message.id)) state.messages.set(message.id, message);
      renderPane();
    } catch (error) {
      $('text').value = body;
      alert(error.message);
    }
  });
  // An image: checked here as the server does (type, size), uploaded, then sent as a reply.
  const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
  const IMAGE_MAX_BYTES = ${CHAT_ATTACHMENT_MAX_BYTES};
  function base64Of(file) {
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
      reader.onerror = () => reject(new Error('The file cannot be read.'));
      reader.readAsDataURL(file);
    });
  }
  $('image').addEventListener('change', async (event) => {
    const file = event.target.files && event.target.files[0];
    event.target.value = '';
    if (!file || state.current === null) return;
    if (!IMAGE_TYPES.includes(file.type)) return alert('Send a PNG, JPEG or WebP image.');
    if (file.size > IMAGE_MAX_BYTES) return alert('The image is too large (at most ' + Math.floor(IMAGE_MAX_BYTES / 1024) + ' KB).');
    const conversationId = state.current;
    try {
      const stored = await api('POST', 'conversations/' + conversationId + '/attachments', { data: await base64Of(file) });
      const message = await api('POST', 'conversations/' + conversationId + '/messages', { clientId: clientId(), attachmentId: stored.id });
      if (!state.messages.has(message.id)) state.messages.set(message.id, message);
      renderPane();
    } catch (error) {
      alert(error.code === 'invalid_request' ? 'This file is not a PNG, JPEG or WebP image.' : error.message);
    }
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') markRead();
  });
  start().catch(() => show(false));
})();
`;
