"use strict";
let catalog = null;

function showMode() {
  const mode = document.getElementById("mode").value;
  for (const m of ["format", "regulation", "scenario"])
    for (const e of document.querySelectorAll(".m-" + m)) e.style.display = m === mode ? "" : "none";
}

function fillFormats() {
  const ed = catalog.editions.find((e) => e.id === document.getElementById("edition").value);
  const f = document.getElementById("format");
  f.replaceChildren(...ed.formats.map((x) => el("option", { value: x.id, text: x.name + " (" + x.id + ")" })));
  const usual = catalog.default && catalog.default.edition === ed.id ? catalog.default.format : "std";
  if (ed.formats.some((x) => x.id === usual)) f.value = usual;
  else if (ed.formats.some((x) => x.id === "std")) f.value = "std";
}

async function init() {
  catalog = await api("GET", "/api/catalog");
  const ed = document.getElementById("edition");
  ed.replaceChildren(...catalog.editions.map((e) => el("option", { value: e.id, text: e.name + " (" + e.id + ")" })));
  // the newest edition (or the project's) in its usual format: what the server names as the default
  const start = catalog.default && catalog.editions.some((e) => e.id === catalog.default.edition)
    ? catalog.default.edition : catalog.editions[0].id;
  ed.value = start;
  fillFormats();
  ed.addEventListener("change", fillFormats);
  document.getElementById("regs").replaceChildren(...catalog.regulations.map((r) => el("option", { value: r })));
  document.getElementById("scenario_file").append(...catalog.scenarios.map((s) => el("option", { value: s, text: s })));
  const opp = document.getElementById("opponent");
  opp.replaceChildren(...catalog.bots.map((b) => el("option", { value: b.id, text: "ボット: " + b.name })),
                      el("option", { value: "person", text: "もう一人 (席ごとの秘密のリンク; 別の機械でも)" }));
  document.getElementById("mode").addEventListener("change", showMode);
  showMode();
}

document.getElementById("new").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const err = document.getElementById("error");
  err.textContent = "";
  const mode = document.getElementById("mode").value;
  const body = { seat: Number(document.getElementById("seat").value),
                 opponent: document.getElementById("opponent").value,
                 seed: document.getElementById("seed").value };
  if (mode === "format") { body.edition = document.getElementById("edition").value; body.format = document.getElementById("format").value; }
  if (mode === "regulation") body.regulation = document.getElementById("regulation").value;
  if (mode === "scenario") {
    const file = document.getElementById("scenario").files[0];
    if (file) body.scenario = await file.text();
    else body.scenario_file = document.getElementById("scenario_file").value;
  }
  try {
    const t = await api("POST", "/api/tables", body);
    if (t.seats.length === 1) { location.href = t.seats[0].url; return; }
    const links = document.getElementById("links");
    links.replaceChildren(el("p", { text: t.title + ": 二人で遊ぶときは、それぞれの席を別のウィンドウで開いてください (相手の画面は見ないこと)。" }),
      ...t.seats.map((s) => el("p", {}, el("a", { href: s.url, target: "_blank", text: "席" + s.seat + " を開く" }))),
      el("p", { class: "muted", text: "観戦とジャッジのリンク (ジャッジはすべてのカードが見えます):" }),
      ...(t.watch || []).map((w) => el("p", {}, el("a", { href: w.url, target: "_blank", class: "watch", "data-role": w.role,
                                                        text: w.role === "judge" ? "ジャッジとして見る" : "観戦する" }))));
  } catch (e) { err.textContent = e.message; }
});

init().catch((e) => { document.getElementById("error").textContent = e.message; });
