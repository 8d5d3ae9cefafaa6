// The studio page: file tree, CodeMirror editor with live diagnostics, the printed entry under the cursor,
// play / sheet / diff.  DOM built with textContent only; the printed entry is the server's HTML in a
// sandboxed iframe (no scripts).
"use strict";

const CM = window.BpdslEditor;
// the pause after the last keystroke before the text is checked: with a check of about 150 ms (bpdsl bench,
// "editor check") the diagnostics are shown within 300 ms of a keystroke
const CHECK_PAUSE_MS = 80;
const state = { name: null, version: null, editable: false, saved: "", view: null, editions: [], entry: null,
                checkTimer: null, seq: 0, lastCheck: null, checking: false, pending: false };

function setStatus(text) { document.getElementById("status").textContent = text; }
function showError(text) { document.getElementById("error").textContent = text || ""; }
function text() { return state.view ? state.view.state.doc.toString() : ""; }
function cursor() {
  const v = state.view, pos = v.state.selection.main.head, line = v.state.doc.lineAt(pos);
  return { line: line.number, col: pos - line.from + 1 };
}
function dirty() { return state.name !== null && text() !== state.saved; }

function offsetOf(doc, line, col) {
  const l = doc.line(Math.min(Math.max(line, 1), doc.lines));
  return Math.min(l.from + Math.max(col - 1, 0), l.to);
}

function cmDiagnostics(doc, list) {
  return list.map(d => {
    const from = offsetOf(doc, d.line, d.col);
    const lineEnd = doc.lineAt(from).to;
    const m = /^[^\s:,{}\[\]"'#]+/.exec(doc.sliceString(from, lineEnd));
    const to = m ? from + m[0].length : Math.min(from + 1, lineEnd);
    return { from, to: Math.max(to, from), severity: d.severity === "warning" ? "warning" : "error",
             message: `${d.code} ${d.message}` + (d.hint ? `\nhint: ${d.hint}` : "") };
  });
}

function showProblems(result) {
  const ul = document.getElementById("problems");
  ul.replaceChildren();
  for (const d of result.diagnostics) {
    ul.append(el("li", { class: d.severity, "data-code": d.code },
      `${state.name}:${d.line}:${d.col}: ${d.code} ${d.message}`,
      d.hint ? el("div", { class: "hint", text: "hint: " + d.hint }) : null));
  }
  const others = Object.entries(result.elsewhere || {});
  if (others.length) ul.append(el("li", { class: "warning",
    text: "他のファイル: " + others.map(([f, n]) => `${f} (${n})`).join(", ") }));
  // a check that lands after a save keeps the save's note while the text is still the saved one
  setStatus(`${result.ok ? "ok" : "エラーあり"} · 検査 ${result.ms} ms` + (state.saveNote && !dirty() ? ` · ${state.saveNote}` : ""));
}

async function check() {
  if (!state.name) return;
  if (state.checking) { state.pending = true; return; }  // one check at a time: the newest text follows
  state.checking = true;
  state.pending = false;
  const seq = ++state.seq;
  const body = { name: state.name, text: text(), ...cursor() };
  try {
    const result = await api("POST", "/api/studio/check", body);
    if (seq !== state.seq) return;  // another file was opened meanwhile
    state.lastCheck = result;
    state.view.dispatch(CM.setDiagnostics(state.view.state, cmDiagnostics(state.view.state.doc, result.diagnostics)));
    showProblems(result);
    if (result.entry) selectEntry(result.entry);
    await showEntry();
  } catch (e) { showError(e.message); }
  finally {
    state.checking = false;
    if (state.pending) scheduleCheck();
  }
}

function scheduleCheck() {
  clearTimeout(state.checkTimer);
  state.checkTimer = setTimeout(check, CHECK_PAUSE_MS);
}

function selectEntry(entry) {
  const changed = !state.entry || state.entry.id !== entry.id || state.entry.edition !== entry.edition;
  state.entry = entry;
  document.getElementById("entry-name").textContent = `${entry.name} (${entry.id})`;
  if (changed) {
    document.getElementById("edition").value = entry.edition;
    fillFormats(entry.formats);
  }
}

function fillFormats(only) {
  const eid = document.getElementById("edition").value;
  const ed = state.editions.find(e => e.id === eid);
  const sel = document.getElementById("format");
  const keep = sel.value;
  sel.replaceChildren();
  for (const f of (ed ? ed.formats : [])) {
    if (only && only.length && !only.includes(f.id)) continue;
    sel.append(el("option", { value: f.id, text: `${f.name} (${f.id})` }));
  }
  if ([...sel.options].some(o => o.value === keep)) sel.value = keep;
}

async function showEntry() {
  const frame = document.getElementById("entry");
  const e = state.entry, fmt = document.getElementById("format").value;
  if (!e || !fmt) return;
  const r = await fetch("/api/studio/entry", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: state.name, text: text(), kind: e.kind, id: e.id, edition: e.edition,
                           format: fmt }) });
  if (r.ok) frame.srcdoc = await r.text();
}

