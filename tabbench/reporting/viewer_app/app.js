// tabbench view: a small vanilla front end over the data tabbench.reporting.viewer makes.
// Model text is hostile: every value reaches the page through text nodes (el() and text()), never as markup.
// Served (tabbench view), data is JSON fetched with the per-launch key this page was served with; in a bundle
// opened from file:// (no key), data files are scripts that call tbData(key, value). docs/security.md says why.
"use strict";

const store = {};    // key -> value
const pending = {};  // key -> promise of a file being loaded
const waiting = {};  // key -> resolve, for a bundle's script being loaded
const PAGE = 200;    // grid rows rendered at a time
const KEY = (document.querySelector('meta[name="tabbench-key"]') || {}).content || "";
let state = { shown: PAGE };

function tbData(key, value) {
  store[key] = value;
  if (waiting[key]) waiting[key](value);
  delete waiting[key];
}

// Load data file `stem` (.json from the server, .js in a bundle) and resolve with the value it holds; a file that
// cannot be loaded rejects with a message the page shows.
function load(key, stem) {
  if (key in store) return Promise.resolve(store[key]);
  if (!pending[key]) {
    pending[key] = (KEY ? fetchData(key, stem) : scriptData(key, stem))
      .finally(() => { delete pending[key]; });
  }
  return pending[key];
}
async function fetchData(key, stem) {
  const response = await fetch(stem + ".json", { headers: { "X-Tabbench-Key": KEY }, cache: "no-store" });
  const body = await response.text();
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    try { message = JSON.parse(body).error || message; } catch (e) { /* not our JSON: the status says it */ }
    throw new Error(`cannot load ${stem}.json: ${message}`);
  }
  return (store[key] = JSON.parse(body));
}
function scriptData(key, stem) {
  return new Promise((resolve, reject) => {
    waiting[key] = resolve;
    const tag = document.createElement("script");
    tag.src = stem + ".js";
    tag.onerror = () => reject(new Error(`cannot load ${stem}.js`));
    tag.onload = () => { if (!(key in store)) reject(new Error(`${stem}.js does not hold ${key}`)); };
    document.body.appendChild(tag);
  });
}
// An error on the page, in place of what could not be shown (never a page stuck on "Loading").
function fail(error) {
  show(el("section", { class: "card error", id: "error" }, el("h2", {}, "Cannot show this page"),
    el("pre", {}, String((error && error.message) || error))));
}

// --- DOM helpers: children that are not nodes become text -------------------------------------------------
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "class") node.className = value;
    else node.setAttribute(name, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}
