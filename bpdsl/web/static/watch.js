// A watcher's page: a spectator (what both seats see, from seat 0's side) or the judge (every card, marked).
// It follows the table by the pushed updates only; it has no decision to take.
"use strict";
const params = new URLSearchParams(location.search);
const table = params.get("table"), role = params.get("role"), token = params.get("token");
const base = "/api/tables/" + encodeURIComponent(table) + "/watch/" + encodeURIComponent(role || "");
const q = "?token=" + encodeURIComponent(token || "");

function render(p) {
  document.getElementById("title").textContent = p.title + " — " + (p.judge ? "ジャッジ" : "観戦");
  const board = document.getElementById("board");
  if (p.judge) board.replaceChildren(el("div", { class: "judge-banner", id: "judge", text: "ジャッジの視点: すべてのカードが見えています" }),
    ...p.board.seats.map((o) => el("div", {}, el("h3", { text: "席" + o.you + " の視点" }), boardEl(o, {}))));
  else board.replaceChildren(boardEl(p.board, {}));
  const r = p.result;
  document.getElementById("who").replaceChildren(el("div", { id: p.over ? "result" : "deciding", "data-decision": String(p.decision_no),
    text: p.over ? (r ? (r.draw ? "引き分け" : "席" + r.winner + " の勝ち") + " (" + r.turns + " ターン)" : "終了しました")
                 : "席" + p.deciding + " の選択を待っています (経過の「あなた」は席0、「相手」は席1)" }));
  // the judge saves the position as a scenario file (it holds every card: the judge's link only)
  document.getElementById("judge-tools").hidden = !p.judge;
  if (p.judge) document.getElementById("save-scenario").href = base + "/scenario" + q;
  const log = document.getElementById("log");
  log.replaceChildren(...p.lines.map((t) => el("li", { text: t })));
  log.scrollTop = log.scrollHeight;
}

(async () => {
  try { render(await api("GET", base + q)); } catch (e) { document.getElementById("error").textContent = e.message; return; }
  const events = new EventSource(base + "/events" + q);
  events.addEventListener("payload", (m) => { const p = JSON.parse(m.data); render(p); if (p.over) events.close(); });
})();