async function openFile(name) {
  if (dirty() && !confirm(`${state.name} の変更は保存されていません。破棄して開きますか？`)) return;
  const f = await api("GET", "/api/studio/file?name=" + encodeURIComponent(name));
  load(f);
  for (const li of document.querySelectorAll("#files li")) li.classList.toggle("current", li.dataset.name === name);
}

function load(f) {
  state.seq++;
  state.name = f.name; state.version = f.version; state.editable = f.editable; state.saved = f.text;
  state.entry = null;
  document.getElementById("filename").textContent = f.name + (f.editable ? "" : " (読み取り専用: 同梱の定義)");
  document.getElementById("save").disabled = !f.editable;
  document.getElementById("conflict").hidden = true;
  const ro = CM.EditorState.readOnly.of(!f.editable);
  // the cursor on the first entry, so that the preview shows it at once instead of opening blank
  const at = /^\s*- id:/m.exec(f.text);
  const anchor = at ? at.index + at[0].length : 0;
  state.view.setState(CM.EditorState.create({ doc: f.text, extensions: extensions(ro), selection: { anchor } }));
  scheduleCheck();
}

async function save() {
  if (!state.name || !state.editable) return;
  if (!document.getElementById("conflict").hidden) {  // the server would refuse it too (409)
    showError(`${state.name} was changed on disk by another program: reload it before saving (copy your text first to keep it)`);
    return;
  }
  try {
    const r = await api("POST", "/api/studio/save", { name: state.name, text: text(), version: state.version });
    state.version = r.version; state.saved = text();
    state.saveNote = `保存しました${r.sheets.length ? " · シートを再生成: " + r.sheets.join(", ") : ""}`;
    setStatus(state.saveNote);
    updatePdfLink();
  } catch (e) {
    showError(e.message);
    if (/changed on disk/.test(e.message)) document.getElementById("conflict").hidden = false;
  }
}

function updatePdfLink() {
  const a = document.getElementById("pdf");
  const ed = document.getElementById("edition").value, fmt = document.getElementById("format").value;
  a.href = `/api/studio/pdf?edition=${encodeURIComponent(ed)}&format=${encodeURIComponent(fmt)}`;
  a.hidden = false;
}

async function pollDisk() {
  if (!state.name) return;
  try {
    const r = await api("GET", "/api/studio/version?name=" + encodeURIComponent(state.name));
    if (r.version && r.version !== state.version) {
      if (!dirty()) {
        const f = await api("GET", "/api/studio/file?name=" + encodeURIComponent(state.name));
        load(f);
        setStatus("ディスク上の変更を読み込みました");
      } else {
        document.getElementById("conflict").hidden = false;
      }
    }
  } catch (e) { /* the server may be restarting; ask again later */ }
}

async function play(withEntry) {
  showError("");
  const body = { name: state.name, text: text(), edition: document.getElementById("edition").value,
                 format: document.getElementById("format").value,
                 entry: withEntry && state.entry ? state.entry.id : null };
  try {
    const r = await api("POST", "/api/studio/play", body);
    const out = document.getElementById("play-link");
    out.replaceChildren(el("a", { href: r.url, target: "_blank", id: "play-url", text: r.title + " を開く" }));
    window.open(r.url, "_blank");
  } catch (e) { showError(e.message); }
}

async function openSheet() {
  const body = { name: state.name, text: text(), edition: document.getElementById("edition").value,
                 format: document.getElementById("format").value };
  const r = await fetch("/api/studio/sheet", { method: "POST", headers: { "Content-Type": "application/json" },
                                               body: JSON.stringify(body) });
  if (!r.ok) { showError((await r.json()).error); return; }
  const url = URL.createObjectURL(new Blob([await r.text()], { type: "text/html" }));
  window.open(url, "_blank");
}

const KIND = { action: "アクション", character: "キャラクター", fog: "フォグ" };
const STATUS = { added: "追加", removed: "削除", changed: "変更" };

async function showDiff() {
  const out = document.getElementById("diff-out");
  try {
    const d = await api("POST", "/api/studio/diff", { name: state.name, text: text(),
                                                      edition: document.getElementById("edition").value });
    out.replaceChildren(el("p", { text: `${d.old_name} ${d.old} → ${d.new_name} ${d.new}` }));
    const table = el("table", {}, el("tr", {}, ...["種別", "名前", "変更", "変わった項目"].map(h => el("th", { text: h }))));
    for (const f of d.edition) table.append(el("tr", {}, el("td", { text: "版" }), el("td", { text: f.field }),
      el("td", { text: "変更" }), el("td", { text: `${f.old} → ${f.new}` })));
    for (const c of d.entries) {
      const fields = el("ul");
      for (const f of c.fields) fields.append(el("li", { text: `${f.field}${f.printed_only ? "（表記のみ）" : ""}: ${f.old} → ${f.new}` }));
      table.append(el("tr", {}, el("td", { text: KIND[c.kind] || c.kind }),
        el("td", { text: c.name + (c.old_id ? `（旧 id ${c.old_id}）` : "") }),
        el("td", { text: STATUS[c.status] || c.status }), el("td", {}, fields)));
    }
    if (!d.edition.length && !d.entries.length) out.append(el("p", { text: "違いはありません。" }));
    else out.append(table);
  } catch (e) { showError(e.message); }
}