const text = (value) => (value === undefined || value === null ? "" : typeof value === "string" ? value : JSON.stringify(value, null, 1));
const pct = (v) => (v === null || v === undefined ? "–" : (100 * v).toFixed(1));
const num = (v) => (v === null || v === undefined ? "–" : Number.isInteger(v) ? String(v) : Number(v).toPrecision(4));
// tokens a usage block (results.json, a record) says were spent, and their cost when the run was priced
const isCount = (v) => Number.isInteger(v) && v >= 0;
function tokens(u) {
  if (!u || typeof u !== "object" || !isCount(u.prompt_tokens) || !isCount(u.completion_tokens)) return "–";
  const reasoning = isCount(u.reasoning_tokens) ? ` (reasoning ${u.reasoning_tokens.toLocaleString("en")})` : "";
  const cost = typeof u.cost === "number" ? `; cost ${u.cost.toFixed(4)}` : "";
  return `${u.prompt_tokens.toLocaleString("en")} prompt + ${u.completion_tokens.toLocaleString("en")} completion${reasoning}${cost}`;
}
function price(p) {
  const amount = (v) => (typeof v === "number" ? String(v) : "–");
  return p && typeof p === "object" ? `${text(p.model)}: ${amount(p.input_per_million)} input, ${amount(p.output_per_million)} output per million tokens (${text(p.source)})` : null;
}
const pval = (p) => (p === undefined ? "–" : p < 1e-4 ? p.toExponential(2) : p.toPrecision(3));
// pass/fail is the reward's own verdict, judged once in Python (tabbench.reporting.paired.passed): `ok` fields
const verdict = (ok) => (ok === true ? "pass" : ok === false ? "fail" : "muted");
function kv(pairs) {
  return el("dl", { class: "kv" }, pairs.filter(([, v]) => v !== undefined && v !== null && v !== "")
    .map(([k, v]) => [el("dt", {}, k), el("dd", {}, typeof v === "object" ? JSON.stringify(v) : String(v))]));
}
function table(head, rows, attrs) {
  return el("table", attrs || {}, el("thead", {}, el("tr", {}, head.map((h) => el("th", {}, h)))),
    el("tbody", {}, rows.map((r) => el("tr", {}, r.map((c) => (c instanceof Node && c.tagName === "TD" ? c : el("td", {}, c)))))));
}
function show(...nodes) {
  const main = document.getElementById("main");
  main.replaceChildren(...nodes.flat(Infinity).filter((n) => n !== null && n !== undefined && n !== false));
}
function runs() { return store.runs.runs; }
function bench(r, b) { return runs()[r].benchmarks[b]; }
// A warning wherever runs are shown side by side that ran benchmark `name` on different data, benchmark versions
// or splits (their version, split and data fingerprint differ: tabbench.evaluation.runfolder.comparability), so
// their samples are not the same items; null when they agree. `indices`: the runs shown (default: every run).
function mismatch(name, indices) {
  const held = (indices || runs().map((_, i) => i)).map((i) => [runs()[i], runs()[i].benchmarks.find((x) => x.name === name)])
    .filter(([, b]) => b);
  if (new Set(held.map(([, b]) => JSON.stringify([b.version, b.split, b.data]))).size < 2) return null;
  return el("p", { class: "warning", "data-benchmark": name },
    `${name}: these runs were made on different data, benchmark versions or splits, so their samples are not the same items (compare and flips refuse to pair them): `,
    held.map(([run, b]) => `${run.label}: version ${b.version}, split ${b.split}, data ${b.data}`).join("; "));
}

// --- routing: #runs, #compare, #bench/R/B, #sample/R/B/ID ---------------------------------------------------
window.addEventListener("hashchange", () => { state.shown = PAGE; draw(); });
function draw() { Promise.resolve().then(route).catch(fail); }
function route() {
  const [view, ...args] = (location.hash.slice(1) || "runs").split("/");
  nav(view);
  if (view === "bench") return showGrid(+args[0], +args[1]);
  if (view === "sample") return showSample(+args[0], +args[1], decodeURIComponent(args.slice(2).join("/")));
  if (view === "compare") return showCompare();
  return showRuns();
}
function nav(view) {
  const links = [["runs", "Runs"]];
  if (runs().length > 1) links.push(["compare", "Compare"]);
  runs()[0].benchmarks.forEach((b, i) => links.push([`bench/0/${i}`, b.name]));
  document.getElementById("nav").replaceChildren(...links.map(([href, label]) =>
    el("a", { href: "#" + href, class: location.hash.slice(1).startsWith(href) || (view === href) ? "active" : null }, label)));
}

