// The Animus dashboard: vanilla JavaScript, no build step, nothing from elsewhere (CSP default-src 'self').
// Data: POST /rpc (one JSON-RPC request each, forwarded to the daemon's control socket);
// live: the server-sent events of /events (status, subject, log).
// Test hooks (kept stable): tr[data-plugin][data-state], [data-column] > [data-subject],
// button[data-action][data-plugin], dialog#confirm [data-confirm]/[data-cancel],
// window.animusLatencies, body[data-live].
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);

  // Milliseconds from each status event's `at` to the end of its DOM update (the benchmark reads them).
  const LATENCY_KEEP = 10000;
  const latencies = [];
  window.animusLatencies = latencies;

  const COLUMN_ORDER = ['ready', 'in-progress', 'blocked', 'done', 'cancelled'];
  const PROCESS_STATES = new Set(['launching', 'ready', 'busy']);
  const EVENTS_KEEP = 80;
  const LOGS_KEEP = 500;

  const model = {
    plugins: new Map(), // name -> {name, sha256, state, status}
    fetchedAt: 0, // performance.now() of the last plugin/status answer (uptimes tick from it)
    subjects: new Map(), // id -> subject
    runs: new Map(), // control_session_id -> {id, provider, since, subject}
    selected: null,
    daemon: null, // daemon/status
    disabled: 0, // plugins disabled now (the title says so)
  };

  // ---------------------------------------------------------------- JSON-RPC over /rpc

  class RpcError extends Error {
    constructor(method, message, data) {
      super(message);
      this.method = method;
      this.data = data || {};
    }
  }

  let rpcSeq = 0;
  async function rpc(method, params) {
    let res;
    try {
      res = await fetch('/rpc', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcSeq, method, params: params || {} }),
        credentials: 'same-origin',
        cache: 'no-store',
      });
    } catch (e) {
      throw new RpcError(method, 'the dashboard\'s server cannot be reached');
    }
    if (res.status === 401) {
      throw new RpcError(method, 'not signed in: this page\'s token is no longer the daemon\'s; open the dashboard again');
    }
    if (!res.ok) {
      throw new RpcError(method, `HTTP ${res.status}`);
    }
    const body = await res.json();
    if (body.error) {
      const data = body.error.data && typeof body.error.data === 'object' ? body.error.data : {};
      throw new RpcError(method, data.message || body.error.message || 'failed', data);
    }
    return body.result;
  }

  // ---------------------------------------------------------------- the one error line

  function showError(err) {
    const text = err instanceof RpcError
      ? `${err.method}: ${err.message}${err.data.fix ? ` (${err.data.fix})` : ''}`
      : String(err && err.message ? err.message : err);
    $('error-text').textContent = text;
    $('error-text').title = text;
    $('error').hidden = false;
  }

  function clearError() {
    $('error').hidden = true;
    $('error-text').textContent = '';
  }

  // ---------------------------------------------------------------- small helpers

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }

  // RFC 3339 with any number of fraction digits (Java writes nanoseconds) to epoch ms.
  function parseTime(text) {
    if (typeof text !== 'string') return NaN;
    return Date.parse(text.replace(/(\.\d{3})\d+/, '$1'));
  }

  // ISO-8601 durations as java.time.Duration writes them (PT1H2M3.5S) to ms.
  function parseDuration(text) {
    if (typeof text !== 'string') return null;
    const m = /^(-)?P(?:(\d+)D)?(?:T(?:(-?\d+)H)?(?:(-?\d+)M)?(?:(-?\d+(?:\.\d+)?)S)?)?$/.exec(text);
    if (!m) return null;
    const ms = ((+m[2] || 0) * 86400 + (+m[3] || 0) * 3600 + (+m[4] || 0) * 60 + (+m[5] || 0)) * 1000;
    return m[1] ? -ms : ms;
  }

  function formatDuration(ms) {
    if (ms === null || ms === undefined || !isFinite(ms) || ms < 0) return '—';
    const s = Math.floor(ms / 1000);
    if (s < 60) return `${s}s`;
    const m = Math.floor(s / 60);
    if (m < 60) return `${m}m ${s % 60}s`;
    const h = Math.floor(m / 60);
    if (h < 24) return `${h}h ${m % 60}m`;
    return `${Math.floor(h / 24)}d ${h % 24}h`;
  }

  function clock(ms) {
    if (!isFinite(ms)) return '';
    const d = new Date(ms);
    return d.toLocaleTimeString([], { hour12: false, hour: '2-digit', minute: '2-digit', second: '2-digit' });
  }

  function ago(ms) {
    if (!isFinite(ms)) return '';
    const d = Date.now() - ms;
    if (d < 60000) return 'just now';
    return `${formatDuration(d).replace(/ \d+s$/, '')} ago`;
  }

  function word(state) {
    return typeof state === 'string' && state ? state.toLowerCase() : 'none';
  }

  function optional(v) {
    // RecordJson writes an empty Optional as absent; some shapes use null
    return v === undefined || v === null ? null : v;
  }

  function short(text, n) {
    const s = String(text);
    return s.length > n ? `${s.slice(0, n - 1)}…` : s;
  }

  // ---------------------------------------------------------------- header

  async function loadHeader() {
    const s = await rpc('daemon/status');
    $('project').textContent = s.project_root || '—';
    $('project').title = s.project_root || '';
    model.daemon = s;
    renderDaemon();
    $('daemon').title = `protocol ${s.protocol_version}; socket ${s.socket}; started ${s.started_at}`;
    renderTitle();
  }

  function renderTitle() {
    const root = model.daemon ? String(model.daemon.project_root || '') : '';
    const base = root.split('/').filter(Boolean).pop();
    const title = base ? `Animus · ${base}` : 'Animus';
    document.title = model.disabled ? `(${model.disabled} disabled) ${title}` : title;
  }

  function renderDaemon() {
    const s = model.daemon;
    if (!s) return;
    const started = parseTime(s.started_at);
    $('daemon').textContent = `pid ${s.pid} · ${/^\d/.test(String(s.version)) ? 'v' : ''}${s.version}${isFinite(started) ? ` · up ${formatDuration(Date.now() - started)}` : ''}`;
  }

  // ---------------------------------------------------------------- plugins

  const CELLS = [
    ['name', 'Plugin'], ['state', 'State'], ['pid num', 'PID'], ['uptime num', 'Uptime'],
    ['restarts num', 'Restarts'], ['crashes num', 'Crashes'], ['err', 'Last error'], ['actions', 'Actions'],
  ];

  function pluginRow(name) {
    let row = $('plugins').querySelector(`tr[data-plugin="${CSS.escape(name)}"]`);
    if (row) return row;
    row = el('tr');
    row.dataset.plugin = name;
    row.dataset.state = 'none';
    for (const [cls, label] of CELLS) {
      const td = el('td', cls);
      td.dataset.label = label;
      row.append(td);
    }
    const nameCell = row.querySelector('td.name');
    const select = el('button', 'link', name);
    select.type = 'button';
    select.dataset.select = name;
    select.title = `Show ${name}'s details and logs`;
    nameCell.append(select, el('span', 'sha'));
    row.querySelector('td.state').append(el('span', 'badge', '—'));
    row.querySelector('td.err').append(el('span'));
    const actions = row.querySelector('td.actions');
    for (const [action, label, title] of [
      ['stop', 'Stop', 'Stop its process (it starts again on the next request)'],
      ['reset', 'Reset', 'Re-enable it: clears the crash window'],
    ]) {
      const b = el('button', null, label);
      b.type = 'button';
      b.dataset.action = action;
      b.dataset.plugin = name;
      b.title = title;
      b.hidden = true;
      actions.append(b);
    }
    // keep rows by name
    const rows = [...$('plugins').children];
    const after = rows.find((r) => r.dataset.plugin.localeCompare(name) > 0);
    $('plugins').insertBefore(row, after || null);
    return row;
  }

  function setState(row, state) {
    const w = word(state);
    if (row.dataset.state !== w) {
      row.dataset.state = w;
      row.classList.remove('flash');
      if (w === 'crashed' || w === 'disabled') {
        void row.offsetWidth; // restart the animation
        row.classList.add('flash');
      }
    }
    row.querySelector('.badge').textContent = w === 'none' ? 'not started' : w;
    row.querySelector('button[data-action="reset"]').hidden = w !== 'disabled';
    row.querySelector('button[data-action="stop"]').hidden = !PROCESS_STATES.has(w);
  }

  function renderPlugin(p) {
    const row = pluginRow(p.name);
    const s = p.status;
    setState(row, s ? s.state : p.state);
    row.querySelector('.sha').textContent = p.sha256 ? p.sha256.slice(0, 12) : '';
    row.querySelector('.sha').title = p.sha256 ? `sha256 ${p.sha256}` : '';
    const pid = s ? optional(s.pid) : null;
    row.querySelector('td.pid').textContent = pid === null ? '—' : String(pid);
    row.querySelector('td.restarts').textContent = s ? String(s.restarts) : '—';
    const crashes = row.querySelector('td.crashes');
    crashes.textContent = s ? `${s.crashesInWindow}/${s.crashLimit}` : '—';
    crashes.title = s ? `${s.crashesInWindow} crashes in the window; ${s.crashLimit} disable it` : '';
    crashes.classList.toggle('hot', !!s && s.crashesInWindow > 0);
    const err = s ? optional(s.lastError) : null;
    const errCell = row.querySelector('td.err');
    errCell.classList.toggle('none', err === null);
    errCell.firstChild.textContent = err || '';
    errCell.firstChild.title = err || '';
    renderUptime(row, p);
  }

  function renderUptime(row, p) {
    const up = p.status ? parseDuration(optional(p.status.uptime)) : null;
    const live = up !== null && PROCESS_STATES.has(word(p.status.state));
    row.querySelector('td.uptime').textContent = live ? formatDuration(up + (performance.now() - model.fetchedAt)) : '—';
  }

  function renderPluginSummary() {
    const all = [...model.plugins.values()];
    const running = all.filter((p) => p.status && PROCESS_STATES.has(word(p.status.state))).length;
    const disabled = all.filter((p) => word(p.status ? p.status.state : p.state) === 'disabled').length;
    $('plugins-summary').textContent = `${all.length} installed · ${running} running${disabled ? ` · ${disabled} disabled` : ''}`;
    $('plugins-empty').hidden = all.length > 0;
    model.disabled = disabled;
    renderTitle();
  }

  async function loadPlugins() {
    const [list, status] = await Promise.all([rpc('plugin/list'), rpc('plugin/status')]);
    model.fetchedAt = performance.now();
    const seen = new Map();
    for (const p of list.plugins || []) {
      seen.set(p.name, { name: p.name, sha256: p.sha256, state: p.state, status: null });
    }
    for (const s of status.plugins || []) {
      const p = seen.get(s.name) || { name: s.name, sha256: null, state: s.state, status: null };
      p.status = s;
      seen.set(s.name, p);
    }
    model.plugins = seen;
    for (const row of [...$('plugins').children]) {
      if (!seen.has(row.dataset.plugin)) row.remove();
    }
    for (const p of seen.values()) renderPlugin(p);
    markSelected();
    renderDetailState();
    renderPluginSummary();
  }

  // One re-read at a time; events that come during one ask for one more after it. The DOM was
  // already patched from the event itself, this fills in pid, uptime, crashes and errors.
  let pluginsBusy = false;
  let pluginsAgain = false;
  function refreshPlugins() {
    if (pluginsBusy) {
      pluginsAgain = true;
      return;
    }
    pluginsBusy = true;
    setTimeout(async () => {
      try {
        await loadPlugins();
      } catch (e) {
        showError(e);
      } finally {
        pluginsBusy = false;
        if (pluginsAgain) {
          pluginsAgain = false;
          refreshPlugins();
        }
      }
    }, 25);
  }

  // ---------------------------------------------------------------- agent runs

  function renderRuns() {
    const list = $('runs');
    const ids = new Set(model.runs.keys());
    for (const li of [...list.children]) {
      if (!ids.has(li.dataset.run)) li.remove();
    }
    for (const run of model.runs.values()) {
      let li = list.querySelector(`li[data-run="${CSS.escape(run.id)}"]`);
      if (!li) {
        li = el('li');
        li.dataset.run = run.id;
        const b = el('button', null, 'Cancel');
        b.type = 'button';
        b.dataset.action = 'cancel';
        b.dataset.run = run.id;
        li.append(el('span', 'who'), el('span', 'what'), el('time', 'muted'), b);
        list.append(li);
      }
      li.querySelector('button').dataset.plugin = run.provider || '';
      li.querySelector('.who').textContent = run.provider || 'provider';
      li.querySelector('.what').textContent = run.subject ? `${run.subject} · ${run.id}` : run.id;
      li.querySelector('.what').title = run.id;
      li.querySelector('time').textContent = isFinite(run.since) ? ago(run.since) : '';
    }
    $('runs-empty').hidden = model.runs.size > 0;
    $('runs-summary').textContent = model.runs.size ? `${model.runs.size} running` : '';
  }

  function runEvent(ev) {
    const id = ev.control_session_id;
    if (!id) return false;
    if (ev.type === 'agent_run_started') {
      const known = model.runs.get(id) || {};
      model.runs.set(id, { ...known, id, provider: ev.provider, since: parseTime(ev.at) });
      return true;
    }
    if (ev.type === 'agent_run_ended' || ev.type === 'agent_run_cancelled') {
      model.runs.delete(id);
      return true;
    }
    return false;
  }

  async function loadRunnerRuns() {
    // the workflow runner's runs carry their subject; no runner installed is no error here
    try {
      const w = await rpc('workflow/status');
      for (const r of w.running || []) {
        if (!r.control_session_id) continue;
        const known = model.runs.get(r.control_session_id) || {};
        model.runs.set(r.control_session_id, {
          id: r.control_session_id,
          provider: known.provider,
          since: isFinite(known.since) ? known.since : parseTime(r.started_at),
          subject: r.subject_id,
        });
      }
    } catch (e) {
      if (!(e instanceof RpcError)) throw e;
    }
  }

  // ---------------------------------------------------------------- activity (the daemon's events)

  function describe(ev) {
    switch (ev.type) {
      case 'plugin_status_changed':
        return [`${ev.plugin}: ${word(ev.from)} → ${word(ev.to)}${ev.reason ? ` (${ev.reason})` : ''}`,
          ['crashed', 'disabled'].includes(word(ev.to)) ? 'bad' : word(ev.to) === 'ready' ? 'good' : ''];
      case 'agent_run_started':
        return [`run started on ${ev.provider} (${short(ev.control_session_id, 14)})`, ''];
      case 'agent_run_ended':
        return [`run on ${ev.provider} ended: ${ev.outcome}${ev.message ? ` (${ev.message})` : ''}`, ev.outcome === 'failed' ? 'bad' : 'good'];
      case 'agent_run_cancelled':
        return [`run on ${ev.provider} cancelled: ${ev.reason || ''}`, ''];
      case 'trigger_crashed':
        return [`trigger ${ev.plugin} crashed after ${ev.failures} failures${ev.last_error ? `: ${ev.last_error}` : ''}`, 'bad'];
      case 'trigger_unmatched':
        return [`trigger ${ev.plugin}: event ${ev.event_id} matched no action`, ''];
      case 'daemon_started':
        return [`daemon started (pid ${ev.pid}, v${ev.version})`, 'good'];
      case 'daemon_stopping':
        return ['daemon stopping', 'bad'];
      case 'transport_started':
        return [`transport ${ev.plugin} at ${ev.url || ev.bound_addr}`, 'good'];
      case 'transport_stopped':
        return [`transport ${ev.plugin} stopped`, ''];
      default: {
        const rest = { ...ev };
        delete rest.type;
        delete rest.at;
        const text = Object.keys(rest).length ? ` ${short(JSON.stringify(rest), 160)}` : '';
        return [`${String(ev.type || 'event').replace(/_/g, ' ')}${text}`, ''];
      }
    }
  }

  function addEvent(ev, atTop) {
    const [text, tone] = describe(ev);
    const li = el('li');
    const at = parseTime(ev.at);
    const t = el('time', null, clock(at));
    if (typeof ev.at === 'string') t.dateTime = ev.at;
    li.append(t, el('span', tone, text));
    const list = $('events');
    if (atTop) list.prepend(li);
    else list.append(li);
    while (list.children.length > EVENTS_KEEP) list.lastChild.remove();
    $('events-empty').hidden = true;
  }

  async function loadHistory() {
    const h = await rpc('daemon/events');
    const items = h.items || [];
    $('events').replaceChildren();
    for (const ev of items) runEvent(ev);
    for (let i = items.length - 1; i >= 0 && $('events').children.length < EVENTS_KEEP; i--) {
      addEvent(items[i], false);
    }
    $('events-empty').hidden = items.length > 0;
  }

  // ---------------------------------------------------------------- the board of subjects

  function column(status) {
    const board = $('board');
    let col = board.querySelector(`[data-column="${CSS.escape(status)}"]`);
    if (col) return col;
    col = el('section', 'column');
    col.dataset.column = status;
    col.setAttribute('aria-label', `${status} subjects`);
    const head = el('header');
    head.append(el('h3', null, status.replace(/-/g, ' ')), el('span', 'count', '0'));
    const cards = el('ol', 'cards');
    col.append(head, cards);
    const rank = (s) => {
      const i = COLUMN_ORDER.indexOf(s);
      return i < 0 ? COLUMN_ORDER.length : i;
    };
    const after = [...board.children].find((c) =>
      rank(c.dataset.column) > rank(status)
      || (rank(c.dataset.column) === rank(status) && c.dataset.column.localeCompare(status) > 0));
    board.insertBefore(col, after || null);
    return col;
  }

  function card(subject) {
    const li = el('li', 'card');
    li.dataset.subject = subject.id;
    li.tabIndex = 0;
    li.append(el('div', 'title'), el('div', 'meta'));
    return li;
  }

  function fillCard(li, s) {
    li.dataset.updated = s.updated_at || '';
    li.querySelector('.title').textContent = s.title || s.id;
    li.title = s.description ? short(s.description, 400) : '';
    const meta = li.querySelector('.meta');
    meta.replaceChildren(el('span', 'id', s.id));
    if (s.priority !== undefined && s.priority !== null) meta.append(el('span', null, `p${s.priority}`));
    if (s.assignee) meta.append(el('span', null, `@${s.assignee}`));
    for (const label of s.labels || []) meta.append(el('span', 'chip', label));
    const updated = parseTime(s.updated_at);
    if (isFinite(updated)) meta.append(el('span', null, ago(updated)));
    li.setAttribute('aria-label', `${s.title || s.id}, ${s.status}`);
  }

  function placeCard(s, moved) {
    const status = typeof s.status === 'string' && s.status ? s.status : 'unknown';
    const target = column(status).querySelector('.cards');
    let li = $('board').querySelector(`[data-subject="${CSS.escape(s.id)}"]`);
    const wasIn = li ? li.closest('[data-column]') : null;
    if (!li) li = card(s);
    fillCard(li, s);
    // newest updated first, as the backends list them
    const next = [...target.children].find((c) => c !== li && c.dataset.updated && c.dataset.updated < (s.updated_at || ''));
    const hadFocus = document.activeElement === li;
    if (li.parentElement !== target || (next ? li.nextSibling !== next : target.lastChild !== li)) {
      target.insertBefore(li, next || null);
      if (hadFocus) li.focus();
    }
    if (moved && wasIn && wasIn.dataset.column !== status) {
      li.classList.remove('moved');
      void li.offsetWidth;
      li.classList.add('moved');
    }
  }

  function removeCard(id) {
    const li = $('board').querySelector(`[data-subject="${CSS.escape(id)}"]`);
    if (li) li.remove();
  }

  function renderBoardCounts() {
    let total = 0;
    for (const col of $('board').children) {
      const n = col.querySelector('.cards').children.length;
      total += n;
      col.querySelector('.count').textContent = String(n);
    }
    $('board-summary').textContent = `${total} subject${total === 1 ? '' : 's'}`;
  }

  const BOARD_PAGES = 10;

  async function listAll(base) {
    const subjects = [];
    let cursor = null;
    for (let page = 0; page < BOARD_PAGES; page++) {
      const filter = { ...base, limit: 200 };
      if (cursor) filter.cursor = cursor;
      const r = await rpc('subject/list', { filter });
      subjects.push(...(r.subjects || []));
      cursor = r.next_cursor;
      if (!cursor) break;
    }
    return subjects;
  }

  let boardLoading = false;
  let boardQueued = [];

  async function loadBoard() {
    boardLoading = true;
    boardQueued = [];
    try {
      // kind by kind from the routing table (a backend serving several kinds answers a list for
      // one of them); a glob or catch-all pattern adds one list without a kind
      const table = await rpc('subject/kinds');
      const patterns = (table.kinds || []).map((k) => k.pattern);
      if (!patterns.length) {
        throw new RpcError('subject/list', 'no subject backend', { failure_type: 'no_subject_backend' });
      }
      const exact = [...new Set(patterns.filter((p) => !/[*?]/.test(p)))];
      const filters = exact.map((k) => ({ kind: [k] }));
      if (exact.length < patterns.length) filters.push({});
      const pages = await Promise.all(filters.map((f) => listAll(f)));
      const byId = new Map();
      for (const page of pages) for (const s of page) byId.set(s.id, s);
      const subjects = [...byId.values()];
      model.subjects = byId;
      $('board').replaceChildren();
      for (const status of COLUMN_ORDER) column(status);
      // oldest first so each insert lands at the top of its column
      for (const s of [...subjects].sort((a, b) => String(a.updated_at).localeCompare(String(b.updated_at)))) {
        placeCard(s, false);
      }
      $('board-empty').hidden = true;
      $('board').hidden = false;
    } catch (e) {
      if (e instanceof RpcError && e.data.failure_type === 'no_subject_backend') {
        $('board').hidden = true;
        $('board-empty').textContent = 'No subject backend is installed: there is nothing to show here.';
        $('board-empty').hidden = false;
      } else {
        throw e;
      }
    } finally {
      boardLoading = false;
      const queued = boardQueued;
      boardQueued = [];
      for (const change of queued) applySubjectChange(change);
      renderBoardCounts();
    }
  }

  function applySubjectChange(change) {
    if (!change || !change.id) return;
    if (change.change_kind === 'deleted') {
      model.subjects.delete(change.id);
      removeCard(change.id);
    } else if (change.subject) {
      model.subjects.set(change.id, change.subject);
      placeCard(change.subject, true);
    }
  }

  // ---------------------------------------------------------------- one plugin's details and logs

  function kv(dl, rows) {
    dl.replaceChildren();
    for (const [k, v, cls, title] of rows) {
      if (v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length)) continue;
      const dd = el('dd', cls || null);
      if (v instanceof Node) dd.append(v);
      else dd.textContent = Array.isArray(v) ? v.join(', ') : String(v);
      if (title) dd.title = title;
      dl.append(el('dt', null, k), dd);
    }
  }

  function yesNo(b) {
    return el('span', b ? 'yes' : 'no', b ? 'yes' : 'no');
  }

  function renderDetailState() {
    const p = model.selected && model.plugins.get(model.selected);
    $('detail-state').textContent = p ? (word(p.status ? p.status.state : p.state) === 'none' ? 'not started' : word(p.status ? p.status.state : p.state)) : '';
  }

  function markSelected() {
    for (const row of $('plugins').children) {
      row.setAttribute('aria-selected', String(row.dataset.plugin === model.selected));
    }
  }

  let detailSeq = 0;
  async function select(name, focus, remember) {
    model.selected = name;
    markSelected();
    if (remember !== false) history.replaceState(null, '', name ? `#plugin=${encodeURIComponent(name)}` : location.pathname);
    $('detail-none').hidden = !!name;
    $('detail').hidden = !name;
    $('detail-h').textContent = name || 'Plugin';
    renderDetailState();
    if (focus) $('detail-h').focus();
    if (!name) return;
    const mine = ++detailSeq;
    $('logs').replaceChildren();
    $('logs-empty').hidden = true;
    const [info, inspect, logs] = await Promise.allSettled([
      rpc('plugin/info', { name }),
      rpc('plugin/inspect', { name }),
      rpc('daemon/logs', { plugin: name, lines: 200 }),
    ]);
    if (mine !== detailSeq) return;
    renderInfo(info, inspect);
    if (logs.status === 'fulfilled') {
      for (const entry of logs.value.items || []) addLog(entry);
      $('logs-empty').hidden = $('logs').children.length > 0;
      $('logs').scrollTop = $('logs').scrollHeight;
    } else {
      $('logs-empty').textContent = `No logs: ${logs.reason.message}`;
      $('logs-empty').hidden = false;
    }
  }

  function digest(d) {
    return typeof d === 'string' && d ? `${d.slice(0, 16)}…` : d === null || d === undefined ? null : 'none';
  }

  function version(v) {
    if (!v || typeof v !== 'object') return v || null;
    return `${v.major}.${v.minor}.${v.patch}${v.preRelease ? `-${v.preRelease}` : ''}${v.build ? `+${v.build}` : ''}`;
  }

  function renderInfo(info, inspect) {
    const permit = info.status === 'fulfilled' ? info.value.permit : null;
    const init = info.status === 'fulfilled' ? optional(info.value.initialize_result) : null;
    const m = permit ? permit.manifest || {} : {};
    const record = permit ? permit.record || {} : {};
    const i = inspect.status === 'fulfilled' ? inspect.value : null;
    const kinds = [m.kind && (m.kind.declared || m.kind), ...(m.extraKinds || []).map((k) => k.declared || k)];
    kv($('manifest'), [
      ['Name', m.name && m.name !== model.selected ? m.name : null],
      ['Version', version(m.version)],
      ['Kind', kinds.filter(Boolean)],
      ['About', m.description],
      ['Protocol', version(m.protocolVersion)],
      ['Runs', permit ? [permit.interpreter ? permit.interpreter.path : null, String(permit.executable).split('/').pop()].filter(Boolean).join(' ') : null, 'mono cut', permit ? permit.executable : null],
      ['Process', init ? `running, handshake answered (protocol ${init.protocolVersion})` : 'none now'],
    ]);
    const env = (m.envRequired || []).map((e) => `${e.name}${e.required ? '' : ' (optional)'}${e.sensitive ? ' (sensitive)' : ''}`);
    kv($('disclosure'), [
      ['Consent digest', digest(i ? i.consent_digest : permit ? permit.consentDigest : null), 'mono cut', i ? i.consent_digest : null],
      ['Data sent', permit ? (m.dataSent || []).length ? m.dataSent : 'nothing declared' : null],
      ['Network', permit ? (m.networkDestinations || []).length ? m.networkDestinations : 'none declared' : null],
      ['Environment', env.length ? env : null],
      ['Secrets', (m.secrets || []).map((x) => x.name)],
      ['Hooks', [...(m.hooks || []), ...(m.policyHooks || [])]],
    ]);
    const source = record.source || {};
    const grants = [
      ['Stage', i ? i.stage : null],
      ['Consented', i ? yesNo(i.consented) : null],
      ['Enabled for', permit ? permit.agent : null],
      ['Code', digest(i && i.sha256 ? i.sha256 : record.digest), 'mono cut', i && i.sha256 ? `sha256 ${i.sha256}` : null],
      ['Installed', record.installedAt ? `${record.installedAt.replace('T', ' ').replace('Z', ' UTC')}` : null],
      ['From', source.origin ? source.origin : null, 'mono cut', source.origin ? `${String(source.kind || '').toLowerCase()} ${source.origin}${source.sha256Verified ? ' (sha256 verified)' : ''}` : null],
      ['Signature', record.signature ? String(record.signature.status || '').toLowerCase() : null],
    ];
    if (info.status === 'rejected') grants.push(['Launch', el('span', 'no', info.reason.message)]);
    kv($('grants'), grants);
    const methods = i && Array.isArray(i.methods) ? i.methods : (m.capabilities || []);
    $('methods').replaceChildren(...methods.map((x) => el('li', null, typeof x === 'string' ? x : x.name || JSON.stringify(x))));
    $('methods-count').textContent = `(${methods.length})`;
  }

  function addLog(entry) {
    const list = $('logs');
    const stick = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
    const level = String(entry.level || 'info').toLowerCase();
    const li = el('li', `lvl-${level}`);
    const t = el('time', null, clock(parseTime(entry.ts)));
    t.title = entry.ts || '';
    const fields = entry.fields && Object.keys(entry.fields).length ? ` ${JSON.stringify(entry.fields)}` : '';
    const msg = el('span', 'msg', `${entry.target ? `${entry.target}: ` : ''}${entry.message || ''}`);
    if (fields) msg.append(el('span', 'fields', fields));
    li.append(t, el('span', 'lvl', level), msg);
    list.append(li);
    while (list.children.length > LOGS_KEEP) list.firstChild.remove();
    $('logs-empty').hidden = true;
    if (stick && $('logs-follow').checked) list.scrollTop = list.scrollHeight;
  }

  let detailAgain = null;
  function refreshDetailSoon(name) {
    if (model.selected !== name || detailAgain) return;
    detailAgain = setTimeout(async () => {
      detailAgain = null;
      if (model.selected !== name) return;
      const [info, inspect] = await Promise.allSettled([rpc('plugin/info', { name }), rpc('plugin/inspect', { name })]);
      if (model.selected === name) renderInfo(info, inspect);
    }, 300);
  }

  // ---------------------------------------------------------------- actions behind the confirmation

  const ACTIONS = {
    reset: (b) => ({
      title: `Reset ${b.dataset.plugin}?`,
      text: `${b.dataset.plugin} is disabled by its crash window. Resetting clears the window; its next request starts it again.`,
      button: 'Reset',
      run: () => rpc('plugin/reset', { name: b.dataset.plugin }),
    }),
    stop: (b) => ({
      title: `Stop ${b.dataset.plugin}'s process?`,
      text: `Requests in flight fail. The plugin starts again on its next request.`,
      button: 'Stop process',
      run: () => rpc('plugin/stop_process', { name: b.dataset.plugin }),
    }),
    cancel: (b) => ({
      title: 'Cancel this agent run?',
      text: `The run ${b.dataset.run}${b.dataset.plugin ? ` on ${b.dataset.plugin}` : ''} is told to stop; what it did so far stays.`,
      button: 'Cancel run',
      run: () => rpc('agent/cancel', { control_session_id: b.dataset.run }),
    }),
  };

  let pending = null;
  let returnFocus = null;

  function ask(button) {
    const make = ACTIONS[button.dataset.action];
    if (!make) return;
    const a = make(button);
    pending = a;
    returnFocus = button;
    $('confirm-title').textContent = a.title;
    $('confirm-text').textContent = a.text;
    const confirm = $('confirm').querySelector('[data-confirm]');
    confirm.textContent = a.button;
    $('confirm').returnValue = '';
    $('confirm').showModal();
    $('confirm').querySelector('[data-cancel]').focus();
  }

  async function closed() {
    const a = pending;
    pending = null;
    const back = returnFocus;
    returnFocus = null;
    if (back && back.isConnected && !back.hidden) back.focus();
    else $('plugins-h').focus();
    if (!a || $('confirm').returnValue !== 'confirm') return;
    try {
      await a.run();
      clearError();
    } catch (e) {
      showError(e);
    }
    refreshPlugins();
    if (model.selected) refreshDetailSoon(model.selected);
  }

  // ---------------------------------------------------------------- live: /events

  function latency(ev) {
    const at = parseTime(ev.at);
    if (!isFinite(at)) return;
    latencies.push(Date.now() - at);
    if (latencies.length > LATENCY_KEEP) latencies.splice(0, latencies.length - LATENCY_KEEP);
  }

  function onStatus(ev) {
    if (ev.type === 'plugin_status_changed' && ev.plugin) {
      // patch the row from the event itself at once; the re-read below fills in the rest
      const row = pluginRow(ev.plugin);
      setState(row, ev.to);
      const p = model.plugins.get(ev.plugin) || { name: ev.plugin, sha256: null, state: ev.to, status: null };
      p.state = ev.to;
      if (p.status) p.status = { ...p.status, state: ev.to };
      model.plugins.set(ev.plugin, p);
      renderPluginSummary();
      if (model.selected === ev.plugin) renderDetailState();
      refreshDetailSoon(ev.plugin);
    }
    if (runEvent(ev)) renderRuns();
    addEvent(ev, true);
    latency(ev);
    refreshPlugins();
  }

  function onSubject(change) {
    if (boardLoading) {
      boardQueued.push(change);
      return;
    }
    applySubjectChange(change);
    renderBoardCounts();
  }

  function onLog(entry) {
    if (model.selected && entry.source_name === model.selected) addLog(entry);
  }

  function parsed(handler) {
    return (e) => {
      let data;
      try {
        data = JSON.parse(e.data);
      } catch (err) {
        return; // a keep-alive or a torn line: nothing to show
      }
      handler(data);
    };
  }

  let source = null;
  let wasLive = false;

  function connect() {
    source = new EventSource('/events');
    source.addEventListener('status', parsed(onStatus));
    source.addEventListener('subject', parsed(onSubject));
    source.addEventListener('log', parsed(onLog));
    source.onopen = () => {
      document.body.dataset.live = 'yes';
      document.body.classList.add('was-live');
      $('live-text').textContent = 'live';
      $('live').title = 'Receiving the daemon\'s events';
      // what changed while the page was not connected is read again
      if (wasLive) loadAll();
      wasLive = true;
    };
    source.onerror = () => {
      document.body.dataset.live = 'no';
      $('live-text').textContent = 'disconnected';
      $('live').title = 'The event stream ended; reconnecting';
      if (source.readyState === EventSource.CLOSED) {
        // refused (401 after the daemon restarted, say): say why, try again later
        source = null;
        rpc('daemon/status').catch(showError);
        setTimeout(connect, 5000);
      }
    };
  }

  // ---------------------------------------------------------------- start

  async function loadAll() {
    const results = await Promise.allSettled([loadHeader(), loadPlugins(), loadBoard(), loadHistory().then(loadRunnerRuns)]);
    renderRuns();
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) showError(failed.reason);
  }

  function onClick(e) {
    const action = e.target.closest('button[data-action]');
    if (action) {
      ask(action);
      return;
    }
    const pick = e.target.closest('[data-select]');
    if (pick) {
      select(pick.dataset.select, true).catch(showError);
    }
  }

  function start() {
    document.addEventListener('click', onClick);
    $('confirm').addEventListener('close', closed);
    $('error-close').addEventListener('click', clearError);
    setInterval(() => {
      for (const p of model.plugins.values()) {
        const row = $('plugins').querySelector(`tr[data-plugin="${CSS.escape(p.name)}"]`);
        if (row) renderUptime(row, p);
      }
      renderRuns();
      renderDaemon();
    }, 1000);
    connect();
    loadAll().then(() => {
      const m = /^#plugin=(.+)$/.exec(location.hash);
      if (m) {
        select(decodeURIComponent(m[1]), false).catch(showError);
        return;
      }
      // nothing chosen yet: the plugin in trouble, else the first
      const rows = [...$('plugins').children];
      const first = rows.find((r) => ['disabled', 'crashed'].includes(r.dataset.state)) || rows[0];
      if (first) select(first.dataset.plugin, false, false).catch(showError);
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