function pct(r) { return r ? `${(100 * r.rate).toFixed(1)}% [${(100 * r.low).toFixed(1)}–${(100 * r.high).toFixed(1)}]` : "-"; }

async function simulate() {
  const out = document.getElementById("sim-out");
  showError("");
  if (!state.entry) { showError("カーソルをアクションの上に置いてください"); return; }
  if (dirty()) { showError("シミュレーションは保存されたファイルで行います。先に保存してください"); return; }
  try {
    let run = await api("POST", "/api/studio/simulate", { edition: document.getElementById("edition").value,
      format: document.getElementById("format").value, entry: state.entry.id, games: 1000 });
    out.replaceChildren(el("p", { text: `${run.edition} と ${run.parent} を ${run.games} ゲームずつ (同じシード)…` }));
    while (run.state === "running") {
      await new Promise(r => setTimeout(r, 2000));
      run = await api("GET", "/api/studio/simulate/" + encodeURIComponent(run.id));
    }
    if (run.state !== "done") { showError(run.error); return; }
    const table = el("table", { id: "sim-table" }, el("tr", {}, ...["", run.edition, run.parent].map(h => el("th", { text: h }))));
    const row = (label, f) => table.append(el("tr", {}, el("td", { text: label }),
      ...["edition", "parent"].map(k => el("td", { text: f(run.results[k]) }))));
    row(`${state.entry.name} を起こしたゲーム`, r => r.entry ? pct(r.entry.raise_rate) : "(なし)");
    row("起こした側の勝率", r => r.entry ? pct(r.entry.raiser_win_rate) : "-");
    row("1ゲームあたり", r => r.entry ? String(r.entry.raises_per_game) : "-");
    row("席0の勝率", r => pct(r.win_rate.seat0));
    out.replaceChildren(table, el("p", { class: "muted", text: "ランダム対ランダム、95% Wilson 区間 (bpdsl balance と同じ数字)" }));
  } catch (e) { showError(e.message); }
}

function extensions(extra) {
  return [CM.basicSetup, CM.yaml(), CM.lintGutter(), extra,
          CM.keymap.of([{ key: "Mod-s", preventDefault: true, run: () => { save(); return true; } }]),
          CM.EditorView.updateListener.of(u => {
            if (u.docChanged) scheduleCheck();
            else if (u.selectionSet) scheduleCheck();
          })];
}

async function init() {
  state.view = new CM.EditorView({ parent: document.getElementById("editor"),
                                   state: CM.EditorState.create({ doc: "", extensions: extensions([]) }) });
  const data = await api("GET", "/api/studio/files");
  state.editions = data.editions;
  const sel = document.getElementById("edition");
  for (const e of data.editions) sel.append(el("option", { value: e.id, text: `${e.name} (${e.id})` }));
  sel.addEventListener("change", () => { fillFormats(); showEntry(); });
  document.getElementById("format").addEventListener("change", showEntry);
  // the project's default edition (else the newest bundled one) and its usual format, never the first listed
  const start = data.default || {};
  if (data.editions.some(e => e.id === start.edition)) sel.value = start.edition;
  fillFormats();
  if ([...document.getElementById("format").options].some(o => o.value === start.format))
    document.getElementById("format").value = start.format;
  const ul = document.getElementById("files");
  const files = [...data.files].sort((a, b) => (b.editable - a.editable) || a.name.localeCompare(b.name));
  for (const f of files) {
    ul.append(el("li", { "data-name": f.name, class: f.editable ? "" : "readonly" },
      el("button", { type: "button", text: f.label || f.name, title: f.name, onclick: () => openFile(f.name) })));
  }
  document.getElementById("save").addEventListener("click", save);
  document.getElementById("reload").addEventListener("click", async () => {
    load(await api("GET", "/api/studio/file?name=" + encodeURIComponent(state.name)));
  });
  document.getElementById("play").addEventListener("click", () => play(true));
  document.getElementById("play-game").addEventListener("click", () => play(false));
  document.getElementById("sheet").addEventListener("click", openSheet);
  document.getElementById("diff").addEventListener("click", showDiff);
  document.getElementById("simulate").addEventListener("click", simulate);
  window.addEventListener("beforeunload", e => { if (dirty()) e.preventDefault(); });
  setInterval(pollDisk, 2000);
  // the file asked for, else the project's first own file, else the default edition's actions
  const own = data.files.find(f => f.editable);
  let ofDefault = null;  // the actions of the default edition, or of the nearest edition it extends that has some
  for (let eid = start.edition, n = 0; eid && !ofDefault && n < data.editions.length; n++) {
    ofDefault = data.files.find(f => f.name.endsWith("/" + eid + "/actions.yaml"));
    eid = (data.editions.find(e => e.id === eid) || {}).extends;
  }
  const first = new URLSearchParams(location.search).get("file") || (own || ofDefault || {}).name;
  if (first) await openFile(first);
}

init().catch(e => showError(e.message));