// --- runs -------------------------------------------------------------------------------------------------
function showRuns() {
  const names = [...new Set(runs().flatMap((run) => run.benchmarks.map((b) => b.name)))];
  show(el("h2", {}, "Runs"), names.map((name) => mismatch(name)), runs().map((run, r) => runCard(run, r)));
}
function runCard(run, r) {
  const m = run.model || {}, c = run.config || {};
  return el("section", { class: "card run" },
    el("h3", {}, `${r === 0 && runs().length > 1 ? "baseline: " : ""}${run.label}`),
    run.stopped && typeof run.stopped === "object" ? el("p", { class: "fail stopped" }, text(run.stopped.message)) : null,
    run.usage && typeof run.usage === "object" ? el("p", { class: "usage" }, `tokens: ${tokens(run.usage)}`,
      price(run.usage.price) ? ` at ${price(run.usage.price)}` : "") : null,
    el("div", { class: "side" },
      el("div", {}, el("h4", {}, "model"), kv([["path", run.path], ["backend", c.backend], ["model", c.model],
        ["fingerprint", m.fingerprint_sha], ["chat template", m.chat_template_sha256], ["created", run.created]])),
      el("div", {}, el("h4", {}, "settings"), kv([["benchmarks", c.benchmarks], ["suites", c.suites],
        ["split", c.split], ["limit", c.limit], ["environment", c.environment], ["generation", c.generation],
        ["vote", c.vote], ["samples", (c.generation || {}).n], ["backend options", c.backend_options],
        ["run settings", c.settings], ["seeds", run.seeds]])),
      el("div", {}, el("h4", {}, "pins"), kv([["tabbench", run.tabbench_version],
        ...Object.entries(run.plugins || {}).map(([k, v]) => [k, v])]))),
    run.benchmarks.length ? el("h4", {}, "benchmarks") : null,
    run.benchmarks.length ? table(["benchmark", "version", "split", "data", "n", "skipped", "primary", "metrics ± s.e. (%)", "statuses", "parse fail", "tokens"],
      run.benchmarks.map((b, i) => [el("a", { href: `#bench/${r}/${i}` }, b.name), b.version, b.split, b.data, num(b.n),
        b.skipped ? `${b.skipped.n}: ${Object.entries(b.skipped.by_reason || {}).map(([why, ids]) => `${why} (${ids.length})`).join("; ")}` : "–",
        b.primary_metric ? `${b.primary_metric.name} ${pct(b.primary_metric.value)} ± ${pct(b.primary_metric.stderr)}` : "–",
        Object.entries(b.metrics || {}).map(([k, v]) => `${k} ${pct(v.value)} ± ${pct(v.stderr)} (n=${v.n})`).join("; "),
        Object.entries(b.status_counts || {}).map(([k, v]) => `${k}=${v}`).join(" "),
        b.parse_fail_rate === undefined ? "–" : pct(b.parse_fail_rate), tokens(b.usage)]), { class: "benchmarks" }) : null,
    run.benchmarks.map((b) => breakdowns(b)),
    run.edits && run.edits.length ? [el("h4", {}, "edits after the run"), table(["when", "edit", "benchmark", "metric", "reward", "options", "reward version"],
      run.edits.flatMap((e) => (e.metrics || []).map((m) => [e.at, e.kind, m.benchmark, m.name, m.reward, JSON.stringify(m.options || {}), m.reward_version])),
      { class: "edits" })] : null,
    run.curves && run.curves.length ? [el("h4", {}, "training curves"), curves(run.curves)] : null);
}
function breakdowns(b) {
  const keys = Object.keys(b.breakdown || {});
  if (!keys.length) return null;
  return el("details", {}, el("summary", {}, `${b.name}: breakdowns (${keys.join(", ")})`),
    keys.map((key) => {
      const levels = b.breakdown[key], metrics = Object.keys(b.metrics || {});
      return el("div", {}, el("h4", {}, key), table([key, "n", ...metrics],
        Object.entries(levels).map(([level, v]) => [level, num(v.n), ...metrics.map((m) => pct((v.metrics || {})[m]))])));
    }));
}
function curves(history) {
  const keys = [...new Set(history.flatMap((e) => Object.keys(e)))].filter((k) => k !== "step" && k !== "epoch" && !k.startsWith("train_"));
  const svgNS = "http://www.w3.org/2000/svg", W = 320, H = 140;
  return el("div", { class: "side" }, keys.map((key) => {
    const pts = history.filter((e) => typeof e[key] === "number").map((e) => [e.step, e[key]]);
    if (pts.length < 2) return null;
    const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const sx = (x) => 30 + (W - 40) * (x - x0) / ((x1 - x0) || 1), sy = (y) => H - 20 - (H - 35) * (y - y0) / ((y1 - y0) || 1);
    const svg = document.createElementNS(svgNS, "svg");
    svg.setAttribute("class", "curve"); svg.setAttribute("width", W); svg.setAttribute("height", H);
    const line = document.createElementNS(svgNS, "polyline");
    line.setAttribute("points", pts.map((p) => `${sx(p[0])},${sy(p[1])}`).join(" "));
    line.setAttribute("fill", "none"); line.setAttribute("stroke", "#2457c5");
    svg.appendChild(line);
    [[5, 12, `${key}`], [5, H - 5, `step ${x0}…${x1}, ${num(y0)}…${num(y1)}`]].forEach(([x, y, label]) => {
      const t = document.createElementNS(svgNS, "text");
      t.setAttribute("x", x); t.setAttribute("y", y); t.textContent = label; svg.appendChild(t);
    });
    return svg;
  }));
}

