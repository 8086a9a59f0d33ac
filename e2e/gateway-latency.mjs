// Added latency of `mcpeek gateway --http --mode direct` per pass-through
// call, as the TypeScript SDK's client sees it: server-memory's read_graph
// called directly over stdio, through the gateway over loopback HTTP, and
// through the gateway over stdio, in turn, in one run. The gateway's own
// upstream is another server-memory over stdio. A fourth client calls a
// gateway over HTTP whose upstream is the embedded demo server, in process
// (util_echo): the HTTP hop and the gateway without the upstream's; a fifth
// calls the same gateway over stdio. Their difference is what this client
// pays for speaking HTTP instead of stdio, whatever the server: the last
// line takes it out of the HTTP gateway's added latency.
//
//   node e2e/gateway-latency.mjs MCPEEK_BINARY [CALLS] [PORT]
import { spawn } from "node:child_process";
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [mcpeek, callsArg, portArg] = process.argv.slice(2);
const calls = Number(callsArg ?? 2000);
const port = Number(portArg ?? 18000 + Math.floor(Math.random() * 1000));
const here = dirname(fileURLToPath(import.meta.url));
const memory = join(here, "node_modules/@modelcontextprotocol/server-memory/dist/index.js");
const dir = mkdtempSync(join(tmpdir(), "gwlat-"));
const env = { ...process.env, MEMORY_FILE_PATH: join(dir, "memory.jsonl") };
const cfg = join(dir, "mcp.json");
writeFileSync(cfg, JSON.stringify({ mcpServers: { memory: { command: process.execPath, args: [memory], env: { MEMORY_FILE_PATH: env.MEMORY_FILE_PATH } } } }));

const gw = spawn(mcpeek, ["gateway", "--config", cfg, "--mode", "direct", "--http", `127.0.0.1:${port}`], { stdio: ["ignore", "ignore", "inherit"] });
const demoGw = spawn(mcpeek, ["gateway", "--mode", "direct", "--http", `127.0.0.1:${port + 1}`], { stdio: ["ignore", "ignore", "ignore"] });

async function connectHTTP(port) {
  const c = new Client({ name: "bench", version: "1" });
  for (let i = 0; ; i++) {
    try {
      await c.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
      return c;
    } catch (e) {
      if (i > 100) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

const direct = new Client({ name: "bench", version: "1" });
await direct.connect(new StdioClientTransport({ command: process.execPath, args: [memory], env }));
const via = await connectHTTP(port);
const viaDemo = await connectHTTP(port + 1);
const viaStdio = new Client({ name: "bench", version: "1" });
await viaStdio.connect(new StdioClientTransport({ command: mcpeek, args: ["gateway", "--config", cfg, "--mode", "direct"], env }));
const viaDemoStdio = new Client({ name: "bench", version: "1" });
await viaDemoStdio.connect(new StdioClientTransport({ command: mcpeek, args: ["gateway", "--mode", "direct"], env, stderr: "ignore" }));
const call = (c, name) => c.callTool({ name, arguments: name === "demo__util_echo" ? { message: "x" } : {} });
for (let i = 0; i < 100; i++) {
  await call(direct, "read_graph");
  await call(via, "memory__read_graph");
  await call(viaStdio, "memory__read_graph");
  await call(viaDemo, "demo__util_echo");
  await call(viaDemoStdio, "demo__util_echo");
}
const d = [], v = [], s = [], e = [], es = [];
const timed = async (into, c, name) => {
  const t = process.hrtime.bigint();
  await call(c, name);
  into.push(Number(process.hrtime.bigint() - t) / 1e3);
};
for (let i = 0; i < calls; i++) {
  await timed(d, direct, "read_graph");
  await timed(v, via, "memory__read_graph");
  await timed(s, viaStdio, "memory__read_graph");
  await timed(e, viaDemo, "demo__util_echo");
  await timed(es, viaDemoStdio, "demo__util_echo");
}
const pct = (a, p) => [...a].sort((x, y) => x - y)[Math.min(a.length - 1, Math.floor(a.length * p))];
const f = (x) => x.toFixed(0).padStart(5);
const p50 = (a) => pct(a, .5);
console.log(`p50 µs: direct ${f(p50(d))}  http gateway ${f(p50(v))} (added ${f(p50(v) - p50(d))})  stdio gateway ${f(p50(s))} (added ${f(p50(s) - p50(d))})  http gateway, in-process upstream ${f(p50(e))}  stdio ${f(p50(es))}  p99: ${f(pct(d, .99))} ${f(pct(v, .99))} ${f(pct(s, .99))}`);
const transport = p50(e) - p50(es);
console.log(`this client's HTTP over its stdio ${f(transport)}  http gateway added without it ${f(p50(v) - p50(d) - transport)}`);
await direct.close();
await via.close();
await viaStdio.close();
await viaDemo.close();
await viaDemoStdio.close();
gw.kill("SIGTERM");
demoGw.kill("SIGTERM");
