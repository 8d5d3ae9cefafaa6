"use strict";
let replay = null, steps = 0, step = 0;

async function show() {
  if (!replay) return;
  const view = document.getElementById("view").value;
  const err = document.getElementById("error");
  err.textContent = "";
  let p;
  try { p = await api("GET", "/api/replays/" + encodeURIComponent(replay) + "?step=" + step + "&view=" + view); }
  catch (e) { err.textContent = e.message; return; }
  document.getElementById("title").textContent = p.title;
  document.getElementById("pos").textContent = "決定 " + p.step + " / " + p.steps;
  const banner = document.getElementById("banner");
  banner.replaceChildren(
    p.not_genuine ? el("div", { class: "not-genuine", id: "not-genuine", role: "alert",
      text: p.not_genuine + " — このログは改変されています。記録どおりのゲームとは限りません" }) : "",
    p.judge ? el("div", { class: "judge-banner", id: "judge",
      text: "ジャッジの視点: 両方の席の非公開のカード (手札・裏向きのカード) を表示しています" }) : "");
  const board = document.getElementById("board");
  if (p.judge) board.replaceChildren(...p.board.seats.map((o) => el("div", {}, el("h3", { text: "席" + o.you + " の視点" }), boardEl(o, {}))));
  else board.replaceChildren(boardEl(p.board, {}));
  const d = document.getElementById("decision");
  d.replaceChildren(el("h2", { text: "この時点の決定" }));
  if (p.result) d.append(el("div", { class: "result", text: "ゲーム終了: " + (p.result.draw ? "引き分け" : "席" + p.result.winner + " の勝ち") + " (" + p.result.reason + ")" }));
  else if (p.pending) {
    d.append(el("div", { text: "席" + p.pending.player + ": " + p.pending.question }));
    const ul = el("ol", { start: "0" });
    p.pending.options.forEach((o, i) => ul.append(el("li", { text: o + (i === p.pending.chosen ? "  ← 選んだ" : "") })));
    d.append(ul);
  }
  const log = document.getElementById("log");
  log.replaceChildren(...p.lines.map((t) => el("li", { text: t })));
  log.scrollTop = log.scrollHeight;
}

function go(n) { step = Math.max(0, Math.min(steps, n)); show(); }

document.getElementById("file").addEventListener("change", async (ev) => {
  const file = ev.target.files[0];
  if (!file) return;
  try {
    const r = await api("POST", "/api/replays", await file.text());
    replay = r.replay; steps = r.steps; step = 0;
    show();
  } catch (e) { document.getElementById("error").textContent = e.message; }
});
document.getElementById("view").addEventListener("change", show);
document.getElementById("first").addEventListener("click", () => go(0));
document.getElementById("prev").addEventListener("click", () => go(step - 1));
document.getElementById("next").addEventListener("click", () => go(step + 1));
document.getElementById("last").addEventListener("click", () => go(steps));
document.addEventListener("keydown", (e) => { if (e.key === "ArrowRight") go(step + 1); if (e.key === "ArrowLeft") go(step - 1); });