// --- compare ----------------------------------------------------------------------------------------------
function comparison(r, name) {
  return store.runs.comparisons.find((c) => c.b_run === r && c.benchmark === name && !c.error);
}
function showCompare() {
  const list = store.runs.comparisons;
  show(el("h2", {}, "Flips between runs"),
    el("p", { class: "muted" }, "Each run against the baseline (the first run), paired by sample id. A sample passes when its primary reward judged it a match (status match or empty_both), the rule of the leaderboard's paired tests; a sample only one run holds, or that either run found not applicable, is unpaired and left out of every figure here (unpaired: the baseline's / the run's). p: exact two-sided McNemar test on the flips."),
    table(["benchmark", "baseline", "run", "paired", "both pass", "both fail", "fail → pass", "pass → fail", "McNemar p", "unpaired"],
      list.map((c) => c.error ? [c.benchmark, runs()[c.a_run].label, runs()[c.b_run].label, el("td", { colspan: 7, class: "fail" }, c.error)]
        : [el("a", { href: `#bench/${c.b_run}/${benchIndex(c.b_run, c.benchmark)}` }, c.benchmark),
          runs()[c.a_run].label, runs()[c.b_run].label, num(c.paired), num(c.both_pass), num(c.both_fail),
          el("td", { class: "num n-up" }, num(c.n_up)), el("td", { class: "num n-down" }, num(c.n_down)),
          el("td", { class: "num p", "data-p": c.p }, pval(c.p)), el("td", { class: "num unpaired" }, `${c.unpaired_a} / ${c.unpaired_b}`)]),
      { id: "compare-table" }),
    list.filter((c) => !c.error).map((c) => compareDetail(c)));
}
function benchIndex(r, name) { return runs()[r].benchmarks.findIndex((b) => b.name === name); }
function compareDetail(c) {
  const a = runs()[c.a_run].label, b = runs()[c.b_run].label, keys = [...new Set((c.buckets || []).map((x) => x.key))];
  const link = (id) => el("a", { href: `#sample/${c.b_run}/${benchIndex(c.b_run, c.benchmark)}/${encodeURIComponent(id)}` }, id);
  return el("section", { class: "card compare-detail", "data-benchmark": c.benchmark },
    el("h3", {}, `${c.benchmark}: ${a} → ${b}`),
    keys.length ? [el("h4", {}, "per bucket (primary metric, %)"),
      el("p", { class: "muted" }, "Both scores over the bucket's paired samples (n), and the bucket's own paired test on them alone; with many buckets some p values are small by chance (no correction for multiplicity)."),
      keys.map((key) => {
        const rows = c.buckets.filter((x) => x.key === key);
        return el("div", { class: "side bucket-key", "data-key": key },
          table([key, "n", a, b, "Δ", "fail → pass", "pass → fail", "McNemar p"], rows.map((x) => [x.level, num(x.n),
            el("td", { class: "num score-a" }, pct(x.score_a)), el("td", { class: "num score-b" }, pct(x.score_b)),
            el("td", { class: "num delta" + (x.delta > 0 ? " pass" : x.delta < 0 ? " fail" : "") }, x.delta === null ? "–" : (x.delta > 0 ? "+" : "") + pct(x.delta)),
            num(x.n_up), num(x.n_down), el("td", { class: "num p", "data-p": x.p }, pval(x.p))]), { class: "buckets" }),
          bucketChart(key, rows, a, b));
      })] : null,
    el("h4", {}, `flipped samples (${c.n_up + c.n_down})`),
    (c.flipped || []).length < c.n_up + c.n_down ? el("p", { class: "muted" }, `The first ${c.flipped.length} are listed; the sample grid's "vs ${a}" filter shows them all.`) : null,
    (c.flipped || []).length ? table(["id", "flip", "question", `${a} answered`, `${b} answered`, "gold answer", "what failed"], c.flipped.map((f) => [
      el("td", { class: "flip-id" }, link(f.id)), el("td", { class: f.direction === "up" ? "pass" : "fail" }, f.direction === "up" ? "fail → pass" : "pass → fail"),
      f.question ?? "–", el("td", { class: "answer-a" }, el("code", {}, f.answer_a ?? "(none)")), el("td", { class: "answer-b" }, el("code", {}, f.answer_b ?? "(none)")),
      f.gold ?? "–", el("td", { class: "failed" }, f.failed ?? "–")]), { class: "flipped" }) : el("p", { class: "muted" }, "none"));
}
// A small bar chart: each bucket's score in the baseline (grey) and the run (blue), 0 to 100 %.
function bucketChart(key, rows, a, b) {
  const svgNS = "http://www.w3.org/2000/svg", W = 400, left = 90, bar = 7, gap = 6, H = 22 + rows.length * (2 * bar + gap);
  const svg = document.createElementNS(svgNS, "svg");
  svg.setAttribute("class", "bucket-chart"); svg.setAttribute("width", W); svg.setAttribute("height", H);
  const add = (tag, attrs, label) => {
    const node = document.createElementNS(svgNS, tag);
    Object.entries(attrs).forEach(([k, v]) => node.setAttribute(k, v));
    if (label !== undefined) node.textContent = label;
    svg.appendChild(node);
  };
  add("text", { x: 2, y: 11 }, `${key}: ${a} (grey), ${b} (blue)`);
  rows.forEach((x, i) => {
    const y = 18 + i * (2 * bar + gap), w = (v) => (v === null ? 0 : Math.max(0, Math.min(1, v)) * (W - left - 80));
    add("text", { x: 2, y: y + bar + 3 }, String(x.level).slice(0, 14));
    add("rect", { x: left, y, width: w(x.score_a), height: bar, fill: "#9aa3ad", class: "bar-a" });
    add("rect", { x: left, y: y + bar, width: w(x.score_b), height: bar, fill: "#2457c5", class: "bar-b" });
    add("text", { x: left + w(Math.max(x.score_a ?? 0, x.score_b ?? 0)) + 3, y: y + bar + 3 }, `${pct(x.score_a)} → ${pct(x.score_b)}`);
  });
  return svg;
}

