"use strict";
const params = new URLSearchParams(location.search);
const table = params.get("table"), seat = Number(params.get("seat")), token = params.get("token");
const base = "/api/tables/" + encodeURIComponent(table) + "/seats/" + seat;
const q = "?token=" + encodeURIComponent(token || "");
let texts = {};
let state = null;

function showText(name) {
  const box = document.getElementById("text");
  const lines = texts[name];
  box.className = "text";
  box.textContent = lines ? lines.join("\n") : name + " (効果の文なし)";
}

// The page reads a payload as the schema the server is tested against describes it
// (/static/seat-payload.schema.json): a payload whose top-level fields or board layout differ from it is said on
// the console (the browser tests fail on any console error), so the page and the server cannot drift apart.
let schema = null;
function checkShape(p) {
  if (!schema) return;
  const known = Object.keys(schema.properties);
  const missing = schema.required.filter((k) => !(k in p));
  const unknown = Object.keys(p).filter((k) => !known.includes(k));
  const b = p.board || {};
  const layout = Array.isArray(b.board) ? "rows" : "blackpoker";
  const need = schema.$defs[layout].required.filter((k) => !(k in b));
  if (missing.length || unknown.length || need.length)
    console.error("payload differs from seat-payload.schema.json:", { missing, unknown, board: need });
}

function render(p) {
  checkShape(p);
  state = p;
  document.getElementById("title").textContent = p.title + " — 席" + p.seat;
  document.getElementById("board").replaceChildren(boardEl(p.board, texts));
  const prompt = document.getElementById("prompt");
  prompt.replaceChildren();
  prompt.dataset.decision = String(p.decision_no);
  if (p.result || p.quit) {
    const r = p.result;
    prompt.append(el("div", { class: "result", id: "result",
      text: r ? r.outcome + " (" + r.turns + " ターン, " + r.reason + ")" : "終了しました (ログは保存できます)" }));
  } else if (p.prompt) {
    prompt.append(el("div", { class: "question", text: p.prompt.question }));
    if (p.prompt.action && texts[p.prompt.action]) {
      prompt.append(el("a", { href: "#", class: "muted", text: "ⓘ " + p.prompt.action + " の効果",
                               onclick: (e) => { e.preventDefault(); showText(p.prompt.action); } }));
    }
    const opts = el("div", { class: "options" });
    const cards = trumpChoice(p.prompt);
    if (cards) document.getElementById("board").prepend(cards);
    for (const o of p.prompt.options) {
      if (cards && isCard(o)) continue;  // on the board, as cards that say what they do
      const b = el("button", { type: "button", class: "option", "data-i": o.i, text: o.i + ": " + o.label,
                               onclick: () => choose(o.i) });
      if (o.entry && texts[o.entry]) {
        b.title = texts[o.entry].join("\n");
        b.append(el("span", { class: "info", text: "ⓘ", title: "効果の文",
                              onclick: (e) => { e.stopPropagation(); showText(o.entry); } }));
        b.addEventListener("mouseenter", () => showText(o.entry));
      }
      opts.append(b);
    }
    prompt.append(opts);
    const hint = passHint(p);
    if (hint) prompt.append(el("p", { class: "hint", id: "hint", text: hint }));
    prompt.append(el("p", { class: "muted keys", text: "キー: 番号 + Enter で選択 / t 番号 + Enter で効果の文 / ? で凡例" }));
  } else if (p.waiting) {
    prompt.append(el("div", { class: "question", text: p.waiting }));
  }
  document.getElementById("notes").replaceChildren(...(p.notes || []).map((n) => el("li", { text: "決定 " + n.decision_no + ": " + n.text })));
  const log = document.getElementById("log");
  log.replaceChildren(...p.lines.map((t) => el("li", { text: t })));
  log.scrollTop = log.scrollHeight;
  document.getElementById("save").href = base + "/log" + q;
  document.getElementById("quit").disabled = p.over;
  document.getElementById("undo").disabled = !p.can_undo;
  undoBox(p);
  follow(p);
}

