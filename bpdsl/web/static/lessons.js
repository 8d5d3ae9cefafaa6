// The Lessons page: the course, then one lesson played from the learner's seat (bpdsl.web.lessons).
// Every text is set with textContent; only the explanation is HTML, rendered by the server from Markdown
// with raw HTML disabled.
"use strict";

let session = null;   // {id, token}
let current = null;   // the lesson's summary
let hintsShown = 0;

function $(id) { return document.getElementById(id); }

function showError(e) { $("error").textContent = e ? String(e.message || e) : ""; }

async function loadCourse() {
  const data = await api("GET", "/api/lessons");
  const ol = $("course");
  ol.textContent = "";
  for (const x of data.lessons) {
    const b = el("button", { type: "button", class: "lesson", "data-lesson": x.id, text: x.title,
                             onclick: () => start(x.id).catch(showError) });
    ol.append(el("li", {}, b, " ", el("span", { class: "muted", text: x.goal })));
  }
}

async function start(id) {
  showError(null);
  const s = await api("POST", "/api/lessons/" + encodeURIComponent(id) + "/sessions", {});
  session = { id: s.session, token: s.token };
  hintsShown = 0;
  $("hint-text").textContent = "";
  render(await api("GET", url("")));
}

function url(tail) {
  return "/api/lessons/sessions/" + encodeURIComponent(session.id) + tail + "?token=" + encodeURIComponent(session.token);
}

function render(p) {
  document.body.dataset.renders = String(Number(document.body.dataset.renders || 0) + 1);  // tests wait on it
  current = p.lesson;
  $("lesson").hidden = false;
  $("lesson-title").textContent = p.lesson.title + " (" + p.edition + " " + p.lesson.format + ")";
  $("explanation").innerHTML = p.lesson.explanation_html;  // server-rendered Markdown, raw HTML escaped
  $("goal").textContent = p.lesson.goal;
  $("teaches").textContent = "学ぶルール: " + p.lesson.teaches.join(" / ");
  $("board").textContent = "";
  $("board").append(boardEl(p.board, {}));
  const status = { playing: "挑戦中", reached: "クリア！", failed: "ゴールに届きませんでした" }[p.status];
  $("status").textContent = status;
  $("status").dataset.status = p.status;
  $("message").textContent = p.message || "";
  $("reasons").textContent = "";
  for (const r of p.reasons || []) $("reasons").append(el("li", { text: r }));
  $("hint").disabled = !(p.lesson.hints || []).length || p.status !== "playing";
  $("restart").disabled = false;
  const box = $("prompt");
  box.textContent = "";
  if (!p.prompt) {
    box.append(el("p", { class: "muted", text: p.status === "reached" ? "次のレッスンへ進みましょう。" : "やり直すを押してもう一度。" }));
    return;
  }
  box.append(el("h2", { text: p.prompt.question }));
  const list = el("div", { class: "options" });
  p.prompt.labels.forEach((label, i) => {
    list.append(el("button", { type: "button", class: "option", "data-option": String(i), text: label,
                               onclick: () => choose(i).catch(showError) }));
  });
  box.append(list);
}

async function choose(i) {
  showError(null);
  render(await api("POST", url("/choose"), { option: i }));
}

$("hint").addEventListener("click", () => {
  const hints = (current && current.hints) || [];
  if (hintsShown < hints.length) $("hint-text").textContent = hints[hintsShown++];
});
$("restart").addEventListener("click", () => { if (current) start(current.id).catch(showError); });

loadCourse().catch(showError);