// --- sample grid ------------------------------------------------------------------------------------------
async function showGrid(r, b) {
  const info = bench(r, b);
  if (!info) return show(el("p", {}, "No such benchmark."));
  show(el("p", { class: "muted" }, `Loading ${info.name}…`));
  const grid = await load(`grid/${info.key}`, `data/${info.key}/grid`);
  if (!grid.index) {  // once per grid: lower-cased search text
    grid.index = grid.rows.map((row) => [row.id, row.q, row.a, row.g].join("\u0001").toLowerCase());
  }
  const f = state.filters && state.filters.key === info.key ? state.filters : (state.filters = { key: info.key, status: "", meta: {}, flip: "", q: "", sort: "" });
  const metaKeys = [...new Set(grid.rows.slice(0, 2000).flatMap((row) => Object.keys(row.m)))];
  const others = runs().map((run, i) => [run, i]).filter(([run]) => run.benchmarks.some((x) => x.name === info.name));
  const cmp = r > 0 ? comparison(r, info.name) : null;
  let baseline = null;  // id -> the baseline run's status, beside this run's
  const baseIndex = r > 0 ? runs()[0].benchmarks.findIndex((x) => x.name === info.name) : -1;
  if (baseIndex >= 0) {
    const key = runs()[0].benchmarks[baseIndex].key;
    const base = await load(`grid/${key}`, `data/${key}/grid`);
    baseline = new Map(base.rows.map((row) => [row.id, row]));
  }
  const flipIds = cmp ? { up: new Set(cmp.up), down: new Set(cmp.down) } : null;
  const select = (label, value, options, onchange, id) => el("label", {}, label + " ",
    el("select", { id, onchange: (e) => onchange(e.target.value) },
      options.map(([v, l]) => { const o = el("option", { value: v }, l); o.selected = v === value; return o; })));
  const values = (get) => [...new Set(grid.rows.map(get))].filter((v) => v !== undefined && v !== null).sort();
  const count = el("span", { id: "count" });
  const body = el("tbody");
  const more = el("button", { onclick: () => { state.shown += PAGE; render(); } }, "show more");
  const controls = el("div", { class: "controls" },
    others.length > 1 ? select("run", String(r), others.map(([run, i]) => [String(i), run.label]),
      (v) => { location.hash = `#bench/${v}/${runs()[+v].benchmarks.findIndex((x) => x.name === info.name)}`; }, "run") : null,
    select("status", f.status, [["", "any"], ...values((row) => row.s).map((s) => [s, s])], (v) => { f.status = v; reset(); }, "status"),
    metaKeys.map((k) => select(k, f.meta[k] || "", [["", "any"], ...values((row) => row.m[k]).map((s) => [s, s])],
      (v) => { f.meta[k] = v; reset(); }, "meta-" + k)),
    flipIds ? select(`vs ${runs()[0].label}`, f.flip, [["", "all"], ["any", `flipped (${cmp.n_up + cmp.n_down})`],
      ["up", `fail → pass (${cmp.n_up})`], ["down", `pass → fail (${cmp.n_down})`]], (v) => { f.flip = v; reset(); }, "flip") : null,
    select("sort", f.sort, [["", "run order"], ["score", "score ↑"], ["-score", "score ↓"], ["status", "status"], ["id", "id"]],
      (v) => { f.sort = v; reset(); }, "sort"),
    el("input", { type: "search", id: "search", placeholder: "search id, question, answer, gold", value: f.q,
      oninput: (e) => { f.q = e.target.value; reset(); } }),
    count);
  function reset() { state.shown = PAGE; render(); }
  function rows() {
    const q = f.q.toLowerCase();
    const out = [];
    for (let i = 0; i < grid.rows.length; i++) {
      const row = grid.rows[i];
      if (f.status && row.s !== f.status) continue;
      if (q && !grid.index[i].includes(q)) continue;
      let ok = true;
      for (const k in f.meta) if (f.meta[k] && row.m[k] !== f.meta[k]) { ok = false; break; }
      if (!ok) continue;
      if (f.flip && flipIds) {
        const up = flipIds.up.has(row.id), down = flipIds.down.has(row.id);
        if (f.flip === "up" ? !up : f.flip === "down" ? !down : !(up || down)) continue;
      }
      out.push(row);
    }
    const key = f.sort.replace("-", ""), sign = f.sort.startsWith("-") ? -1 : 1;
    if (key === "score") out.sort((x, y) => sign * ((x.v ?? -Infinity) - (y.v ?? -Infinity)));
    else if (key) out.sort((x, y) => sign * String(key === "id" ? x.id : x.s).localeCompare(String(key === "id" ? y.id : y.s), undefined, { numeric: true }));
    return out;
  }
  function render() {
    const found = rows();
    count.textContent = `${found.length} of ${grid.rows.length} samples`;
    body.replaceChildren(...found.slice(0, state.shown).map((row) => el("tr", {
      class: "sample", "data-id": row.id, onclick: () => { location.hash = `#sample/${r}/${b}/${encodeURIComponent(row.id)}`; } },
      el("td", {}, row.id), el("td", { title: row.q || "" }, row.q ?? "–"), el("td", { title: row.a || "" }, row.a ?? "–"),
      el("td", { title: row.g || "" }, row.g ?? "–"), el("td", { class: verdict(row.ok) }, row.s),
      el("td", { class: "num" }, num(row.v)),
      baseline ? baseCell(baseline.get(row.id)) : null)));
    more.hidden = found.length <= state.shown;
  }
  show(el("h2", {}, `${info.name} · ${runs()[r].label}`),
    baseline ? mismatch(info.name, [0, r]) : null,
    grid.examples ? null : el("p", { class: "muted" }, "Questions and gold answers are not shown: the run has no prompts file (a run of results schema 3)."),
    controls,
    el("table", { id: "grid" }, el("colgroup", {}, el("col", { class: "c-id" }), el("col"), el("col"), el("col"), el("col", { class: "c-st" }), el("col", { class: "c-sc" }),
      baseline ? el("col", { class: "c-st" }) : null),
      el("thead", {}, el("tr", {}, ["id", "question", "answer", "gold", "status", "score"].map((h) => el("th", {}, h)),
        baseline ? el("th", {}, `${runs()[0].label} (baseline)`) : null)), body),
    more);
  render();
}