// A decision about trumps (placing one face down, turning one face up): its cards as cards with the trump's
// name and printed ability (the format's エクストラリスト), on the board where there is room to read them; a
// card that is no trump of the format says so.  The other options (置かない) stay buttons beside.
// The trumps come from the format's printed list (/api/tables/{table}/trumps, public like the hover texts),
// matched to the options by their card: the seat's payload carries no printed text.
let trumpsByCard = {};
function isCard(o) { return /^(?:[♠♡◇♣](?:10|[2-9AJQK])|Joker\d?)$/.test(o.label); }

function trumpChoice(prompt) {
  if (!["trump_place", "trump"].includes(prompt.kind) || !prompt.options.some((o) => trumpsByCard[o.label])) return null;
  const grid = el("div", { class: "trump-grid" });
  for (const o of prompt.options.filter(isCard)) {
    const t = trumpsByCard[o.label];
    const red = /^[♡◇]/.test(o.label) ? " red" : "";
    const card = el("button", { type: "button", class: "trump-card" + (t ? "" : " plain") + red, "data-i": o.i,
                                "data-card": o.label, onclick: () => choose(o.i) },
      el("span", { class: "tc-head" }, el("b", { class: "tc-card", text: o.label }),
         el("span", { class: "tc-name", text: t ? t.name : "能力なし" }), el("span", { class: "tc-i", text: String(o.i) })),
      t ? el("span", { class: "tc-text", text: t.text.slice(1).join("\n") })
        : el("span", { class: "tc-text muted", text: "この形式の切札ではありません (裏向きに置くことはできます)" }),
      t && t.brings.length ? el("span", { class: "tc-brings", text: "アクション・キャラクター: " + t.brings.join("、") }) : null);
    grid.append(card);
  }
  return el("section", { class: "area trump-choice", id: "trump-choice" }, el("h3", { text: prompt.question }), grid);
}

// The format's trumps (the 切札 list of the sheet), readable all game long: the opponent's face-up trumps too.
async function trumpList() {
  let list = [];
  try { list = (await api("GET", "/api/tables/" + encodeURIComponent(table) + "/trumps")).trumps; } catch (e) { list = []; }
  trumpsByCard = Object.fromEntries(list.map((t) => [t.card, t]));
  const box = document.getElementById("trump-list");
  if (!box || !list.length) return;
  box.hidden = false;
  box.querySelector("summary").textContent = "この形式の切札 (" + list.length + ")";
  box.append(el("ul", { class: "trump-list" }, ...list.map((t) =>
    el("li", {}, el("b", { text: t.card + " " + t.name }), el("div", { class: "text", text: t.text.slice(1).join("\n") }),
       t.brings.length ? el("div", { class: "muted", text: "アクション・キャラクター: " + t.brings.join("、") }) : null))));
}

// Undo by agreement: a seat asks to take the last decision back; the other seat is shown the request and
// accepts or refuses it through its own page (the server records an accepted undo in the game's log).
function undoBox(p) {
  const box = document.getElementById("undo-box");
  const u = p.undo;
  box.replaceChildren();
  box.hidden = !u;
  if (!u) return;
  if (u.state === "asked" && u.mine) box.append(el("p", { text: "直前の決定の取り消しを求めました。相手の返事を待っています。" }));
  else if (u.state === "asked") {
    box.append(el("p", { text: "相手が直前の決定の取り消しを求めています。" }),
               el("button", { type: "button", id: "undo-accept", text: "同意する", onclick: () => answerUndo(true) }),
               el("button", { type: "button", id: "undo-refuse", text: "断る", onclick: () => answerUndo(false) }));
  } else box.append(el("p", { text: u.mine ? "相手は取り消しを断りました。" : "取り消しを断りました。" }));
}

async function answerUndo(accept) {
  try { render(await api("POST", base + "/undo/answer" + q, { accept })); }
  catch (e) { document.getElementById("error").textContent = e.message; await refresh(); }
}

