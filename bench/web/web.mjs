// bench/web's driver (see run.sh): opens the dashboard in headless Chromium over the DevTools
// protocol, makes a plugin change status RATE times a second through the daemon's control socket,
// and samples the transport's memory. Node 20 with --experimental-websocket; no npm package.
// Usage: node --experimental-websocket web.mjs <control socket> <login url> <seconds> <rate> <out dir>
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const [socketPath, loginUrl, secondsArg, rateArg, outDir] = process.argv.slice(2);
const seconds = Number(secondsArg);
const rate = Number(rateArg);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** NDJSON JSON-RPC over the daemon's control socket. */
class Control {
  constructor(p) {
    this.sock = net.createConnection(p);
    this.next = 0;
    this.waiting = new Map();
    let buf = "";
    this.sock.on("data", (d) => {
      buf += d;
      let i;
      while ((i = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        if (!line.trim()) continue;
        const m = JSON.parse(line);
        const w = this.waiting.get(m.id);
        if (w) {
          this.waiting.delete(m.id);
          m.error ? w.reject(new Error(JSON.stringify(m.error))) : w.resolve(m.result);
        }
      }
    });
  }
  call(method, params = {}) {
    const id = ++this.next;
    this.sock.write(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n");
    return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }));
  }
}

/** The DevTools protocol over the browser's WebSocket, one page session (flat mode). */
class Cdp {
  static async launch(dir) {
    const chrome = spawn(process.env.CHROMIUM || "/usr/bin/chromium", [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      `--user-data-dir=${dir}`, "--remote-debugging-port=0", "about:blank"], { stdio: "ignore" });
    const portFile = path.join(dir, "DevToolsActivePort");
    for (let i = 0; i < 300 && !fs.existsSync(portFile); i++) await sleep(50);
    const [port, wsPath] = fs.readFileSync(portFile, "utf8").trim().split("\n");
    const cdp = new Cdp(new WebSocket(`ws://127.0.0.1:${port}${wsPath}`), chrome);
    await new Promise((r) => cdp.ws.addEventListener("open", r, { once: true }));
    const { targetId } = await cdp.send("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await cdp.send("Target.attachToTarget", { targetId, flatten: true });
    cdp.session = sessionId;
    return cdp;
  }
  constructor(ws, chrome) {
    this.ws = ws; this.chrome = chrome; this.next = 0; this.waiting = new Map();
    ws.addEventListener("message", (e) => {
      const m = JSON.parse(e.data);
      const w = this.waiting.get(m.id);
      if (w) { this.waiting.delete(m.id); m.error ? w.reject(new Error(m.error.message)) : w.resolve(m.result); }
    });
  }
  send(method, params = {}, session) {
    const id = ++this.next;
    const frame = { id, method, params };
    if (session) frame.sessionId = session;
    this.ws.send(JSON.stringify(frame));
    return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }));
  }
  page(method, params) { return this.send(method, params, this.session); }
  async evaluate(expr) {
    const r = await this.page("Runtime.evaluate", { expression: expr, returnByValue: true, awaitPromise: true });
    if (r.exceptionDetails) throw new Error(`${expr}: ${r.exceptionDetails.text}`);
    return r.result.value;
  }
  async close() {
    const ended = new Promise((r) => (this.chrome.exitCode !== null ? r() : this.chrome.once("exit", r)));
    this.chrome.kill("SIGKILL");
    await ended;
  }
}

const rssKiB = (pid) => {
  const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) : NaN;
};
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor(p * s.length))]; };