function baseCell(row) {
  return row ? el("td", { class: verdict(row.ok), title: `score ${num(row.v)}` }, row.s) : el("td", { class: "muted" }, "–");
}

// --- one sample, in every run that holds it ----------------------------------------------------------------
async function showSample(r, b, id) {
  const info = bench(r, b);
  if (!info) return show(el("p", {}, "No such benchmark."));
  const holders = runs().map((run, i) => [run, i, run.benchmarks.findIndex((x) => x.name === info.name)]).filter(([, , j]) => j >= 0);
  const details = [];
  for (const [run, i, j] of holders) {
    const key = run.benchmarks[j].key;
    const grid = await load(`grid/${key}`, `data/${key}/grid`);
    const row = grid.rows.find((x) => x.id === id);
    if (!row) continue;
    const chunk = await load(`chunk/${key}/c${row.c}`, `data/${key}/c${row.c}`);
    details.push([run, chunk.find((d) => d.record.id === id)]);
  }
  const first = details.find(([, d]) => d.question !== undefined);
  const common = first ? first[1] : {};
  show(el("p", {}, el("a", { href: `#bench/${r}/${b}` }, `← ${info.name}`)),
    el("h2", {}, `${info.name} · sample ${id}`),
    mismatch(info.name, details.map(([run]) => runs().indexOf(run))),
    el("section", { class: "card" },
      common.question !== undefined ? [el("h3", {}, "question"), el("pre", { class: "question" }, common.question)] : null,
      common.gold !== undefined ? [el("h3", {}, "gold"), el("pre", { class: "gold" }, text(common.gold))] : null,
      common.fields && Object.keys(common.fields).length ? el("details", {}, el("summary", {}, "example fields"), kv(Object.entries(common.fields))) : null,
      common.prompt ? el("details", {}, el("summary", {}, "prompt"), common.prompt.map(message)) : null,
      el("p", { class: "muted" }, `meta: ${JSON.stringify((details[0] && details[0][1].record.meta) || {})}`)),
    el("div", { class: "side" }, details.map(([run, d]) => runSample(run, d))));
}
function message(m) {
  const calls = (m.tool_calls || []).map((c) => {
    const f = c.function || c;
    return `→ ${f.name}(${typeof f.arguments === "string" ? f.arguments : JSON.stringify(f.arguments)})`;
  });
  return el("div", { class: "msg" }, el("div", { class: "role" }, m.role + (m.name ? ` (${m.name})` : "")),
    m.content ? el("pre", {}, text(m.content)) : null, calls.length ? el("pre", { class: "tool-call" }, calls.join("\n")) : null);
}
function runSample(run, d) {
  const rec = d.record;
  return el("section", { class: "card sample-run" },
    el("h3", {}, run.label, " · ", el("span", { class: verdict(d.ok) }, `${rec.status} ${num(rec.score)}`)),
    fitted(rec) ? el("p", { class: "muted prompt-fit" }, promptFit(rec.generation)) : null,
    finished(rec.generation) ? el("p", { class: "muted finish" }, finished(rec.generation)) : null,
    rec.usage && typeof rec.usage === "object" ? el("p", { class: "muted usage" }, `tokens: ${tokens(rec.usage)}`) : null,
    el("h4", {}, "extracted answer"), el("pre", { class: "answer" }, text(rec.answer ?? "(none)")),
    d.sql ? [el("h4", {}, "SQL (formatted)"), el("div", { class: "side" },
      el("div", {}, el("div", { class: "muted" }, "predicted"), el("pre", {}, d.sql.pred)),
      d.sql.gold !== undefined ? el("div", {}, el("div", { class: "muted" }, "gold"), el("pre", {}, d.sql.gold)) : null),
      d.sql.diff ? [el("div", { class: "muted" }, "diff (− gold, + predicted)"), el("div", { class: "diff" },
        d.sql.diff.map(([op, line]) => el("div", { class: op === "+" ? "add" : op === "-" ? "del" : "" }, `${op} ${line}`)))] : null] : null,
    el("h4", {}, "metrics"), Object.entries(rec.scores || {}).map(([name, s]) => metric(name, s, (d.passed || {})[name])),
    d.clusters ? [el("h4", {}, d.clusters_by || "completions by extracted answer text"), table(["answer", "completions"],
      d.clusters.map((c) => [text(c.answer ?? "(none)"), c.members.map((i) => `#${i}`).join(" ")]))] : null,
    rec.transcript ? [el("h4", {}, "agent transcript"), transcript(rec.transcript)] : null,
    el("h4", {}, `completions (${(rec.completions || []).length})`),
    (rec.completions || []).map((c, i) => el("div", {}, el("div", { class: "muted" }, `#${i}`), el("pre", { class: "completion" }, text(c)))));
}
function fitted(rec) {  // a prompt refused as too long, or cut from the left to fit (not a record of finish reasons only)
  const g = rec.generation;
  return g && typeof g === "object" && (rec.status === "prompt_too_long" || typeof g.truncated_tokens === "number");
}
function finished(g) {
  const reasons = g && typeof g === "object" && Array.isArray(g.finish_reasons) ? g.finish_reasons : [];
  if (!reasons.length) return null;
  const cut = reasons.filter((r) => r === "context").length;
  return `finish: ${reasons.map(text).join(", ")}` + (cut ? ` (${cut} cut where the model's context was full, before --max-new-tokens)` : "");
}
function promptFit(g) {
  const n = (v) => (typeof v === "number" ? String(v) : "?");
  const fit = `context ${n(g.context_length)} tokens with ${n(g.max_new_tokens)} new`;
  if (typeof g.truncated_tokens === "number")
    return `prompt cut from the left to fit: ${n(g.truncated_tokens)} tokens removed, ${n(g.prompt_tokens)} kept (${fit})`;
  return `prompt too long, nothing generated: ${n(g.prompt_tokens)} tokens (${fit})` +
    (typeof g.message === "string" ? `; the server said: ${text(g.message)}` : "");
}
function metric(name, s, ok) {
  const det = Object.assign({}, s.details || {});
  const pred = det.pred_result, gold = det.gold_result, rule = det.differs_by;
  delete det.pred_result; delete det.gold_result; delete det.differs_by;
  const output = ["stdout", "output", "program_output"].filter((k) => typeof det[k] === "string");
  return el("div", { class: "metric" },
    el("div", {}, el("b", {}, name), " ", el("span", { class: verdict(ok) }, `${s.status} ${num(s.value)}`),
      rule ? [" ", el("span", { class: "rule" }, `differs only by ${rule}`)] : null),
    s.answer !== undefined ? el("div", { class: "muted" }, "answer scored: ", el("code", {}, text(s.answer ?? "(none)"))) : null,
    pred || gold ? el("div", { class: "side result" }, pred ? resultTable("predicted", pred) : null, gold ? resultTable("gold", gold) : null) : null,
    output.map((k) => [el("div", { class: "muted" }, `sandbox ${k}`), el("pre", {}, det[k])]),
    Object.keys(det).length ? el("pre", { class: "details" }, JSON.stringify(det, null, 1)) : null);
}
function resultTable(label, res) {
  const head = res.columns && res.columns.length ? res.columns : Array.from({ length: res.n_columns || 0 }, (_, i) => `col${i + 1}`);
  return el("div", {}, el("div", { class: "muted" },
    `${label}: ${res.n_rows} row(s) × ${res.n_columns} column(s)${res.truncated ? ", cut by the row cap" : ""}${res.rows.length < res.n_rows ? `, first ${res.rows.length} shown` : ""}`),
    table(head, res.rows.map((row) => row.map((c) => (c === null ? "NULL" : text(c))))));
}
function transcript(t) {
  const facts = Object.entries(t).filter(([k]) => k !== "messages");
  return el("div", {}, kv(facts), (t.messages || []).map(message));
}

load("runs", "data/runs").then(draw).catch(fail);
