// Shared helpers of the sandbox pages: DOM building with textContent only (never innerHTML), JSON calls,
// and the board drawn from a seat's observation.
"use strict";

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c instanceof Node ? c : String(c));
  return e;
}

async function api(method, url, body) {
  // X-Bpdsl-Client: a header no page of another site can send here (the server refuses changes without it)
  const opts = { method, headers: { "X-Bpdsl-Client": "1" } };
  if (body !== undefined) {
    opts.headers["Content-Type"] = typeof body === "string" ? "text/plain" : "application/json";
    opts.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  const r = await fetch(url, opts);
  const data = await r.json().catch(() => ({ error: "HTTP " + r.status }));
  if (!r.ok) throw new Error(data.error || ("HTTP " + r.status));
  return data;
}

function cardEl(text) {
  if (text === "?" ) return el("span", { class: "card back", title: "裏向き", text: "?" });
  const red = /[♡◇]/.test(text);
  return el("span", { class: "card" + (red ? " red" : ""), text });
}

function cardsEl(list) {
  const span = el("span", { class: "cards" });
  for (const c of list || []) span.append(cardEl(c));
  if (!list || !list.length) span.append(el("span", { class: "muted", text: "-" }));
  return span;
}

// 切札: a list of cards (the owner's view of a format without エクストラ's faces), or エクストラ's
// {face_up, face_down_count, face_down (the owner only)}: face-up trumps are public, face-down ones are backs
// to the opponent and marked 裏 for their owner (3.12.1)
function trumpEl(trump, count, mine) {
  if (Array.isArray(trump)) return cardsEl(trump);
  if (!trump) return el("span", { text: count + "枚" });
  const span = el("span", { class: "cards trumps" });
  for (const c of trump.face_up || []) span.append(el("span", { class: "trump up", title: "表 (能力が有効)" }, cardEl(c)));
  if (trump.face_down) {
    for (const c of trump.face_down)
      span.append(el("span", { class: "trump down", title: "裏 (相手には見えない)" }, cardEl(c), el("small", { text: "裏" })));
  } else {
    for (let k = 0; k < (trump.face_down_count || 0); k++)
      span.append(el("span", { class: "trump down", title: "裏向きの切札" }, cardEl("?")));
  }
  if (!span.childNodes.length) span.append(el("span", { class: "muted", text: "-" }));
  return span;
}

function who(seat, me) { return seat === me ? "あなた" : "相手"; }

function charEl(ch, texts) {
  const box = el("span", { class: "char" + (ch.driven ? " driven" : ""), "data-char": ch.id });
  box.append(cardsEl(ch.cards));
  const name = ch.name + (ch.face_up ? "" : " (裏向き)");
  const nameEl = el("span", { class: "name", text: name });
  if (texts && texts[ch.name]) nameEl.title = texts[ch.name].join("\n");
  box.append(nameEl);
  box.append(el("span", { class: "state", text: (ch.driven ? "(D) ドライブ" : "(C) チャージ") +
                                                 (ch.size !== null && ch.size !== undefined ? " サイズ" + ch.size : "") }));
  return box;
}

function sideEl(p, me, texts, title) {
  const mine = p.seat === me;
  const area = el("div", { class: "area", "data-seat": p.seat });
  area.append(el("h3", { text: title }));
  const row1 = el("div", { class: "row" });
  row1.append(el("span", {}, el("span", { class: "label", text: "ライフ" }), el("b", { class: "life", text: String(p.life) })));
  row1.append(el("span", {}, el("span", { class: "label", text: "手札" }), el("b", { text: p.hand_count + "枚" })));
  row1.append(el("span", {}, el("span", { class: "label", text: "墓地" }), String(p.grave_count) + "枚 上: ",
                 p.grave_top ? cardEl(p.grave_top) : "-"));
  if (p.trump_count || (p.trump && (p.trump.length || p.trump.face_down_count || (p.trump.face_up || []).length)))
    row1.append(el("span", {}, el("span", { class: "label", text: "切札" }), trumpEl(p.trump, p.trump_count, mine)));
  area.append(row1);
  if (p.fog && p.fog.length) area.append(el("div", { class: "row" }, el("span", { class: "label", text: "フォグ" }), cardsEl(p.fog)));
  if (p.pack) {
    const pk = el("div", { class: "row" }, el("span", { class: "label", text: "パック" }),
                  p.pack.count + "枚 " + (p.pack.face_up ? "(表向き)" : "(裏向き)"));
    if (p.pack.face_up) pk.append(cardsEl(p.pack.cards));
    area.append(pk);
  }
  const field = el("div", { class: "row field" }, el("span", { class: "label", text: "場" }));
  if (!p.field.length) field.append(el("span", { class: "muted", text: "-" }));
  for (const ch of p.field) field.append(charEl(ch, texts));
  area.append(field);
  if (mine && p.hand) area.append(el("div", { class: "row hand" }, el("span", { class: "label", text: "手札" }), cardsEl(p.hand)));
  return area;
}

// The board of a BlackPoker observation (or the rows a game lays out itself, e.g. Black Doubt).
function boardEl(obs, texts) {
  const me = obs.you;
  const box = el("div", { class: "board" });
  const passed = (obs.passed || []).map((s) => who(s, me)).join(", ") || "なし";
  box.append(el("div", { class: "status" },
    el("span", {}, "ターン ", el("b", { text: String(obs.turn_no) })),
    el("span", {}, "ターンプレイヤー: ", el("b", { class: "turn", text: who(obs.turn, me) })),
    el("span", {}, "チャンス: ", el("b", { class: "chance", text: who(obs.chance, me) })),
    el("span", {}, "パス記録: ", el("b", { text: passed }))));
  if (obs.board) {
    const t = el("table", { class: "rows" });
    t.append(el("tr", {}, el("th", { text: "" }), el("th", { text: "あなた" }), el("th", { text: "相手" })));
    for (const [label, mine, theirs] of obs.board)
      t.append(el("tr", {}, el("td", { text: String(label) }), el("td", { text: String(mine) }), el("td", { text: String(theirs) })));
    box.append(t);
    return box;
  }
  const opp = obs.players[1 - me], mine = obs.players[me];
  box.append(sideEl(opp, me, texts, "相手 (席" + opp.seat + ")"));
  const stage = el("div", { class: "stage" }, el("span", { class: "label", text: "ステージ (下から順; 上から解決)" }));
  if (!obs.stage.length) stage.append(el("span", { class: "muted", text: " 空" }));
  else {
    const ol = el("ol", {});
    for (const x of obs.stage) {
      const li = el("li", {}, el("b", { text: x.action }), " (" + who(x.controller, me) + ") キー: ",
                    cardsEl(x.keys), x.target ? " 対象: " + x.target : "");
      if (texts && texts[x.action]) li.title = texts[x.action].join("\n");
      ol.append(li);
    }
    stage.append(ol);
  }
  box.append(stage);
  box.append(sideEl(mine, me, texts, "あなた (席" + mine.seat + ")"));
  return box;
}