const control = new Control(socketPath);
const transports = (await control.call("transport/list")).transports;
const ui = transports.find((t) => t.ui);
if (!ui) throw new Error("no UI transport runs in the daemon");
const status = (await control.call("plugin/status")).plugins;
const transportPid = status.find((s) => s.name === ui.plugin).pid;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "animus-web-bench-"));
const cdp = await Cdp.launch(dir);
try {
  await cdp.page("Page.enable");
  await cdp.page("Emulation.setDeviceMetricsOverride", { width: 1280, height: 800, deviceScaleFactor: 1, mobile: false });
  await cdp.page("Page.navigate", { url: loginUrl });
  for (let i = 0; !(await cdp.evaluate("document.body && document.body.dataset.live === 'yes'")); i++) {
    if (i > 200) throw new Error("the dashboard did not go live within 10 s");
    await sleep(50);
  }
  // status changes: each ping starts a stopped plugin (launching -> ready), each stop_process
  // stops it (ready -> stopped): two changes per cycle; a cycle takes a Python start, so FLAPPERS
  // plugins cycle side by side, each at its share of the rate; the page counts what it saw
  const flappers = Number(process.env.FLAPPERS || 6);
  const cycleMs = (2000 * flappers) / rate;
  let stop = false, cycles = 0;
  const flapping = Promise.all(Array.from({ length: flappers }, async (_, i) => {
    const name = `flap${i + 1}`;
    while (!stop) {
      const t0 = Date.now();
      await control.call("plugin/ping", { name });
      await control.call("plugin/stop_process", { name });
      cycles++;
      const left = cycleMs - (Date.now() - t0);
      if (left > 0) await sleep(left);
    }
  }));
  const samples = [];
  const t0 = Date.now();
  const every = Math.max(1, Math.min(10, seconds / 20)) * 1000;
  while (Date.now() - t0 < seconds * 1000) {
    samples.push({ t: (Date.now() - t0) / 1000, rss_kib: rssKiB(transportPid) });
    await sleep(every);
  }
  samples.push({ t: (Date.now() - t0) / 1000, rss_kib: rssKiB(transportPid) });
  stop = true;
  await flapping;
  const lat = await cdp.evaluate("window.animusLatencies.slice()");
  await cdp.page("Emulation.setDeviceMetricsOverride", { width: 1280, height: 800, deviceScaleFactor: 1, mobile: false });
  const shot = await cdp.page("Page.captureScreenshot", { format: "png" });
  fs.writeFileSync(path.join(outDir, "dashboard.png"), Buffer.from(shot.data, "base64"));
  // least squares slope of RSS over the second half (after the warm-up), MiB per 10 minutes
  const half = samples.filter((s) => s.t >= seconds / 2);
  const n = half.length, mx = half.reduce((a, s) => a + s.t, 0) / n, my = half.reduce((a, s) => a + s.rss_kib, 0) / n;
  const slope = half.reduce((a, s) => a + (s.t - mx) * (s.rss_kib - my), 0) / (half.reduce((a, s) => a + (s.t - mx) ** 2, 0) || 1);
  const result = {
    seconds, rate_target: rate, cycles, status_events_seen: lat.length,
    status_events_per_s: +(lat.length / seconds).toFixed(1),
    latency_ms: { p50: pct(lat, 0.5), p90: pct(lat, 0.9), p99: pct(lat, 0.99), max: Math.max(...lat) },
    rss_mib: { first: +(samples[0].rss_kib / 1024).toFixed(1), last: +(samples.at(-1).rss_kib / 1024).toFixed(1),
               max: +(Math.max(...samples.map((s) => s.rss_kib)) / 1024).toFixed(1),
               slope_second_half_mib_per_10min: +((slope * 600) / 1024).toFixed(2) },
    samples,
  };
  fs.writeFileSync(path.join(outDir, "result.json"), JSON.stringify(result, null, 2));
  console.log(`status events seen by the page: ${lat.length} in ${seconds} s (${result.status_events_per_s}/s; target 10/s)`);
  console.log(`status change -> DOM update (ms, measured in the page): p50 ${result.latency_ms.p50} p90 ${result.latency_ms.p90} p99 ${result.latency_ms.p99}; target p50 <= 100`);
  console.log(`transport RSS (MiB): first ${result.rss_mib.first} last ${result.rss_mib.last} max ${result.rss_mib.max}; slope over the second half ${result.rss_mib.slope_second_half_mib_per_10min} MiB/10 min; target flat`);
} finally {
  await cdp.close();
  control.sock.destroy();
  try {
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  } catch (e) {
    console.error(`warning: the browser's profile ${dir} could not be removed: ${e.message}`);
  }
}