// The server pushes every change (server-sent events) while the game goes on: the other seat's choice, and
// an undo asked or answered (which may come while this seat decides). The browser's EventSource reconnects
// by itself after a dropped connection, and a reload starts again from the payload.
let events = null;
function follow(p) {
  if (!p.over && !events && window.EventSource) {
    events = new EventSource(base + "/events" + q);
    events.addEventListener("payload", (m) => {
      const next = JSON.parse(m.data);
      if (!state || next.decision_no !== state.decision_no || next.over !== state.over ||
          JSON.stringify(next.undo) !== JSON.stringify(state.undo) || next.can_undo !== state.can_undo) render(next);
    });
  }
  if (p.over && events) { events.close(); events = null; }
}

// A pass that changes nothing: the turn player's pass with an empty stage only gives the chance back (the
// turn ends by raising エンド), so the page says so instead of letting the log fill with passes.
function passHint(p) {
  const b = p.board;
  if (p.prompt.kind !== "action" || !b || !Array.isArray(b.stage) || b.stage.length || b.turn !== p.seat) return "";
  const end = p.prompt.options.find((o) => /^エンド/.test(o.label));
  if (!end) return "";
  return "ステージが空のときのパスは何も起こしません。ターンを終えるには " + end.i + ": " + end.label + " を選びます。";
}

// Keyboard shortcuts, as in the terminal (bpdsl play): a number and Enter takes that option, t and a number
// shows its printed text, ? the legend.
let typed = "";
function onKey(e) {
  if (e.target && /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) return;
  const keys = document.getElementById("typed");
  if (/^[0-9]$/.test(e.key) || (e.key === "t" && typed === "")) typed += e.key;
  else if (e.key === "Backspace") typed = typed.slice(0, -1);
  else if (e.key === "Escape") typed = "";
  else if (e.key === "?") { document.getElementById("legend").scrollIntoView(); document.getElementById("legend").classList.add("flash"); }
  else if (e.key === "Enter" && typed) {
    const text = typed.startsWith("t"), n = Number(typed.replace("t", ""));
    typed = "";
    const opt = state && state.prompt && state.prompt.options.find((o) => o.i === n);
    if (opt && text) showText(opt.entry || opt.label);
    else if (opt) choose(n);
    e.preventDefault();
  } else return;
  if (keys) keys.textContent = typed ? "入力: " + typed : "";
}
document.addEventListener("keydown", onKey);

async function refresh() {
  try { render(await api("GET", base + q)); } catch (e) { document.getElementById("error").textContent = e.message; }
}

async function choose(i) {
  const err = document.getElementById("error");
  err.textContent = "";
  for (const b of document.querySelectorAll(".options button")) b.disabled = true;
  try { render(await api("POST", base + "/choose" + q, { decision: state.decision_no, option: i })); }
  catch (e) { err.textContent = e.message; await refresh(); }
}

document.getElementById("note-form").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const box = document.getElementById("note");
  if (!box.value.trim()) return;
  try { render(await api("POST", base + "/notes" + q, { text: box.value })); box.value = ""; }
  catch (e) { document.getElementById("error").textContent = e.message; }
});

document.getElementById("undo").addEventListener("click", async () => {
  try { render(await api("POST", base + "/undo" + q)); } catch (e) { document.getElementById("error").textContent = e.message; }
});

document.getElementById("quit").addEventListener("click", async () => {
  if (!confirm("ゲームを終了しますか？ (ログは保存できます)")) return;
  try { render(await api("POST", base + "/quit" + q)); } catch (e) { document.getElementById("error").textContent = e.message; }
});

(async () => {
  try { texts = await api("GET", "/api/tables/" + encodeURIComponent(table) + "/texts"); } catch (e) { texts = {}; }
  try { schema = await (await fetch("/static/seat-payload.schema.json")).json(); } catch (e) { schema = null; }
  await trumpList();
  await refresh();
})();
