// Counts every file of a folder with OpenAI's tiktoken (its Rust core, as the npm
// package tiktoken ships it in WebAssembly): node count-with-tiktoken.cjs testdata/corpus
const { get_encoding } = require("tiktoken");
const fs = require("fs");
const path = require("path");
const dir = process.argv[2];
const cl = get_encoding("cl100k_base"), o2 = get_encoding("o200k_base");
const out = [];
for (const f of fs.readdirSync(dir).sort()) {
  const buf = fs.readFileSync(path.join(dir, f));
  // encode_ordinary takes a JS string: invalid UTF-8 cannot be passed as bytes
  const s = buf.toString("utf8");
  out.push({file: f, cl100k: cl.encode_ordinary(s).length, o200k: o2.encode_ordinary(s).length, valid: Buffer.from(s, "utf8").equals(buf)});
}
console.log(JSON.stringify(out));
